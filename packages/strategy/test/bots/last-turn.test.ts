import { describe, expect, it } from 'vitest';
import {
  applyAction,
  legalActions,
  lean,
  preset,
  seededDice,
  type Action,
  type GameState,
  type RuleSet,
} from '@zilch/engine';
import { legalFor } from '../../src/bots/advised.ts';
import { candidates } from '../../src/advisor/candidates.ts';
import { lastTurnCase, lastTurnValuer } from '../../src/advisor/last-turn.ts';
import { advise } from '../../src/advisor/index.ts';
import { createBot, type BotId } from '../../src/bots/index.ts';

/** Low targets keep games short; every rule of each preset stays on. */
const PRESETS: [string, RuleSet][] = [
  ['hot-dice', { ...preset('hot-dice'), target: 2000 }],
  ['ten-dice', { ...preset('ten-dice'), target: 3000 }],
  ['zilch-online', { ...preset('zilch-online'), target: 2000 }],
  ['serendipity-creak', { ...preset('serendipity-creak'), target: 1500 }],
];

interface Tally {
  finalTurns: number;
  lastTurns: number;
  /** Banks in the final round that leave the player below the best other score, while rolling on could still win. */
  losingBanks: number;
}

/**
 * Hot Dice's two-player solve takes about half a minute of CPU even at a low target (the
 * opponent's last turns up to its ceiling), too long here: its bots get no solution and play
 * expected points outside last turns; the solve has its own tests (solver/doubling.test.ts).
 */
const noSolve = { solutions: { solution: () => null } };

/** Plays games of 2 and 3 seats mixing `expected` and `optimal`, watching every final-round bank. */
function selfPlay(rules: RuleSet, games: number, pointsOnly = false): Tally {
  const dice = seededDice(13);
  const tally: Tally = { finalTurns: 0, lastTurns: 0, losingBanks: 0 };
  for (let g = 0; g < games; g++) {
    const players = 2 + (g % 2);
    const ids: BotId[] = Array.from({ length: players }, (_, i) =>
      (g + i) % 2 ? 'optimal' : 'expected',
    );
    const bots = ids.map((id, i) =>
      pointsOnly
        ? pointsBot
        : createBot(id, rules, g * 8 + i, rules.hotDiceDoubling ? noSolve : {}),
    );
    let s: GameState = lean.initialState(rules, players, g % players);
    let turn = -1;
    while (s.phase !== 'over') {
      if (s.finalRound && s.turnNumber !== turn) {
        turn = s.turnNumber;
        tally.finalTurns++;
        if (s.finalRound.turnsLeft <= 1) tally.lastTurns++;
      }
      const action = bots[s.current]!.decide(s);
      const banks = action.type === 'bank' || (action.type === 'keep' && action.then === 'bank');
      if (s.finalRound && banks) {
        const me = s.current;
        const cands = candidates(s);
        const c = lastTurnCase(s, cands)!;
        const value = lastTurnValuer(s, c);
        const gain =
          action.type === 'bank'
            ? s.turn.total
            : cands.find(
                (x) =>
                  x.after.kind === 'bank' &&
                  x.move.type === 'keep' &&
                  x.move.dice.join() === action.dice.join(),
              )!.after.total;
        const best = Math.max(...s.scores.filter((_, i) => i !== me));
        const rollOn = Math.max(...cands.filter((x) => x.after.kind === 'roll').map(value));
        if (s.scores[me]! + gain < best && rollOn > 0) tally.losingBanks++;
      }
      const r = applyAction(s, action, dice);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
  }
  return tally;
}

/** The control: expected points everywhere, last turns included (the old `expected`). */
const pointsBot = {
  decide(s: GameState): Action {
    const legal = legalActions(s);
    for (const o of advise(s, 'points').options) {
      const a = legalFor(s, o.move, legal);
      if (a) return a;
    }
    return legal[0]!;
  },
};

describe('last turns', () => {
  it('the count of banks behind finds them when last turns are played for points (control)', () => {
    const t = selfPlay(PRESETS[2]![1], 100, true);
    console.log(
      `points on last turns, zilch-online to 2,000, 100 games: ${t.losingBanks} banks behind`,
    );
    expect(t.losingBanks).toBeGreaterThan(10);
  });

  it.each(PRESETS)(
    '%s: expected and optimal never bank behind in the final round (200 games)',
    (_id, rules) => {
      const t = selfPlay(rules, 200);
      expect(t.lastTurns).toBeGreaterThan(100);
      expect(t.finalTurns).toBeGreaterThan(t.lastTurns);
      expect(t.losingBanks).toBe(0);
    },
  );

  it.each([
    ['classic + growing sets', { ...preset('classic'), target: 2000, setDoubling: true }],
    [
      'serendipity-creak + first-roll mercy of 50',
      { ...preset('serendipity-creak'), target: 1500, firstRollMercy: { points: 50 } },
    ],
  ] as [string, RuleSet][])(
    '%s (issue 14): expected and optimal never bank behind in the final round (100 games)',
    (_id, rules) => {
      const t = selfPlay(rules, 100);
      expect(t.lastTurns).toBeGreaterThan(50);
      expect(t.losingBanks).toBe(0);
    },
  );

  it('the coach values a last turn of three players (hot-dice)', () => {
    const rules = preset('hot-dice');
    const s = lean.initialState(rules, 3, 0);
    s.scores = [10_200, 9_000, 9_500];
    s.onBoard = [true, true, true];
    s.finalRound = { by: 0, turnsLeft: 1 };
    s.current = 2;
    s.phase = 'decide';
    s.turn.rolls = 1;
    s.turn.total = 650;
    s.turn.available = 3;
    const a = advise(s, 'auto');
    expect(a.kind).toBe('win');
    // 10,150 loses to 10,200: the bank is worth nothing, rolling three dice is worth something.
    expect(a.options[0]!.move.type).toBe('roll');
    expect(a.options[0]!.value).toBeGreaterThan(0.1);
    expect(a.options.find((o) => o.move.type === 'bank')!.value).toBe(0);
    // In 'points' mode the coach still gives expected points unless asked for last turns.
    expect(advise(s, 'points').kind).toBe('points');
    expect(advise(s, 'points', { lastTurns: true }).kind).toBe('win');
  });

  it('finds the last turn of a game of fixed rounds and of a tie-break play-off', () => {
    const rules: RuleSet = { ...preset('classic'), rounds: 3, ties: 'play-off' };
    const s = lean.initialState(rules, 2, 0);
    s.scores = [1_500, 2_000];
    s.current = 0;
    s.turnNumber = 5;
    expect(lastTurnCase(s, candidates(s))).toBeNull();
    s.turnNumber = 6;
    // The last turn; a tie would go to a play-off, so the tie's ½ is not exact.
    expect(lastTurnCase(s, candidates(s))).toMatchObject({
      kind: 'final',
      exact: false,
      goal: { win: 11, tieShare: 0.5 },
    });
    // A play-off between seats 1 and 0 (in turn order): seat 0 plays its last turn.
    s.winners = [1, 0];
    s.scores = [2_000, 2_400];
    expect(lastTurnCase(s, candidates(s))).toMatchObject({ kind: 'final', goal: { win: 9 } });
    s.current = 1;
    expect(lastTurnCase(s, candidates(s))).toBeNull();
  });

  it('first to the target: a bank that reaches it is taken, by every advised level', () => {
    const rules = { ...preset('farkle-2017'), target: 3000 };
    const s = lean.initialState(rules, 3, 0);
    s.scores = [2_600, 1_000, 2_000];
    s.onBoard = [true, true, true];
    s.phase = 'decide';
    s.turn.rolls = 1;
    s.turn.total = 400;
    s.turn.available = 6;
    for (const id of ['expected', 'optimal'] as const)
      expect(createBot(id, rules, 1).decide(s).type).toBe('bank');
    // Expected points alone would roll six dice on 400.
    expect(advise(s, 'points').options[0]!.move.type).toBe('roll');
  });
});
