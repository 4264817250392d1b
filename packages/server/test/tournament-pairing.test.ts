// The tournament pairing library (issue 24): Swiss never repeats a pairing while another legal
// one exists (checked against a brute-force search for small fields) and gives byes fairly;
// elimination brackets for every size 4–64; round-robin meets every pair once; standings agree
// with a plain recomputation from the results.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  pairRound,
  roundCount,
  standings,
  type Entrant,
  type Format,
  type GameResult,
  type Pairing,
} from '../src/tournaments/pairing/index.ts';
import { bracketOrder } from '../src/tournaments/pairing/elimination.ts';
import { swissPairs } from '../src/tournaments/pairing/swiss.ts';

const field = (ratings: readonly number[]): Entrant[] =>
  ratings.map((rating, i) => ({ id: `p${i}`, rating, seed: i }));

/** Outcome of game k of a run: 0 a wins, 1 b wins, 2 draw/void. */
const outcome = (pairing: Pairing, round: number, pick: number): GameResult => ({
  round,
  a: pairing.a,
  b: pairing.b,
  winner: pairing.b === null ? pairing.a : [pairing.a, pairing.b, null][pick]!,
});

const key = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);

/** Who met whom, and how many byes each player had, from the results. */
function history(ids: readonly string[], results: readonly GameResult[]) {
  const met = new Set<string>();
  const byes = new Map(ids.map((id) => [id, 0]));
  for (const r of results) {
    if (r.b === null) byes.set(r.a, byes.get(r.a)! + 1);
    else met.add(key(r.a, r.b));
  }
  return { met, byes };
}

/** Brute force: is there a pairing of everyone, bye to a player with fewest byes, with no repeat? */
function repeatFreeExists(ids: readonly string[], results: readonly GameResult[]): boolean {
  const { met, byes } = history(ids, results);
  const fewest = Math.min(...byes.values());
  const sitters = ids.length % 2 === 1 ? ids.filter((id) => byes.get(id) === fewest) : [null];
  const perfect = (rest: readonly string[]): boolean => {
    if (rest.length === 0) return true;
    const [first, ...others] = rest;
    return others.some((o, k) => !met.has(key(first!, o)) && perfect(others.toSpliced(k, 1)));
  };
  return sitters.some((s) => perfect(ids.filter((id) => id !== s)));
}

/** Every player exactly once; a bye only when the field is odd, and then exactly one. */
function expectEveryoneOnce(ids: readonly string[], pairs: readonly Pairing[]) {
  const seen = pairs.flatMap((p) => (p.b === null ? [p.a] : [p.a, p.b]));
  expect(seen.slice().sort()).toEqual(ids.slice().sort());
  expect(pairs.filter((p) => p.b === null).length).toBe(ids.length % 2);
}

describe('Swiss', () => {
  test.prop(
    [
      fc
        .integer({ min: 2, max: 9 })
        .chain((n) =>
          fc.tuple(
            fc.array(fc.integer({ min: 1000, max: 2000 }), { minLength: n, maxLength: n }),
            fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 64, maxLength: 64 }),
          ),
        ),
      // The ordered search, or (0 steps) the blossom matching alone.
      fc.constantFrom(undefined, 0),
    ],
    { numRuns: 200 },
  )(
    'never repeats a pairing while a legal one exists, and byes are fair',
    ([ratings, picks], searchSteps) => {
      const entrants = field(ratings);
      const ids = entrants.map((e) => e.id);
      const results: GameResult[] = [];
      // Play as many rounds as a round-robin has: the late rounds are the hard ones.
      const rounds = ids.length % 2 === 0 ? ids.length - 1 : ids.length;
      let k = 0;
      for (let round = 1; round <= rounds; round++) {
        const pairs = swissPairs(entrants, results, searchSteps);
        expectEveryoneOnce(ids, pairs);
        const { met, byes } = history(ids, results);
        const repeats = pairs.filter((p) => p.b !== null && met.has(key(p.a, p.b)));
        if (repeatFreeExists(ids, results)) expect(repeats).toEqual([]);
        const sitter = pairs.find((p) => p.b === null);
        if (sitter) expect(byes.get(sitter.a)).toBe(Math.min(...byes.values()));
        for (const p of pairs) results.push(outcome(p, round, picks[k++ % picks.length]!));
      }
    },
  );

  it('pairs 1,000 players for every round with no repeat and fair byes', () => {
    const entrants = field(Array.from({ length: 999 }, (_, i) => 1000 + ((i * 7919) % 1000)));
    const ids = entrants.map((e) => e.id);
    const results: GameResult[] = [];
    expect(roundCount('swiss', 999)).toBe(10);
    for (let round = 1; round <= 10; round++) {
      const pairs = pairRound('swiss', entrants, results);
      expectEveryoneOnce(ids, pairs);
      const { met, byes } = history(ids, results);
      expect(pairs.filter((p) => p.b !== null && met.has(key(p.a, p.b)))).toEqual([]);
      expect(byes.get(pairs.find((p) => p.b === null)!.a)).toBe(0);
      pairs.forEach((p, i) => results.push(outcome(p, round, (i * 31 + round) % 3 === 0 ? 1 : 0)));
    }
    expect(pairRound('swiss', entrants, results)).toEqual([]);
  });

  it('pairs within score groups, top half against bottom half, bye to the lowest', () => {
    const entrants = field([1900, 1800, 1700, 1600, 1500]);
    const first = pairRound('swiss', entrants, []);
    expect(first).toEqual([
      { a: 'p0', b: 'p2' },
      { a: 'p1', b: 'p3' },
      { a: 'p4', b: null },
    ]);
  });

  it("stops pairing a withdrawn player but keeps their games in everyone's points", () => {
    const entrants = field([1900, 1800, 1700, 1600, 1500, 1400]);
    const results: GameResult[] = pairRound('swiss', entrants, []).map((p) => ({
      round: 1,
      ...p,
      winner: p.b,
    }));
    const gone = results.find((r) => r.a === 'p0')!;
    const left = entrants.map((e) => (e.id === 'p0' ? { ...e, withdrawn: true } : e));
    const pairs = pairRound('swiss', left, results);
    expectEveryoneOnce(
      left.filter((e) => !e.withdrawn).map((e) => e.id),
      pairs,
    );
    // p0's opponent won round 1, so leads the pairing order and moves first.
    expect(pairs[0]!.a).toBe(gone.b);
    const table = standings('swiss', left, results);
    expect(table.map((s) => s.id)).toContain('p0');
    expect(table.find((s) => s.id === gone.b)!.points).toBe(1);
  });

  it('plays ceil(log2 n) rounds, at least 3, never more than a round-robin', () => {
    expect([2, 3, 4, 5, 8, 9, 16, 17, 64, 65, 1000].map((n) => roundCount('swiss', n))).toEqual([
      1, 3, 3, 3, 3, 4, 4, 5, 6, 7, 10,
    ]);
  });
});

describe('single elimination', () => {
  it('puts seeds in the standard order', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  const sizes = Array.from({ length: 61 }, (_, i) => i + 4);
  test.prop([fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 64, maxLength: 64 })], {
    numRuns: 5,
  })('for every size 4–64: everyone once, byes to the top seeds in round 1 only', (picks) => {
    for (const n of sizes) {
      // Ratings in reverse order of entry, with ties broken by entry: seed s is p(s-1).
      const entrants = field(Array.from({ length: n }, (_, i) => 2000 - 10 * Math.floor(i / 2)));
      const seedOf = (id: string) => Number(id.slice(1)) + 1;
      const size = 2 ** Math.ceil(Math.log2(n));
      const rounds = roundCount('elimination', n);
      expect(2 ** rounds).toBe(size);
      const results: GameResult[] = [];
      let alive = entrants.map((e) => e.id);
      let k = 0;
      for (let round = 1; round <= rounds; round++) {
        const pairs = pairRound('elimination', entrants, results);
        const seen = pairs.flatMap((p) => (p.b === null ? [p.a] : [p.a, p.b]));
        expect(seen.slice().sort()).toEqual(alive.slice().sort());
        const byes = pairs.filter((p) => p.b === null).map((p) => seedOf(p.a));
        if (round === 1) {
          expect(byes.sort((x, y) => x - y)).toEqual(
            Array.from({ length: size - n }, (_, i) => i + 1),
          );
        } else expect(byes).toEqual([]);
        const oneTwo = pairs.some((p) => p.b !== null && seedOf(p.a) + seedOf(p.b) === 3);
        if (oneTwo) expect(round).toBe(rounds);
        for (const p of pairs) results.push(outcome(p, round, picks[k++ % picks.length]!));
        // A void sends the higher seed on.
        alive = results
          .filter((r) => r.round === round)
          .map((r) => r.winner ?? (r.b !== null && seedOf(r.b) < seedOf(r.a) ? r.b : r.a));
      }
      expect(alive.length).toBe(1);
      expect(pairRound('elimination', entrants, results)).toEqual([]);
      const table = standings('elimination', entrants, results);
      expect(table[0]).toMatchObject({ id: alive[0], rank: 1 });
      expect(table[1]!.rank).toBe(2);
    }
  });

  it('with favourites winning, the semi-finals are 1 v 4 and 2 v 3 and the final 1 v 2', () => {
    for (const n of [4, 5, 12, 16, 33, 64]) {
      const entrants = field(Array.from({ length: n }, (_, i) => 2000 - i));
      const results: GameResult[] = [];
      const rounds = roundCount('elimination', n);
      const seedOf = (id: string | null) => Number(id!.slice(1)) + 1;
      for (let round = 1; round <= rounds; round++) {
        const pairs = pairRound('elimination', entrants, results);
        const games = pairs
          .filter((p) => p.b !== null)
          .map((p) => [seedOf(p.a), seedOf(p.b)].sort((x, y) => x - y));
        if (round === rounds - 1)
          expect(games).toEqual([
            [1, 4],
            [2, 3],
          ]);
        if (round === rounds) expect(games).toEqual([[1, 2]]);
        for (const p of pairs) {
          const better = p.b === null || seedOf(p.a) < seedOf(p.b) ? p.a : p.b;
          results.push({ round, a: p.a, b: p.b, winner: better });
        }
      }
      const ranks = standings('elimination', entrants, results).map((s) => s.rank);
      expect(ranks.slice(0, 4)).toEqual([1, 2, 3, 3]);
    }
  });
});

describe('round-robin', () => {
  it('meets every pair exactly once, one game a round each, one bye each when odd', () => {
    for (let n = 2; n <= 21; n++) {
      const entrants = field(Array.from({ length: n }, (_, i) => 1500 + ((i * 37) % 11)));
      const ids = entrants.map((e) => e.id);
      const results: GameResult[] = [];
      const count = new Map<string, number>();
      const byes = new Map<string, number>();
      const rounds = roundCount('round-robin', n);
      for (let round = 1; round <= rounds; round++) {
        const pairs = pairRound('round-robin', entrants, results);
        expectEveryoneOnce(ids, pairs);
        for (const p of pairs) {
          if (p.b === null) byes.set(p.a, (byes.get(p.a) ?? 0) + 1);
          else count.set(key(p.a, p.b), (count.get(key(p.a, p.b)) ?? 0) + 1);
          results.push(outcome(p, round, 0));
        }
      }
      expect(count.size).toBe((n * (n - 1)) / 2);
      expect([...count.values()].every((c) => c === 1)).toBe(true);
      expect([...byes.values()]).toEqual(n % 2 === 1 ? ids.map(() => 1) : []);
      expect(pairRound('round-robin', entrants, results)).toEqual([]);
    }
  });
});

/** Plain recomputation: points, Buchholz and Sonneborn-Berger straight from the results. */
function plainTable(format: Format, entrants: Entrant[], results: GameResult[]) {
  const points = (id: string) =>
    results.reduce((sum, r) => {
      if (r.b === null) return sum + (r.a === id ? 1 : 0);
      if (r.a !== id && r.b !== id) return sum;
      return sum + (r.winner === id ? 1 : r.winner === null ? 0.5 : 0);
    }, 0);
  const games = (id: string) => results.filter((r) => r.b !== null && (r.a === id || r.b === id));
  const opponent = (r: GameResult, id: string) => (r.a === id ? r.b! : r.a);
  const rows = entrants.map((e) => {
    const mine = games(e.id);
    const buchholz = mine.reduce((s, r) => s + points(opponent(r, e.id)), 0);
    const sb = mine.reduce((s, r) => {
      const factor = r.winner === e.id ? 1 : r.winner === null ? 0.5 : 0;
      return s + factor * points(opponent(r, e.id));
    }, 0);
    return {
      e,
      id: e.id,
      points: points(e.id),
      buchholz,
      wins: mine.filter((r) => r.winner === e.id).length,
      games: mine.length,
      tieBreak: format === 'swiss' ? buchholz : sb,
    };
  });
  rows.sort(
    (x, y) =>
      y.points - x.points ||
      y.tieBreak - x.tieBreak ||
      y.e.rating - x.e.rating ||
      x.e.seed! - y.e.seed!,
  );
  return rows.map(({ e: _e, ...row }, i) => ({ ...row, rank: i + 1 }));
}

describe('standings', () => {
  test.prop(
    [
      fc.constantFrom<Format>('swiss', 'round-robin'),
      fc
        .integer({ min: 2, max: 12 })
        .chain((n) =>
          fc.tuple(
            fc.array(fc.integer({ min: 1400, max: 1600 }), { minLength: n, maxLength: n }),
            fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 80, maxLength: 80 }),
          ),
        ),
    ],
    { numRuns: 150 },
  )('agree with a plain recomputation after every round', (format, [ratings, picks]) => {
    const entrants = field(ratings);
    const results: GameResult[] = [];
    let k = 0;
    for (let round = 1; round <= roundCount(format, entrants.length); round++) {
      for (const p of pairRound(format, entrants, results))
        results.push(outcome(p, round, picks[k++ % picks.length]!));
      expect(standings(format, entrants, results)).toEqual(plainTable(format, entrants, results));
    }
  });
});
