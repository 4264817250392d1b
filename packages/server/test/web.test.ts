import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@zilch/testkit';
import type { RunningServer } from '../src/server.ts';
import { api, startTestServer } from './helpers.ts';

const tmp = tempDir();
const BIG = `export const rolls = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => i % 6))};\n`;
let server: RunningServer;
beforeAll(async () => {
  const web = join(tmp.dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Zilch shell</title>');
  writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
  // A hashed bundle with the compressed copies scripts/build-web.mjs writes beside it.
  writeFileSync(join(web, 'assets', 'big-1a2b3c.js'), BIG);
  writeFileSync(join(web, 'assets', 'big-1a2b3c.js.br'), brotliCompressSync(BIG));
  writeFileSync(join(web, 'assets', 'big-1a2b3c.js.gz'), gzipSync(BIG));
  server = await startTestServer({ ZILCH_DATA_DIR: join(tmp.dir, 'data'), ZILCH_WEB_DIR: web });
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

describe('serving the web build', () => {
  it('serves files, falls back to index.html for app routes, never for the API', async () => {
    const js = await fetch(`${server.url}/assets/app.js`);
    expect(js.status).toBe(200);
    expect(await js.text()).toBe('console.log(1)');
    for (const path of ['/', '/table/abc', '/review/x?y=1']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Zilch shell');
    }
    const missing = await api(server.url, 'GET', '/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect((await api(server.url, 'POST', '/table/abc', {})).status).toBe(404);
  });

  it('sends the compressed copy the browser accepts, and lets it keep hashed assets for good', async () => {
    const url = `${server.url}/assets/big-1a2b3c.js`;
    for (const encoding of ['br', 'gzip']) {
      const r = await fetch(url, { headers: { 'accept-encoding': encoding } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-encoding')).toBe(encoding);
      expect(await r.text()).toBe(BIG);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG);
    // The page itself must be checked again, or a new build would never reach the browser.
    for (const path of ['/', '/table/abc']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('lists presets with their text and the rule set schema', async () => {
    const r = (await api(server.url, 'GET', '/api/rules')).body;
    expect(r.presets.map((p: { id: string }) => p.id)).toContain('serendipity-creak');
    expect(typeof r.presets[0].text).toBe('string');
    expect(r.schema).toHaveProperty('properties');
  });
});
