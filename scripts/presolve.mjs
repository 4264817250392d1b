#!/usr/bin/env node
// Solves the shipped two-player presets into the solution cache if they are not there yet, so
// the coach shows win chances from the first decision of the first game. The last step of
// `npm run build` (so of `npm install`/`npm ci` and `npm start`); `npm run presolve` alone.
// The directory is the server's: $ZILCH_CACHE_DIR, else ~/.cache/zilch. Once cached, this is a
// few file checks. ZILCH_SKIP_PRESOLVE=1 skips it; ZILCH_PRESOLVE_THREADS sets the threads.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

if (process.env.ZILCH_SKIP_PRESOLVE === '1') {
  console.log(
    'presolve: skipped (ZILCH_SKIP_PRESOLVE=1); the coach shows expected points until a solve',
  );
  process.exit(0);
}

const { defaultCacheDir, presolve, solutionCached, solutionShipped, solvablePresets } =
  await import('@zilch/strategy/node');
const dir = process.env.ZILCH_CACHE_DIR ? resolve(process.env.ZILCH_CACHE_DIR) : defaultCacheDir();
const threads = Number(process.env.ZILCH_PRESOLVE_THREADS) || Math.min(2, availableParallelism());
const presets = solvablePresets();
const missing = presets
  .filter((p) => !solutionCached(p.rules, dir) && !solutionShipped(p.rules))
  .map((p) => p.id);
if (missing.length > 0)
  console.log(
    `presolve: solving ${missing.join(', ')} into ${dir} on ${threads} threads (once; about 35 s on two idle cores)`,
  );
const started = performance.now();
try {
  await presolve(presets, {
    dir,
    threads,
    onDone: (r) => {
      if (r.solved) console.log(`presolve: ${r.id} solved in ${r.seconds.toFixed(1)} s`);
      if (r.copied) console.log(`presolve: ${r.id} copied from the shipped solution`);
    },
  });
  if (missing.length > 0)
    console.log(`presolve: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  // A failed presolve costs the coach its win chances until a solve, never the install.
  console.warn(
    `presolve: failed (${e instanceof Error ? e.message : String(e)}); the coach solves on demand`,
  );
}
