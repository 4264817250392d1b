// Runs every `bench/*.bench.ts` file in this folder, one after another.
// Each bench module default-exports `() => Promise<void>` that prints its figures.
// Benches report numbers; they never pass or fail.
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Bench = () => Promise<void>;

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !filter || f.includes(filter))
  .sort();

if (files.length === 0) {
  console.log('No benches found in bench/ (files named *.bench.ts).');
}

for (const file of files) {
  console.log(`\n== ${file}`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default?: Bench };
  if (typeof mod.default !== 'function') {
    console.log(`  (skipped: ${file} has no default export function)`);
    continue;
  }
  const started = performance.now();
  await mod.default();
  console.log(`  (${file} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
