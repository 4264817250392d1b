import { defineConfig } from 'vitest/config';
import { openSandbox } from './scripts/test-sandbox.mjs';

// Tests write to this run's temporary directories, never to ./data or ~/.cache/zilch: the
// workers and every server or CLI a test spawns inherit them (scripts/test-sandbox.mjs).
openSandbox();

// CI asks for a JSON report beside the console one, to print "N passed, N failed".
const reportDir = process.env.ZILCH_TEST_REPORT_DIR;
// Tests run on sources: every @zilch/* package exports its src/ under the "source" condition.
const conditions = ['source', 'module', 'node', 'development|production'];

const everything = [
  'packages/*/test/**/*.test.ts',
  'reliability/test/**/*.test.ts',
  'test/**/*.test.ts',
];
// Suites that measure how long players wait while servers restart, crash or are flooded. They
// bound those waits, so they run after the rest, one file at a time: sharing the two cores with
// the full-size solver comparison stretched a restart from 1.7 s to 4.8 s and failed the bound.
const underLoad = ['reliability/test/**/*.test.ts', 'packages/server/test/strategy-pool.test.ts'];
// The full-size solver comparison keeps both cores busy with its own child processes for about
// five minutes: it runs alone, between the suites and the timed suites. CI's second run (the
// newest Node LTS) leaves it out, the first having made it.
const fullSolves = ['packages/strategy/test/solver/exact-full.test.ts'];
const skipFullSolves = process.env.ZILCH_SKIP_FULL_SOLVES === '1';

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    setupFiles: ['scripts/test-worker-store.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/vitest.json` } : undefined,
    projects: [
      {
        extends: true,
        test: {
          name: 'suites',
          include: everything,
          exclude: ['**/node_modules/**', '**/dist/**', ...underLoad, ...fullSolves],
          // Two files at a time on two cores: most of these wait on servers, databases and child
          // processes, and one worker left a core idle for most of the run.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      ...(skipFullSolves
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: 'full-solves',
                include: fullSolves,
                maxWorkers: 1,
                sequence: { groupOrder: 1 },
              },
            },
          ]),
      {
        extends: true,
        test: {
          name: 'timed',
          include: underLoad,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
