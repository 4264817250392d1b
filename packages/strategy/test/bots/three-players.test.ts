import { describe, expect, it } from 'vitest';
import { legalActions, lean, preset, seededDice, type GameState } from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import { createBot, exactLoss, exactThreeBot } from '../../src/bots/index.ts';
import { playGame } from '../../src/simulate/play-game.ts';
import { solveThreePlayer, ThreePlayerSolution } from '../../src/solver/three-player.ts';

const rules = { ...preset('classic'), target: 300 };
const sol = solveThreePlayer(rules);
if (!(sol instanceof ThreePlayerSolution)) throw new Error(sol.message);

describe('three players', () => {
  it('optimal and the exact bot finish games against expected with legal moves only', () => {
    const sc = { ...preset('serendipity-creak'), target: 1000 };
    const dice = seededDice(3);
    let shares = 0;
    for (let g = 0; g < 30; g++) {
      const o = playGame(
        sc,
        [createBot('optimal', sc, g), createBot('expected', sc, g), createBot('expected', sc, g)],
        dice,
        g % 3,
      );
      shares += o.winners.length;
    }
    expect(shares).toBeGreaterThanOrEqual(30);
    const ex = createBot('expected', rules, 1);
    for (let g = 0; g < 30; g++) playGame(rules, [exactThreeBot(sol), ex, ex], dice, g % 3);
  });

  it('the middle turn of the final round is valued exactly as the three-player solver does', () => {
    // Seat 2 has banked 450 (the target is 300): seat 0 plays, seat 1 is still to come.
    let checked = 0;
    for (const [a, b, c] of [
      [100, 250, 450],
      [0, 200, 300],
      [250, 250, 350],
    ] as const) {
      const s: GameState = lean.initialState(rules, 3, 0);
      s.scores = [a, b, c];
      s.onBoard = [a > 0, b > 0, c > 0];
      s.finalRound = { by: 2, turnsLeft: 2 };
      s.offer = { points: 150, dice: 3 };
      s.phase = 'choose';
      const advice = advise(s, 'win');
      const legal = legalActions(s);
      for (const o of advice.options) {
        const act = legal.find((x) => x.type === o.move.type)!;
        expect(exactLoss(s, sol, act)).toBeCloseTo(advice.options[0]!.value - o.value, 12);
        checked++;
      }
    }
    expect(checked).toBe(6);
  });
});
