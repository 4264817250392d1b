import { describe, expect, it } from 'vitest';
import { applyAction, lean, legalActions, preset, seededDice } from '@zilch/engine';
import type { Action, GameState, RuleSet } from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import { createBot, type BotId } from '../../src/bots/index.ts';
import { lockRace, lockRaceUnsupported } from '../../src/solver/lock-race.ts';
import { solveTurn } from '../../src/solver/turn.ts';
import { bruteGame, type Policy0 } from './brute-game.ts';
import { tiny } from './tiny-rules.ts';

/** Ten Dice made small: its scoring (4 of a kind and up 1,000 a die), lock and offers, fewer dice. */
function reducedTenDice(dice: number, target: number): RuleSet {
  const ten = preset('ten-dice');
  return tiny(dice, {
    name: `ten-dice-${dice}`,
    target,
    end: 'final-round',
    offers: { afterHotDice: true },
    lockOnHotDice: true,
    straights: [],
    ofAKind: ten.ofAKind.map((row) => row.slice(0, Math.max(0, dice - 2))),
  });
}

/** A bot as a brute-force policy: its action, or the plain keep the brute force splits it into. */
function policyOf(id: BotId, rules: RuleSet): Policy0 {
  const bot = createBot(id, rules, 1);
  const key = (a: unknown): string => JSON.stringify(a);
  return (s: GameState, actions: readonly Action[]) => {
    const a = bot.decide(s);
    const hit =
      actions.find((x) => key(x) === key(a)) ??
      (a.type === 'keep'
        ? actions.find((x) => x.type === 'keep' && key(x.dice) === key(a.dice))
        : undefined);
    // The brute force forces a bank above its cap on the running total.
    return hit ?? actions[0]!;
  };
}

describe('lock race (Ten Dice, two players)', () => {
  it('models the Ten Dice preset and refuses what it does not model', () => {
    expect(lockRaceUnsupported(preset('ten-dice'))).toBeNull();
    expect(lockRaceUnsupported(preset('serendipity-creak'))).toMatch(/lock/);
    expect(lockRaceUnsupported({ ...preset('ten-dice'), bankMinimum: 300 })).toMatch(/minimum/);
  });

  it("the turn distribution is expected play's: it sums to 1 and its mean is the expected turn", () => {
    const rules = reducedTenDice(5, 3000);
    const race = lockRace(rules);
    let sum = 0;
    let mean = 0;
    race.P.forEach((p, x) => {
      sum += p;
      mean += p * x * 50;
    });
    expect(Math.abs(sum + race.lost - 1)).toBeLessThan(1e-12);
    expect(Math.abs(mean - solveTurn(rules).expectedTurn)).toBeLessThan(1e-6);
  });

  it('the chain values every position strictly inside (0, 1), and moving beats passing the turn', () => {
    const race = lockRace(reducedTenDice(4, 2000));
    // The player on turn is never worse off than one who passed the turn (a zilch at once).
    for (let a = 0; a < race.T; a += 7)
      for (let b = 0; b < race.T; b += 5) {
        const w = race.win(a, b);
        expect(w).toBeGreaterThanOrEqual(1 - race.win(b, a) - 1e-12);
        expect(w).toBeGreaterThan(0);
        expect(w).toBeLessThan(1);
      }
  });

  it('optimal plays legal moves on Ten Dice and values them as chances to win', () => {
    const rules = { ...preset('ten-dice'), target: 6000 };
    const dice = seededDice(3);
    let winAdvice = 0;
    for (let g = 0; g < 4; g++) {
      const bots = [createBot('optimal', rules, g), createBot('expected', rules, g)];
      let s: GameState = lean.initialState(rules, 2, g % 2);
      while (s.phase !== 'over') {
        const a = bots[s.current]!.decide(s);
        if (s.current === 0) {
          expect(legalActions(s)).toContainEqual(a);
          const advice = advise(s, 'win');
          if (advice.kind === 'win' && !s.finalRound) {
            winAdvice++;
            for (const o of advice.options) expect(o.value).toBeGreaterThanOrEqual(0);
            for (const o of advice.options) expect(o.value).toBeLessThanOrEqual(1 + 1e-9);
          }
        }
        const r = applyAction(s, a, dice);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        s = r.state;
      }
    }
    // Outside the final round the lock race, not expected points, ranked its moves.
    expect(winAdvice).toBeGreaterThan(10);
  }, 300_000);

  // Exact play by value iteration over the engine's own game states (brute-game.ts): the
  // loss of `optimal` (player 0 moving first, against player 1's exact play) is measured
  // and must stay within the bound docs/solver.md quotes, and below `expected`'s.
  // ZILCH_LOCK_RACE_REDUCED=3,300 measures a larger variant (docs/solver.md; ~10 min).
  const [dice, target] = (process.env.ZILCH_LOCK_RACE_REDUCED ?? '2,200').split(',').map(Number);
  it(`loses less than expected against exact play on reduced Ten Dice (${dice} dice, target ${target})`, () => {
    const rules = reducedTenDice(dice!, target!);
    const opt = bruteGame(rules, target! + 400, undefined, -Infinity, policyOf('optimal', rules));
    const exp = bruteGame(rules, target! + 400, undefined, -Infinity, policyOf('expected', rules));
    const lossOpt = opt.value - opt.policyValue!;
    const lossExp = exp.value - exp.policyValue!;
    console.log(
      `reduced ten-dice ${dice}/${target}: ${opt.states} states, exact ${opt.value.toFixed(6)}, ` +
        `optimal ${opt.policyValue!.toFixed(6)} (loss ${lossOpt.toFixed(6)}), ` +
        `expected ${exp.policyValue!.toFixed(6)} (loss ${lossExp.toFixed(6)})`,
    );
    expect(lossOpt).toBeGreaterThanOrEqual(-1e-12);
    expect(lossOpt).toBeLessThan(lossExp);
    if (dice === 2 && target === 200) expect(lossOpt).toBeLessThan(LOSS_BOUND);
  }, 1_200_000);
});

/** The measured loss of `optimal` on 2-dice Ten Dice to 200 (docs/solver.md: 0.006307). */
const LOSS_BOUND = 0.0065;
