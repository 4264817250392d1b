// Swiss pairing time per round (issue 24, item 7): whole tournaments of 1,000 and 64 players,
// every round paired by the library (the pure function the tournament service calls when a
// round's games are over), results drawn by the Elo expectation from a seeded generator so every
// run plays the same tournaments. ZILCH_BENCH_PLAYERS sets the large field (default 1000),
// ZILCH_BENCH_RUNS the tournaments per size (default 5).
import { loadavg } from 'node:os';
import { tournamentPairing as pairing } from '@zilch/server';

const BIG = Number(process.env.ZILCH_BENCH_PLAYERS ?? 1000);
const RUNS = Number(process.env.ZILCH_BENCH_RUNS ?? 5);

/** Mulberry32: a small seeded generator, so the tournaments are the same every run. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One whole Swiss tournament; each round's pairing time and CPU time in ms. */
function tournament(n: number, seed: number): { wall: number[]; cpu: number[] } {
  const random = generator(seed);
  const entrants = Array.from({ length: n }, (_, i) => {
    const g = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return { id: `p${i}`, rating: Math.round(1500 + 250 * g), seed: i };
  });
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  const results: pairing.GameResult[] = [];
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 1; ; round++) {
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    const pairs = pairing.pairRound('swiss', entrants, results);
    const used = process.cpuUsage(cpu0);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
    if (pairs.length === 0) break;
    for (const { a, b } of pairs) {
      if (b === null) {
        results.push({ round, a, b, winner: a });
        continue;
      }
      const expected = 1 / (1 + 10 ** ((rating.get(b)! - rating.get(a)!) / 400));
      results.push({ round, a, b, winner: random() < expected ? a : b });
    }
  }
  // The last call only says the tournament is over.
  wall.pop();
  cpu.pop();
  return { wall, cpu };
}

const fmt = (x: number) => `${x.toFixed(2)} ms`;
const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function report(n: number): void {
  const rounds = pairing.roundCount('swiss', n);
  const all: number[][] = [];
  const cpu: number[] = [];
  // One untimed tournament first, so the JIT has compiled the pairing before the figures.
  tournament(n, 999);
  for (let run = 0; run < RUNS; run++) {
    const t = tournament(n, run + 1);
    all.push(t.wall);
    cpu.push(...t.cpu);
  }
  const flat = all.flat();
  console.log(
    `  Swiss ${n} players, ${rounds} rounds, ${RUNS} tournaments: pairing per round median ` +
      `${fmt(median(flat))}, max ${fmt(Math.max(...flat))} (CPU median ${fmt(median(cpu))}, ` +
      `max ${fmt(Math.max(...cpu))})`,
  );
  const perRound = Array.from({ length: rounds }, (_, r) => all.map((times) => times[r]!));
  console.log(
    `    by round (median/max): ` +
      perRound
        .map((xs, r) => `${r + 1}: ${median(xs).toFixed(1)}/${Math.max(...xs).toFixed(1)}`)
        .join(', '),
  );
}

export default async function pairingBench(): Promise<void> {
  report(BIG);
  report(64);
  const load = loadavg().map((x) => x.toFixed(2));
  console.log(`  load average ${load.join(' ')}`);
}
