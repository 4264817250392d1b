import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console one, to print "N passed, N failed".
const reportDir = process.env.ZILCH_TEST_REPORT_DIR;

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'reliability/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/vitest.json` } : undefined,
  },
});
