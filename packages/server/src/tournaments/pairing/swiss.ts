// Swiss with Buchholz tie-break. Players are ranked by points then rating; each round pairs
// within score groups (top half against bottom half, the odd one out floating down to the next
// group) by a depth-first search that backtracks rather than repeat a pairing. When that search
// runs past its step budget, Edmonds' blossom matching decides for certain whether a pairing
// without repeats exists and finds one, so no pairing repeats while another legal one exists.
// A bye (when the count is odd) goes to the lowest-ranked player among those with the fewest
// byes, so nobody has a second bye while someone has had none; a bye is worth a win's point.
import { buchholzOf, compareSeed, nextRound, records, type Record } from './common.ts';
import { maximumMatching } from './matching.ts';
import type { Entrant, GameResult, Pairing, Standing } from './types.ts';

/** ceil(log2 n), at least 3, but never more rounds than a round-robin (n-1, n when odd). */
export function swissRounds(n: number): number {
  if (n < 2) return 0;
  return Math.min(Math.max(3, Math.ceil(Math.log2(n))), n % 2 === 0 ? n - 1 : n);
}

interface Player {
  id: string;
  points: number;
  byes: number;
  firsts: number;
  met: Set<string>;
}

/** The next round's pairings in ranking order, the bye (if any) last. */
export function swissRound(entrants: Entrant[], results: GameResult[]): Pairing[] {
  if (nextRound(results) > swissRounds(entrants.length)) return [];
  return swissPairs(entrants, results);
}

/**
 * The Swiss pairing rule alone, with no limit on rounds (the tests play it to the end).
 * `searchSteps` bounds the ordered search before the blossom matching takes over (the tests set
 * 0 to check the matching alone).
 */
export function swissPairs(
  entrants: Entrant[],
  results: GameResult[],
  searchSteps?: number,
): Pairing[] {
  if (entrants.length < 2) return [];
  const recs = records(entrants, results);
  const players = rankForPairing(
    entrants.filter((e) => !e.withdrawn),
    recs,
  );
  if (players.length < 2) return [];
  if (players.length % 2 === 0) return pairStrict(players, searchSteps) ?? pairLoose(players);
  const fewest = Math.min(...players.map((p) => p.byes));
  const candidates = players.filter((p) => p.byes === fewest).reverse();
  for (const sitter of candidates) {
    const pairs = pairStrict(
      players.filter((p) => p !== sitter),
      searchSteps,
    );
    if (pairs) return [...pairs, { a: sitter.id, b: null }];
  }
  const sitter = candidates[0]!;
  return [...pairLoose(players.filter((p) => p !== sitter)), { a: sitter.id, b: null }];
}

/** Pairing order: points high to low, then seeding order. */
function rankForPairing(entrants: Entrant[], recs: Map<string, Record>): Player[] {
  return entrants
    .map((e) => ({ e, rec: recs.get(e.id)! }))
    .sort((x, y) => y.rec.points - x.rec.points || compareSeed(x.e, y.e))
    .map(({ e, rec }) => ({
      id: e.id,
      points: rec.points,
      byes: rec.byes,
      firsts: rec.firsts,
      met: new Set(rec.met.map((m) => m.opponent)),
    }));
}

/**
 * A pairing of an even list with no repeated opponents, in score-group order, or null when
 * none exists.
 */
function pairStrict(players: Player[], searchSteps?: number): Pairing[] | null {
  const n = players.length;
  const taken = new Uint8Array(n);
  const partner = new Int32Array(n).fill(-1);
  let steps = 0;
  // Enough to search small fields to the end; large ones almost never backtrack.
  const budget = searchSteps ?? 20_000 + 20 * n;
  let gaveUp = false;

  /**
   * Opponents for player i (the best unpaired), most wanted first, not yet met. Lazy: a large
   * field almost always takes the first one, so the players further down are never looked at.
   */
  function* candidates(i: number): Generator<number> {
    const group: number[] = [];
    let end = i;
    for (; end < n && players[end]!.points === players[i]!.points; end++)
      if (!taken[end] || end === i) group.push(end);
    const met = players[i]!.met;
    const fresh = (j: number) => !met.has(players[j]!.id);
    // Top half against bottom half: i (group[0]) wants the player half a group below it, then
    // the ones below that, then those above; then the lower groups in order.
    const half = group.length >> 1;
    for (let g = Math.max(half, 1); g < group.length; g++) if (fresh(group[g]!)) yield group[g]!;
    for (let g = half - 1; g >= 1; g--) if (fresh(group[g]!)) yield group[g]!;
    for (let k = end; k < n; k++) if (!taken[k] && fresh(k)) yield k;
  }
  const solve = (from: number): boolean => {
    let i = from;
    while (i < n && taken[i]) i++;
    if (i === n) return true;
    taken[i] = 1;
    for (const j of candidates(i)) {
      if (++steps > budget) {
        gaveUp = true;
        break;
      }
      taken[j] = 1;
      partner[i] = j;
      partner[j] = i;
      if (solve(i + 1)) return true;
      taken[j] = 0;
      if (gaveUp) break;
    }
    taken[i] = 0;
    return false;
  };
  if (solve(0)) return toPairs(players, partner);
  if (!gaveUp) return null;
  return blossomPairs(players);
}

/** The exact answer when the search gave up: a maximum matching over pairs not yet played. */
function blossomPairs(players: Player[]): Pairing[] | null {
  const n = players.length;
  const adj = players.map((p, i) =>
    players.flatMap((q, j) => (j !== i && !p.met.has(q.id) ? [j] : [])),
  );
  // Start from the greedy pairing in ranking order, so most pairs stay near their score group.
  const match = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (match[i] !== -1) continue;
    const j = adj[i]!.find((x) => x > i && match[x] === -1);
    if (j !== undefined) {
      match[i] = j;
      match[j] = i;
    }
  }
  maximumMatching(adj, match);
  if (match.includes(-1)) return null;
  return toPairs(players, match);
}

/**
 * When every pairing repeats some game: pair in ranking order, each taking the unpaired player
 * they have met least often (nearest in the ranking among equals).
 */
function pairLoose(players: Player[]): Pairing[] {
  const n = players.length;
  const partner = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (partner[i] !== -1) continue;
    let best = -1;
    let bestCount = Infinity;
    for (let j = i + 1; j < n; j++) {
      if (partner[j] !== -1) continue;
      const count = players[i]!.met.has(players[j]!.id) ? 1 : 0;
      if (count < bestCount) {
        best = j;
        bestCount = count;
      }
    }
    if (best === -1) break;
    partner[i] = best;
    partner[best] = i;
  }
  return toPairs(players, partner);
}

/**
 * The pairs in ranking order. The side that moves first (`a`) goes to whoever has moved first
 * less often, the higher-ranked player when even: first-move advantage evens out over rounds.
 */
function toPairs(players: Player[], partner: Int32Array): Pairing[] {
  const out: Pairing[] = [];
  for (let i = 0; i < players.length; i++) {
    const j = partner[i]!;
    if (j <= i) continue;
    const [x, y] = [players[i]!, players[j]!];
    out.push(y.firsts < x.firsts ? { a: y.id, b: x.id } : { a: x.id, b: y.id });
  }
  return out;
}

/** Points, then Buchholz, then seeding order; ranks are positions 1..n. */
export function swissStandings(entrants: Entrant[], results: GameResult[]): Standing[] {
  const recs = records(entrants, results);
  const rows = entrants.map((e) => {
    const rec = recs.get(e.id)!;
    const buchholz = buchholzOf(rec, recs);
    return {
      entrant: e,
      standing: {
        id: e.id,
        points: rec.points,
        buchholz,
        wins: rec.wins,
        games: rec.games,
        rank: 0,
        tieBreak: buchholz,
      },
    };
  });
  rows.sort(
    (x, y) =>
      y.standing.points - x.standing.points ||
      y.standing.buchholz - x.standing.buchholz ||
      compareSeed(x.entrant, y.entrant),
  );
  return rows.map((row, i) => ({ ...row.standing, rank: i + 1 }));
}
