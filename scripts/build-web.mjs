#!/usr/bin/env node
// Builds the web app with Vite unless its inputs are unchanged since the last build, so
// `npm start` after a crash serves again at once instead of rebuilding for several seconds.
// The inputs are the web package and the sources of every package it bundles.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const web = join(root, 'packages/web');
const stamp = join(web, 'dist/.inputs-hash');

/** The workspace packages (by folder) the web app bundles: its @zilch/* dependencies, and theirs. */
function bundled(pkg, seen = new Set()) {
  const { dependencies = {} } = JSON.parse(
    readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8'),
  );
  for (const name of Object.keys(dependencies)) {
    const dep = name.startsWith('@zilch/') ? name.slice('@zilch/'.length) : null;
    if (dep && !seen.has(dep) && existsSync(join(root, 'packages', dep))) {
      seen.add(dep);
      bundled(dep, seen);
    }
  }
  return seen;
}

// Only what ends up in the bundle counts: a change to the server or the CLI must not cost
// `npm start` a web build.
const inputs = [
  join(web, 'app'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
  ...[...bundled('web')]
    .sort()
    .flatMap((p) => [join(root, 'packages', p, 'src'), join(root, 'packages', p, 'package.json')]),
  join(root, 'package-lock.json'),
];

/** Every file under `path`, sorted, so the hash does not depend on directory order. */
function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

const hash = createHash('sha256');
for (const f of inputs.flatMap(files))
  hash.update(relative(root, f)).update('\0').update(readFileSync(f));
const digest = hash.digest('hex');

const force = process.argv.includes('--force');
if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) {
  console.log('web app is up to date (sources unchanged since the last build)');
  process.exit(0);
}
// Built beside dist/ and swapped in whole: a server starting meanwhile (or a second build running
// at the same time) never finds a half-written dist/ without its index.html.
const out = join(web, `dist.building-${process.pid}`);
const r = spawnSync(
  'npx',
  ['vite', 'build', '--logLevel', 'warn', '--outDir', out, '--emptyOutDir'],
  { cwd: web, stdio: 'inherit' },
);
if (r.status !== 0) {
  rmSync(out, { recursive: true, force: true });
  process.exit(r.status ?? 1);
}
// Compressed copies for the server to send as they are (@fastify/static preCompressed).
for (const f of files(out)) {
  if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(f)) continue;
  const data = readFileSync(f);
  if (data.length < 1024) continue;
  writeFileSync(`${f}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${f}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
writeFileSync(join(out, '.inputs-hash'), digest);
const old = join(web, `dist.old-${process.pid}`);
if (existsSync(join(web, 'dist'))) renameSync(join(web, 'dist'), old);
renameSync(out, join(web, 'dist'));
rmSync(old, { recursive: true, force: true });
