import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { openSandbox } from './scripts/test-sandbox.mjs';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  if (process.env.ZILCH_REQUIRE_SERVICES === '1') {
    throw new Error(`e2e: ${CHROMIUM} is missing (apt-get install -y chromium)`);
  }
  console.warn(
    `\n!!! e2e SKIPPED: ${CHROMIUM} is missing — install it with: apt-get install -y chromium !!!\n`,
  );
}

/** A free TCP port, found once and shared with the workers through the environment. */
function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
process.env.ZILCH_E2E_PORT ??= freePort();
// The server's store and solution cache, and the build's presolve, use this run's temporary
// directories, never ./data or ~/.cache/zilch (scripts/test-sandbox.mjs); the workers, which load
// this file again, join the same one.
const sandbox = openSandbox();
process.env.ZILCH_E2E_DATA ??= join(sandbox, 'e2e');
const port = process.env.ZILCH_E2E_PORT;
const root = resolve(import.meta.dirname);

export default defineConfig({
  testDir: 'e2e',
  testMatch: hasChromium ? '**/*.spec.ts' : [],
  fullyParallel: true,
  workers: 2,
  // A browser test that fails once on CI's shared cores runs once more; the report counts it as
  // flaky (.ci/run prints how many), so a retry never hides a test that fails every time.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // CI asks for a JSON report beside the console one, to print "N passed, N failed".
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ...(process.env.ZILCH_TEST_REPORT_DIR
      ? [['json', { outputFile: `${process.env.ZILCH_TEST_REPORT_DIR}/playwright.json` }] as const]
      : []),
  ],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: hasChromium
    ? {
        command: `npm run build --silent && node packages/server/dist/main.js`,
        url: `http://127.0.0.1:${port}/readyz`,
        cwd: root,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: port,
          HOST: '127.0.0.1',
          ZILCH_DATA_DIR: process.env.ZILCH_E2E_DATA,
          ZILCH_TEST_DICE: '1',
          ZILCH_BOT_DELAY_MS: '60',
          ZILCH_RATE_LIMIT: '100000',
          ZILCH_COSTLY_RATE_LIMIT: '100000',
          // Every claim links its seat (POST /api/account/seats): specs in parallel share one address.
          ZILCH_AUTH_RATE_LIMIT: '100000',
          // Every browser of the suite comes from 127.0.0.1: the per-address guest cap would count
          // them as one abuser.
          ZILCH_GUESTS_PER_IP_HOUR: '1000000',
          ZILCH_SOCKET_ACTIONS_PER_SECOND: '200',
          // The push spec's push service is a local http server (production endpoints are https,
          // on the browsers' push services): allowed here, and only to loopback.
          ZILCH_PUSH_HTTP_ENDPOINTS: '1',
          ZILCH_PUSH_HOSTS: '127.0.0.1',
          // Quick match offers the bot within seconds (e2e/match.spec.ts).
          ZILCH_MATCH_BOT_AFTER_MS: '3000',
          // ratings.spec sees two players on the leaderboard after their one rated game.
          ZILCH_LEADERBOARD_MIN_GAMES: '1',
          // puzzles.spec needs a bank; a few seconds of self-play per preset make one, and leave the
          // strategy thread to the other specs' coaches and bots sooner than the default 20 s.
          ZILCH_PUZZLE_SECONDS: '5',
          LOG_LEVEL: 'warn',
        },
      }
    : undefined,
});
