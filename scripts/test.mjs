#!/usr/bin/env node
// `npm test`: every part of the suite in turn, whatever an earlier part did, then one summary of
// them all, and a non-zero exit at the end if any part failed:
//   build       tsc -b (the browser suite's server runs the compiled packages)
//   unit        vitest run (unit, property, server, CLI and reliability suites, on sources)
//   browser     playwright test (Chromium)
//   isolation   the clone's ./data and the developer's solution cache are as they were before:
//               tests write only to their run's temporary directories (scripts/test-sandbox.mjs)
// The counts come from the JSON reports vitest and Playwright write to $ZILCH_TEST_REPORT_DIR
// (CI sets it and reads them too; otherwise a temporary directory).
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { developerCacheDir } from './test-sandbox.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const given = process.env.ZILCH_TEST_REPORT_DIR;
const reports = given ?? mkdtempSync(join(tmpdir(), 'zilch-test-report-'));
const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * Every file under `dir` with its size, change time and inode (a write or a replacement changes
 * one of them), or null when `dir` does not exist.
 */
function snapshot(dir) {
  if (!existsSync(dir)) return null;
  const files = new Map();
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const s = lstatSync(path, { bigint: true });
      if (s.isDirectory()) walk(path);
      files.set(relative(dir, path), `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}`);
    }
  };
  walk(dir);
  return files;
}

/** What changed between two snapshots, as short lines (empty: nothing). */
function changes(before, after) {
  if (before === null && after === null) return [];
  if (before === null) return [`created (${after.size} entries)`];
  if (after === null) return ['removed'];
  const lines = [];
  for (const [path, sig] of after) {
    if (!before.has(path)) lines.push(`${path} created`);
    else if (before.get(path) !== sig) lines.push(`${path} changed`);
  }
  for (const path of before.keys()) if (!after.has(path)) lines.push(`${path} removed`);
  return lines;
}

let interrupted = false;
process.on('SIGINT', () => {
  // The child got the same Ctrl-C; no part starts after it.
  interrupted = true;
});

/** Runs a command in the clone with the report directory set; resolves with its exit code. */
function run(command, args) {
  console.log(`\n[test] ${[command.replace(`${root}node_modules/.bin/`, ''), ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ZILCH_TEST_REPORT_DIR: reports },
    });
    child.on('error', (e) => {
      console.error(`[test] could not start ${command}: ${e.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A JSON report, or null when the part wrote none. */
function report(name) {
  const file = join(reports, name);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * A part's verdict from its exit code and its report's counts (`undefined`: it writes none). A
 * non-zero exit is a failure even when every test passed, and so is a missing report.
 */
function verdict(code, counts, note) {
  const failed = code !== 0 || counts === null || (counts?.failed ?? 0) > 0;
  const exit = code !== 0 && !counts?.failed ? `exit code ${code}` : undefined;
  return { failed, counts, note: [exit, note].filter(Boolean).join('; ') || undefined };
}

const dataDir = join(root, 'data');
const cacheDir = developerCacheDir();
const before = { data: snapshot(dataDir), cache: snapshot(cacheDir) };
for (const name of ['vitest.json', 'playwright.json']) rmSync(join(reports, name), { force: true });

const parts = [
  {
    name: 'build',
    async run() {
      return verdict(await run(bin('tsc'), ['-b']), undefined);
    },
  },
  {
    name: 'unit',
    async run() {
      const code = await run(bin('vitest'), ['run']);
      const r = report('vitest.json');
      const counts = r
        ? {
            passed: r.numPassedTests ?? 0,
            // A file that fails to load has no test to count: it counts as one failure.
            failed:
              (r.numFailedTests ?? 0) +
              (r.testResults ?? []).filter(
                (f) => f.status === 'failed' && !f.assertionResults?.length,
              ).length,
            skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
          }
        : null;
      return verdict(code, counts, r ? undefined : 'no vitest.json report');
    },
  },
  {
    name: 'browser',
    async run() {
      const code = await run(bin('playwright'), ['test', '--pass-with-no-tests']);
      const s = report('playwright.json')?.stats;
      const counts = s
        ? {
            passed: (s.expected ?? 0) + (s.flaky ?? 0),
            failed: s.unexpected ?? 0,
            skipped: s.skipped ?? 0,
          }
        : null;
      const none = counts && counts.passed + counts.failed + counts.skipped === 0;
      const note = !s
        ? 'no playwright.json report'
        : none
          ? 'no browser test ran (see the SKIPPED line above)'
          : s.flaky
            ? `${s.flaky} passed only on a retry`
            : undefined;
      return verdict(code, counts, note);
    },
  },
  {
    name: 'isolation',
    async run() {
      const lost = [
        ...changes(before.data, snapshot(dataDir)).map((l) => `./data: ${l}`),
        ...changes(before.cache, snapshot(cacheDir)).map((l) => `${cacheDir}: ${l}`),
      ];
      for (const l of lost.slice(0, 20))
        console.error(`[test] a test wrote outside its sandbox: ${l}`);
      return {
        failed: lost.length > 0,
        counts: undefined,
        note:
          lost.length > 0
            ? `${lost.length} change(s) to ./data or ${cacheDir}`
            : `./data and ${cacheDir} unchanged`,
      };
    },
  },
];

const results = [];
for (const part of parts) {
  if (interrupted) break;
  const started = performance.now();
  const r = await part.run();
  results.push({ name: part.name, seconds: (performance.now() - started) / 1000, ...r });
}
if (!given) rmSync(reports, { recursive: true, force: true });

console.log('\n[test] summary');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const r of results) {
  const c = r.counts;
  if (c) for (const k of Object.keys(total)) total[k] += c[k];
  const counts = c ? `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped` : '';
  const line = [r.failed ? 'FAILED' : 'ok', counts, r.note].filter(Boolean).join(' · ');
  console.log(`  ${r.name.padEnd(10)} ${line.padEnd(64)} ${r.seconds.toFixed(1).padStart(7)} s`);
}
const failedParts = results.filter((r) => r.failed).map((r) => r.name);
if (interrupted) failedParts.push('interrupted');
console.log(
  `  ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped; ` +
    (failedParts.length > 0 ? `failed: ${failedParts.join(', ')}` : 'every part passed'),
);
process.exit(failedParts.length > 0 ? 1 : 0);
