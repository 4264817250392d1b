import { spawnSync } from 'node:child_process';
import { serverCommand } from '@zilch/testkit';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';

describe('configuration', () => {
  it('has defaults: port 3000, SQLite under ./data', () => {
    const c = loadConfig({});
    expect(c.ok && c.config.port).toBe(3000);
    expect(c.ok && c.config.dataDir.endsWith('/data')).toBe(true);
    expect(c.ok && c.config.databaseUrl).toBeNull();
  });

  it('keeps 2,000 games in memory unless ZILCH_GAME_CACHE says otherwise (at least 100)', () => {
    const d = loadConfig({});
    expect(d.ok && d.config.gameCache).toBe(2000);
    const c = loadConfig({ ZILCH_GAME_CACHE: '8500' });
    expect(c.ok && c.config.gameCache).toBe(8500);
    const bad = loadConfig({ ZILCH_GAME_CACHE: '10' });
    expect(!bad.ok && bad.message).toContain('ZILCH_GAME_CACHE');
  });

  it('names every bad variable', () => {
    const c = loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(c.ok).toBe(false);
    if (!c.ok) {
      expect(c.message).toContain('PORT="abc"');
      expect(c.message).toContain('DATABASE_URL');
      expect(c.message).toContain('LOG_LEVEL');
    }
  });

  it('the server exits with code 2 and a clear message on bad configuration', () => {
    const { command, args } = serverCommand();
    const r = spawnSync(command, args, {
      env: { ...process.env, PORT: '99999' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Invalid configuration:\n {2}PORT="99999"/);
  });
});
