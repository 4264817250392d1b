import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console one, to print "N passed, N failed".
const reportDir = process.env.ZILCH_TEST_REPORT_DIR;
// Tests run on sources: every @zilch/* package exports its src/ under the "source" condition.
const conditions = ['source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'reliability/test/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/vitest.json` } : undefined,
  },
});
