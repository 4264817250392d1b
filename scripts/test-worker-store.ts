// Two test files run at once (vitest.config.ts): each vitest worker gets its own default store
// under the run's sandbox, so the servers of one file never see another file's games, accounts or
// ratings. Every server or CLI the file spawns inherits it through ZILCH_DATA_DIR.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const sandbox = process.env.ZILCH_TEST_SANDBOX;
const worker = process.env.VITEST_POOL_ID;
if (sandbox && worker) {
  const dir = join(sandbox, 'data', `worker-${worker}`);
  mkdirSync(dir, { recursive: true });
  process.env.ZILCH_DATA_DIR = dir;
}
