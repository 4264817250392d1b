import { describe, expect, it } from 'vitest';
import { applyInPlace, lean, preset, scoringTable, seededDice } from '@zilch/engine';
import { createBot } from '../../src/bots/index.ts';
import { ExpectedRace, ExpectedTurn } from '../../src/solver/expected-race.ts';
import { flatGroups } from '../../src/solver/groups-flat.ts';
import { UNIT } from '../../src/solver/outcomes.ts';

describe('the expected bot as a Markov chain', () => {
  const rules = preset('serendipity-creak');
  const turn = new ExpectedTurn(flatGroups(rules), rules.target / UNIT + 200, 0);
  const d = turn.fresh;

  it('banks a distribution whose mean is the points solver’s value of the turn', () => {
    const total = d.reduce((s, p) => s + p, 0);
    const mean = d.reduce((s, p, k) => s + p * k, 0);
    expect(total).toBeCloseTo(1, 12);
    // The lumped tail (< 1e-7 of the chance) moves the mean by less than 1e-4 units.
    expect(Math.abs(mean - turn.rollValue(0, rules.dice))).toBeLessThan(1e-4);
  });

  it('matches the real expected bot’s turns (4,000 fresh turns through the engine)', () => {
    const table = scoringTable(rules);
    const dice = seededDice(11);
    const bot = createBot('expected', rules, 1);
    const games = 4000;
    let zilch = 0;
    let sum = 0;
    let big = 0;
    for (let g = 0; g < games; g++) {
      const s = lean.initialState(rules, 3, 0);
      while (s.turnNumber === 1 && s.phase !== 'over') {
        const err = applyInPlace(s, bot.decide(s), dice, null, table);
        if (err) throw new Error(err.message);
      }
      const k = s.scores[0]! / UNIT;
      if (k === 0) zilch++;
      if (k >= 20) big++;
      sum += k;
    }
    const pBig = d.slice(20).reduce((s, p) => s + p, 0);
    const sd = (p: number): number => Math.sqrt((p * (1 - p)) / games);
    expect(Math.abs(zilch / games - d[0]!)).toBeLessThan(4.5 * sd(d[0]!));
    expect(Math.abs(big / games - pBig)).toBeLessThan(4.5 * sd(pBig));
    const mean = turn.rollValue(0, rules.dice);
    const variance = d.reduce((s, p, k) => s + p * (k - mean) ** 2, 0);
    expect(Math.abs(sum / games - mean)).toBeLessThan(4.5 * Math.sqrt(variance / games));
  });

  it('inherits an offer exactly when it promises more points than a fresh turn', () => {
    const fresh = turn.rollValue(0, rules.dice);
    expect(turn.inherits(40, 6)).toBe(true);
    expect(turn.inherits(1, 1)).toBe(false);
    for (const [t, n] of [
      [10, 3],
      [30, 2],
      [8, 5],
    ] as const)
      expect(turn.inherits(t, n)).toBe(turn.rollValue(t, n) > fresh);
    // An inherited turn banks at least the total it took over, or nothing.
    const inh = turn.dist(30, 4);
    for (let k = 1; k < 30; k++) expect(inh[k]).toBe(0);
  });
});

describe('the race tables', () => {
  // A small target: the tables are checked against plain value iteration over every state.
  const rules = { ...preset('serendipity-creak'), target: 400, openingMinimum: 100 };
  const race = new ExpectedRace(rules, [-3, 0, 3]);
  const T = race.T;

  it('equal value iteration over (my score, the next seat’s, the one after’s, who moves; my policy the best of three)', () => {
    // The final round's values (the last-turn shares and margins) are the tables' own.
    const fresh = (s: number): Float64Array => (s === 0 ? race.off : race.on).fresh;
    const w = (d: number, s: number): number => race.w(d, s);
    const size = T * T * T;
    const vals = [0, 1, 2].map(() => new Float64Array(size));
    const at = (a: number, b: number, c: number): number => (a * T + b) * T + c;
    for (let iter = 0; iter < 200; iter++) {
      let moved = 0;
      for (let a = 0; a < T; a++)
        for (let b = 0; b < T; b++)
          for (let c = 0; c < T; c++) {
            const i = at(a, b, c);
            const next: number[] = [0, 0, 0];
            // My turn: the best of my policies (only the opening one before the board).
            for (const da of a === 0 ? [race.off.fresh] : race.mine.map((x) => x.fresh)) {
              let v = 0;
              da.forEach((p, k) => {
                v +=
                  p *
                  (a + k >= T
                    ? (1 - w(a + k - b, b)) * (1 - w(a + k - c, c))
                    : vals[1]![at(a + k, b, c)]!);
              });
              next[0] = Math.max(next[0]!, v);
            }
            fresh(b).forEach((p, k) => {
              next[1] +=
                p * (b + k >= T ? race.reachedByNext(a, b + k, c) : vals[2]![at(a, b + k, c)]!);
            });
            fresh(c).forEach((p, k) => {
              next[2] +=
                p * (c + k >= T ? race.reachedByAfter(a, b, c + k) : vals[0]![at(a, b, c + k)]!);
            });
            for (let m = 0; m < 3; m++) {
              moved = Math.max(moved, Math.abs(next[m]! - vals[m]![i]!));
              vals[m]![i] = next[m]!;
            }
          }
      if (moved < 1e-13) break;
    }
    let worst = 0;
    for (let a = 0; a < T; a++)
      for (let b = 0; b < T; b++)
        for (let c = 0; c < T; c++) {
          const i = at(a, b, c);
          worst = Math.max(worst, Math.abs(race.nextStarts(a, b, c) - vals[1]![i]!));
          worst = Math.max(worst, Math.abs(race.nextBanks(a, b, c, fresh(b)) - vals[1]![i]!));
        }
    // The tables hold 32-bit values.
    expect(worst).toBeLessThan(1e-6);
  });
});
