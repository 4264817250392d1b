// Summaries of what `npm run loadtest -- --profile DIR` keeps of the server: its V8 CPU profile
// (cut to the measured window) as a table of self time by function, and its `--trace-gc` lines
// of that window as pauses by kind. Runs on its own too:
//
//   node --conditions=source --import tsx bench/loadtest/profile.ts DIR [--top 25]
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/** The parts of a `.cpuprofile` (Chrome DevTools format) this summary reads. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The measured window, µs on the monotonic clock V8's profiler stamps its samples with. */
interface Window {
  fromUs: number;
  toUs: number;
}

/** One row of the self-time table. */
interface SelfRow {
  name: string;
  where: string;
  ms: number;
  share: number;
}

// Paths in profiles are file URLs; the package part is what a reader recognises.
function shortUrl(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const pk = url.indexOf('/packages/');
  if (pk >= 0) return url.slice(pk + 1);
  return url.replace(/^file:\/\//, '');
}

/**
 * Self time by function over the window (all of the profile without one): the top `top` rows,
 * V8's own buckets ("(garbage collector)", "(program)", "(idle)") included as they come.
 */
function selfTime(
  profile: CpuProfile,
  window: Window | null,
  top: number,
): { rows: SelfRow[]; packages: SelfRow[]; busyMs: number; idleMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const total = new Map<string, { name: string; where: string; us: number }>();
  let t = profile.startTime;
  let idle = 0;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    // A sample stands for the time until the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (window && (t < window.fromUs || t > window.toUs)) continue;
    const f = byId.get(profile.samples[i] as number);
    if (!f) continue;
    if (f.functionName === '(idle)') {
      idle += dt;
      continue;
    }
    busy += dt;
    const where = f.url ? `${shortUrl(f.url)}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName}\n${where}`;
    const row = total.get(key) ?? { name: f.functionName || '(anonymous)', where, us: 0 };
    row.us += dt;
    total.set(key, row);
  }
  const byPackage = new Map<string, number>();
  for (const r of total.values()) {
    const k = packageOf(r.name, r.where);
    byPackage.set(k, (byPackage.get(k) ?? 0) + r.us);
  }
  const packages = [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({
      name,
      where: '',
      ms: Math.round(us / 1000),
      share: busy > 0 ? us / busy : 0,
    }));
  const rows = [...total.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((r) => ({
      name: r.name,
      where: r.where,
      ms: Math.round(r.us / 1000),
      share: busy > 0 ? r.us / busy : 0,
    }));
  return { rows, packages, busyMs: Math.round(busy / 1000), idleMs: Math.round(idle / 1000) };
}

/** Where a function lives, coarsely: an npm package, a workspace package, node itself, or V8. */
function packageOf(name: string, where: string): string {
  if (!where) return name.startsWith('(') ? name : `native: ${name}`;
  if (where.startsWith('node:')) return 'node: internals';
  const ws = /^packages\/([^/]+)\//.exec(where);
  if (ws) return `@zilch/${ws[1]}`;
  const parts = where.split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? where);
}

/** GC pauses from `--trace-gc` lines: count, total and longest by kind. */
function gcPauses(lines: string[]): { kind: string; n: number; ms: number; maxMs: number }[] {
  const kinds = new Map<string, { n: number; ms: number; maxMs: number }>();
  for (const line of lines) {
    // e.g. "[123:0x5a…]    5012 ms: Scavenge 40.1 (52.3) -> 38.0 (52.3) MB, 1.23 / 0.00 ms  (average mu …"
    const m =
      /\d+ ms: ([A-Za-z-]+(?: [A-Za-z-]+)?) .*?MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/.exec(
        line,
      );
    if (!m) continue;
    const kind = (m[1] as string).replace(/ \(.*$/, '');
    const ms = Number(m[2]);
    const k = kinds.get(kind) ?? { n: 0, ms: 0, maxMs: 0 };
    k.n += 1;
    k.ms += ms;
    k.maxMs = Math.max(k.maxMs, ms);
    kinds.set(kind, k);
  }
  return [...kinds.entries()].map(([kind, k]) => ({
    kind,
    n: k.n,
    ms: Math.round(k.ms),
    maxMs: Number(k.maxMs.toFixed(1)),
  }));
}

/** Markdown tables for one profiled run directory (what `--profile` wrote there). */
export function summarizeRun(dir: string, top = 20): string {
  const out: string[] = [];
  const windowFile = join(dir, 'window.json');
  const window = existsSync(windowFile)
    ? (JSON.parse(readFileSync(windowFile, 'utf8')) as Window & { actions?: number })
    : null;
  const seconds = window ? (window.toUs - window.fromUs) / 1e6 : NaN;
  // The main thread's profile (thread 0 in node's file name); the worker threads' are left out.
  for (const f of readdirSync(dir).filter((x) => /\.\d+\.0\.\d+\.cpuprofile$/.test(x))) {
    const profile = JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile;
    const s = selfTime(profile, window, top);
    const perAction = window?.actions
      ? ` = ${((s.busyMs / window.actions) * 1000).toFixed(0)} µs per action`
      : '';
    out.push(
      `${f}: ${s.busyMs} ms busy, ${s.idleMs} ms idle over ${seconds.toFixed(1)} s${window?.actions ? ` and ${window.actions} actions` : ''}${perAction}`,
      '',
      '| self ms | share | function | where |',
      '| ------: | ----: | -------- | ----- |',
      ...s.rows.map(
        (r) => `| ${r.ms} | ${(r.share * 100).toFixed(1)} % | ${r.name} | ${r.where} |`,
      ),
      '',
      '| self ms | share | package |',
      '| ------: | ----: | ------- |',
      ...s.packages.map((r) => `| ${r.ms} | ${(r.share * 100).toFixed(1)} % | ${r.name} |`),
      '',
    );
  }
  const gcFile = join(dir, 'gc.log');
  if (existsSync(gcFile)) {
    const g = gcPauses(readFileSync(gcFile, 'utf8').split('\n'));
    out.push(
      `GC pauses in the window (--trace-gc, main thread):`,
      '',
      '| kind | count | total ms | longest ms |',
      '| ---- | ----: | -------: | ---------: |',
      ...g.map((k) => `| ${k.kind} | ${k.n} | ${k.ms} | ${k.maxMs} |`),
      '',
    );
  }
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '20' } },
  });
  for (const dir of positionals) {
    console.log(`## ${dir}\n`);
    console.log(summarizeRun(dir, Number(values.top)));
  }
}
