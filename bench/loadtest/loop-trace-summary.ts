// Summarises a loop-trace.mjs file: `node --import tsx bench/loadtest/loop-trace-summary.ts FILE [SECONDS]`
// (the last SECONDS of the trace, default 20: the measured window and the run's end).
import { readFileSync } from 'node:fs';

interface Line {
  t: number;
  kind: 'start' | 'window' | 'timeout' | 'interval' | 'immediate' | 'gc';
  ms: number;
  maxDelay?: number;
  cpuMs?: number;
  waitMs?: number;
  heapMB?: number;
  gc?: string;
  fn?: string;
}

const [file, secondsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: loop-trace-summary.ts FILE [SECONDS]');
  process.exit(2);
}
const all = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Line);
const windows0 = all.filter((l) => l.kind === 'window');
const end = windows0.at(-1)?.t ?? 0;
const from = end - Number(secondsArg ?? 20) * 1000;
const windows = windows0.filter((w) => w.t >= from);
const events = all.filter((l) => l.kind !== 'window' && l.kind !== 'start' && l.t >= from);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const pct = (a: number, b: number) => `${Math.round((100 * a) / b)} %`;
const wall = sum(windows.map((w) => w.ms));
const cpu = sum(windows.map((w) => w.cpuMs ?? 0));
const wait = sum(windows.map((w) => w.waitMs ?? 0));
const stalls = windows.filter((w) => (w.maxDelay ?? 0) >= 50);
const stallCpu = sum(stalls.map((w) => w.cpuMs ?? 0));
const stallWait = sum(stalls.map((w) => w.waitMs ?? 0));
const r = (x: number) => Math.round(x);

console.log(
  `${(wall / 1000).toFixed(1)} s of windows: main thread on a core ${pct(cpu, wall)}, runnable but waiting for one ${pct(wait, wall)}; heap at the end ${windows.at(-1)?.heapMB ?? '?'} MB`,
);
console.log(
  `windows with a loop delay ≥ 50 ms: ${stalls.length}, longest ${r(Math.max(0, ...stalls.map((w) => w.maxDelay ?? 0)))} ms; in them the thread ran ${r(stallCpu)} ms and waited for a core ${r(stallWait)} ms`,
);
console.log(
  `busiest 100 ms window: the thread on a core ${pct(Math.max(0, ...windows.map((w) => (w.cpuMs ?? 0) / w.ms)), 1)} of it`,
);
const groups = new Map<string, number[]>();
for (const e of events) {
  const key = e.kind === 'gc' ? `gc ${e.gc}` : `${e.kind} ${(e.fn ?? '').slice(0, 70)}`;
  groups.set(key, [...(groups.get(key) ?? []), e.ms]);
}
console.log('pauses ≥ 2 ms (wall clock, waits for a core included): count, total ms, max ms, what');
for (const [key, ms] of [...groups].sort((a, b) => sum(b[1]) - sum(a[1])).slice(0, 12)) {
  console.log(`  ${ms.length}\t${r(sum(ms))}\t${r(Math.max(...ms))}\t${key}`);
}
