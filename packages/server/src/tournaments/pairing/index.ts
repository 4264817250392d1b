// TEMPORARY stand-in for the pairing library (branch wt-pairing); replaced by its files before merge.
export type Format = 'swiss' | 'elimination' | 'round-robin';
export interface Entrant {
  id: string;
  rating: number;
  seed?: number;
}
export interface GameResult {
  round: number;
  a: string;
  b: string | null;
  winner: string | null;
}
export interface Pairing {
  a: string;
  b: string | null;
}
export interface Standing {
  id: string;
  points: number;
  buchholz: number;
  wins: number;
  games: number;
  rank: number;
}

/** Rounds a tournament plays. */
export function roundCount(format: Format, n: number): number {
  if (n < 2) return 0;
  const log = Math.ceil(Math.log2(n));
  if (format === 'elimination') return log;
  const rr = n % 2 === 0 ? n - 1 : n;
  return format === 'swiss' ? Math.min(rr, Math.max(3, log)) : rr;
}

function byRating(es: Entrant[]): Entrant[] {
  return [...es].sort((x, y) => y.rating - x.rating || (x.seed ?? 0) - (y.seed ?? 0));
}

/** Next round's pairings. */
export function pairRound(format: Format, entrants: Entrant[], results: GameResult[]): Pairing[] {
  const done = results.reduce((m, r) => Math.max(m, r.round), 0);
  if (done >= roundCount(format, entrants.length)) return [];
  if (format === 'elimination') {
    let alive = byRating(entrants).map((e) => e.id);
    for (let r = 1; r <= done; r++) {
      const rs = results.filter((x) => x.round === r);
      alive = alive.filter((id) => rs.some((x) => (x.b === null && x.a === id) || x.winner === id));
    }
    if (alive.length < 2) return [];
    const out: Pairing[] = [];
    const size = 2 ** Math.ceil(Math.log2(alive.length));
    const byes = size - alive.length;
    for (let i = 0; i < byes; i++) out.push({ a: alive[i]!, b: null });
    const rest = alive.slice(byes);
    for (let i = 0; i < rest.length / 2; i++)
      out.push({ a: rest[i]!, b: rest[rest.length - 1 - i]! });
    return out;
  }
  if (format === 'round-robin') {
    const ids: (string | null)[] = byRating(entrants).map((e) => e.id);
    if (ids.length % 2) ids.push(null);
    const n = ids.length;
    const rot = [ids[0]!, ...ids.slice(1).map((_, i) => ids[1 + ((i + done) % (n - 1))]!)];
    const out: Pairing[] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = rot[i] ?? null;
      const b = rot[n - 1 - i] ?? null;
      if (a === null && b !== null) out.push({ a: b, b: null });
      else if (a !== null) out.push({ a, b });
    }
    return out;
  }
  const table = standings(format, entrants, results);
  const met = new Set(
    results.map((r) => `${r.a}|${r.b}`).concat(results.map((r) => `${r.b}|${r.a}`)),
  );
  const order = table.map((s) => s.id);
  const out: Pairing[] = [];
  if (order.length % 2) {
    const hadBye = new Set(results.filter((r) => r.b === null).map((r) => r.a));
    const i = [...order].reverse().find((id) => !hadBye.has(id)) ?? order[order.length - 1]!;
    order.splice(order.indexOf(i), 1);
    out.push({ a: i, b: null });
  }
  while (order.length) {
    const a = order.shift()!;
    const j = order.findIndex((b) => !met.has(`${a}|${b}`));
    const b = order.splice(j < 0 ? 0 : j, 1)[0]!;
    out.unshift({ a, b });
  }
  return out;
}

/** Standings, best first. */
export function standings(format: Format, entrants: Entrant[], results: GameResult[]): Standing[] {
  const s = new Map<string, Standing & { r: number; seed: number; opp: string[] }>();
  for (const e of entrants)
    s.set(e.id, {
      id: e.id,
      points: 0,
      buchholz: 0,
      wins: 0,
      games: 0,
      rank: 0,
      r: e.rating,
      seed: e.seed ?? 0,
      opp: [],
    });
  for (const r of results) {
    const a = s.get(r.a);
    if (!a) continue;
    if (r.b === null) {
      a.points += 1;
      continue;
    }
    const b = s.get(r.b);
    if (!b) continue;
    a.games++;
    b.games++;
    a.opp.push(r.b);
    b.opp.push(r.a);
    if (r.winner === null) {
      a.points += 0.5;
      b.points += 0.5;
    } else {
      const w = r.winner === r.a ? a : b;
      w.points += 1;
      w.wins++;
    }
  }
  for (const x of s.values()) x.buchholz = x.opp.reduce((t, o) => t + (s.get(o)?.points ?? 0), 0);
  const list = [...s.values()].sort(
    (x, y) => y.points - x.points || y.buchholz - x.buchholz || y.r - x.r || x.seed - y.seed,
  );
  void format;
  return list.map((x, i) => ({
    id: x.id,
    points: x.points,
    buchholz: x.buchholz,
    wins: x.wins,
    games: x.games,
    rank: i + 1,
  }));
}
