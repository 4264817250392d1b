// Quick-match pairing at 1,000 waiting players (issue 12, item 8). First the pairing itself
// (pure: sort, link, pick), then whole passes over a real store: read the queue, pair, claim each
// pair and make its table, on SQLite and (when it answers) PostgreSQL. Ratings are spread as
// N(1500, 250); joins are spread over the last 30 s; the clock moves one pass period (1 s, the
// default ZILCH_MATCH_PASS_MS) per pass, so ranges widen as in the server (defaults: ±100, +10/s,
// at most ±600). ZILCH_BENCH_PLAYERS sets the number of players (default 1000).
import { loadavg } from 'node:os';
import { loadConfig, pairPlayers, quickMatchHarness, type RangeRule } from '@zilch/server';
import { dropSchema, newSchema, postgresUrl, tempDir } from '@zilch/testkit';

const N = Number(process.env.ZILCH_BENCH_PLAYERS ?? 1000);
const RANGE: RangeRule = { base: 100, perSecond: 10, max: 600 };
const PASS_MS = 1000;

/**
 * N players: ratings N(1500, 250) (Box–Muller over two low-discrepancy sequences, so every run
 * queues the same players), joined up to 30 s before `t0`.
 */
function players(t0: number) {
  const frac = (x: number) => x - Math.floor(x);
  return Array.from({ length: N }, (_, i) => {
    const u = frac((i + 0.5) * 0.6180339887);
    const v = frac((i + 0.5) * 0.4142135624);
    const g = Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    return {
      id: `p${i}`,
      rating: Math.round(1500 + 250 * g),
      joinedAt: t0 - Math.floor(frac((i + 0.5) * 0.7320508076) * 30_000),
      preset: 'classic',
    };
  });
}

const ms = (x: number) => `${x.toFixed(2)} ms`;
const p99 = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.ceil(xs.length * 0.99) - 1]!;

/** The pairing function alone, 200 times over the same queue. */
function pureFigures(): void {
  const t0 = Date.now();
  const queue = players(t0).map((p) => ({ id: p.id, rating: p.rating, joinedAt: p.joinedAt }));
  const times: number[] = [];
  let pairs = 0;
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    pairs = pairPlayers(queue, RANGE, t0).length;
    times.push(performance.now() - s);
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `  pairing only, ${N} waiting: ${pairs} pairs per pass; mean ${ms(mean)}, p99 ${ms(p99(times))} (200 passes)`,
  );
}

/** Whole passes over a store until everyone is paired (or 60 passes). */
async function storeFigures(label: string, env: Record<string, string>): Promise<void> {
  const c = loadConfig({ LOG_LEVEL: 'silent', ...env });
  if (!c.ok) throw new Error(c.message);
  let clock = Date.now();
  const h = await quickMatchHarness(c.config, RANGE, () => clock);
  try {
    await h.fill(players(clock));
    const times: number[] = [];
    let paired = 0;
    let waiting = N;
    let lastPairing = 0;
    const started = performance.now();
    // Every range is at its widest 50 s after the last join: a pass after that pairing nobody ends it.
    const widest = ((RANGE.max - RANGE.base) / RANGE.perSecond) * 1000;
    for (let i = 0; waiting > 1; i++) {
      const s = performance.now();
      const r = await h.pass();
      times.push(performance.now() - s);
      paired += r.paired;
      waiting = r.waiting - 2 * r.paired;
      if (r.paired > 0) lastPairing = i;
      if (r.paired === 0 && i * PASS_MS > widest) break;
      clock += PASS_MS;
    }
    const wall = performance.now() - started;
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `  ${label}, ${N} waiting: ${paired} tables, the last made by pass ${lastPairing + 1} (${(lastPairing * PASS_MS) / 1000} s of queue time); ` +
        `${times.length} passes took ${ms(wall)} in all: first ${ms(times[0]!)} (${(times[0]! / Math.max(1, paired)).toFixed(2)} ms a table), ` +
        `mean ${ms(mean)}, p99 ${ms(p99(times))}, median ${ms(times.slice().sort((a, b) => a - b)[times.length >> 1]!)}; ${waiting} left (ratings too far apart)`,
    );
  } finally {
    await h.close();
  }
}

/** Prints the quick-match figures. */
export default async function bench(): Promise<void> {
  console.log(`  load average ${loadavg()[0]!.toFixed(2)}`);
  pureFigures();
  const tmp = tempDir('zilch-match-bench-');
  try {
    await storeFigures('SQLite', { ZILCH_DATA_DIR: tmp.dir });
  } finally {
    tmp.cleanup();
  }
  const pg = await postgresUrl();
  if (!pg) {
    console.log('  PostgreSQL: not reachable, skipped');
    return;
  }
  const schema = newSchema('zilch_match_bench');
  try {
    await storeFigures('PostgreSQL', { DATABASE_URL: pg, ZILCH_PG_SCHEMA: schema });
  } finally {
    await dropSchema(pg, schema);
  }
}
