// Where the server's event loop stalls: `--node-args="--import $PWD/bench/loadtest/loop-trace.mjs"`
// with LOOP_TRACE=FILE. Writes one JSON line per 100 ms window (the loop delay's max, the heap, the main
// thread's CPU and run-queue wait), per timer callback that ran ≥ 2 ms (its duration and the head of
// its source), and per GC pause ≥ 2 ms. Summary: loop-trace-summary.ts.
// Diagnostic only: it wraps setTimeout/setInterval/setImmediate of the process it is loaded into.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import {
  PerformanceObserver,
  constants,
  monitorEventLoopDelay,
  performance,
} from 'node:perf_hooks';

const file = process.env.LOOP_TRACE;
if (file) {
  writeFileSync(file, '');
  let lines = [];
  const t0 = performance.timeOrigin;
  const now = () => Math.round(performance.now());
  const SLOW_MS = 2;
  const label = (fn) => {
    const s = String(fn).replace(/\s+/g, ' ');
    return (fn.name ? `${fn.name}: ` : '') + s.slice(0, 140);
  };
  const wrap = (kind, fn) => {
    if (typeof fn !== 'function') return fn;
    return function traced(...args) {
      const start = performance.now();
      try {
        return fn.apply(this, args);
      } finally {
        const d = performance.now() - start;
        if (d >= SLOW_MS)
          lines.push({ t: Math.round(start), kind, ms: +d.toFixed(1), fn: label(fn) });
      }
    };
  };
  const { setTimeout: st, setInterval: si, setImmediate: sm } = globalThis;
  globalThis.setTimeout = (fn, ...rest) => st(wrap('timeout', fn), ...rest);
  globalThis.setInterval = (fn, ...rest) => si(wrap('interval', fn), ...rest);
  globalThis.setImmediate = (fn, ...rest) => sm(wrap('immediate', fn), ...rest);

  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.duration >= SLOW_MS)
        lines.push({
          t: Math.round(e.startTime),
          kind: 'gc',
          ms: +e.duration.toFixed(1),
          gc: kinds[e.detail?.kind ?? e.kind] ?? String(e.detail?.kind),
        });
    }
  }).observe({ entryTypes: ['gc'] });

  // The main thread's CPU and run-queue wait (ns, from the scheduler): a stall with little CPU in
  // it was the thread waiting for a core, not work.
  const sched = () => {
    try {
      const [cpu, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(
        ' ',
      );
      return [Number(cpu) / 1e6, Number(wait) / 1e6];
    } catch {
      return [0, 0];
    }
  };
  let last = now();
  let lastSched = sched();
  const tick = si(() => {
    const t = now();
    const max = h.max / 1e6;
    const s = sched();
    const cpuMs = +(s[0] - lastSched[0]).toFixed(1);
    const waitMs = +(s[1] - lastSched[1]).toFixed(1);
    lastSched = s;
    lines.push({
      t: last,
      kind: 'window',
      ms: t - last,
      maxDelay: +max.toFixed(1),
      cpuMs,
      waitMs,
      heapMB: Math.round(process.memoryUsage().heapUsed / 1e6),
    });
    h.reset();
    last = t;
  }, 100);
  tick.unref();
  const flush = () => {
    if (lines.length === 0) return;
    appendFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    lines = [];
  };
  si(flush, 1000).unref();
  process.on('exit', flush);
  appendFileSync(file, JSON.stringify({ kind: 'start', timeOrigin: t0 }) + '\n');
}
