// docs/operations.md and deploy/grafana say what a running server exports: every metric name and
// label set that /metrics shows is documented, nothing documented is missing, and every panel
// of the dashboard is filtered by the chosen job.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { tempDir } from '@zilch/testkit';
import { api, playToEnd, startTestServer } from './helpers.ts';

const read = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

let server: RunningServer;
let base: string;
// Its own store: the worker's default one may hold a table an earlier file left in play, and the
// first test counts the games in play from zero.
const data = tempDir('zilch-ops-');
beforeAll(async () => {
  server = await startTestServer({ ZILCH_DATA_DIR: data.dir });
  base = server.url;
});
afterAll(async () => {
  await server.close();
  data.cleanup();
});

interface Exported {
  /** Metric name → label names seen on its samples (`le` of histograms left out). */
  readonly labels: Map<string, Set<string>>;
}

/** Parses Prometheus text: every metric named by a TYPE line, and the label names of its samples. */
function parseMetrics(text: string): Exported {
  const labels = new Map<string, Set<string>>();
  const kinds = new Map<string, string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      labels.set(type[1] as string, new Set());
      kinds.set(type[1] as string, type[2] as string);
      continue;
    }
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? \S+$/.exec(line);
    if (!sample) continue;
    let name = sample[1] as string;
    if (!labels.has(name)) name = name.replace(/_(bucket|sum|count)$/, '');
    const set = labels.get(name);
    if (!set) throw new Error(`a sample of an undeclared metric: ${line}`);
    for (const m of (sample[2] ?? '').matchAll(/(\w+)="/g)) {
      if (!(kinds.get(name) === 'histogram' && m[1] === 'le')) set.add(m[1] as string);
    }
  }
  return { labels };
}

/** The metric tables of docs/operations.md: name → documented label names. */
function documented(doc: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const line of doc.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line.split('|').slice(1, -1);
    const names = [...(cells[0] ?? '').matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1] as string);
    if (names.length === 0 || !names.every((n) => /^(zilch|nodejs|process)_/.test(n))) continue;
    // Names are the backticked words outside parentheses; inside them are example values.
    const labelCell = (cells.at(-1) ?? '').replace(/\([^)]*\)/g, '');
    const labels = new Set([...labelCell.matchAll(/`(\w+)`/g)].map((m) => m[1] as string));
    for (const n of names) out.set(n, labels);
  }
  return out;
}

async function scrape(): Promise<string> {
  return fetch(`${base}/metrics`).then((r) => r.text());
}

describe('operations guide against a running server', () => {
  it('counts the games in play across the store as tables are started and finished', async () => {
    const inPlay = async () => Number(/^zilch_games_in_play (\S+)$/m.exec(await scrape())?.[1]);
    expect(await inPlay()).toBe(0);
    const t = (
      await api(base, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body;
    // A table waiting for its player is not in play yet.
    expect(await inPlay()).toBe(0);
    const token = t.seats[0].token as string;
    expect(
      (await api(base, 'POST', `/api/games/${t.gameId}/claim`, { token, name: 'Ops' })).status,
    ).toBe(200);
    expect(await inPlay()).toBe(1);
    // Advice, a refusal and a whole game: every labelled zilch metric gets a sample.
    const view = (await api(base, 'GET', `/api/games/${t.gameId}`)).body;
    expect((await api(base, 'POST', '/api/advice', { state: view.state })).status).toBe(200);
    expect((await api(base, 'GET', '/api/games/no-such-game')).status).toBe(404);
    await playToEnd(base, t.gameId, token);
    expect(await inPlay()).toBe(0);
  }, 90_000);

  it('documents every metric and label set /metrics exports, and nothing else', async () => {
    const exported = parseMetrics(await scrape()).labels;
    const docs = documented(read('docs/operations.md'));
    expect(exported.size).toBeGreaterThan(30);
    for (const [name, labels] of exported) {
      const said = docs.get(name);
      expect(said, `${name} is exported but not in docs/operations.md`).toBeDefined();
      // prom-client's defaults show some label values only once they occur (a GC, a handle);
      // Zilch's own metrics all have samples after the test above, so theirs must match exactly.
      if (name.startsWith('zilch_')) expect([...labels].sort(), name).toEqual([...said!].sort());
      else for (const l of labels) expect(said!.has(l), `${name}{${l}} undocumented`).toBe(true);
    }
    for (const name of docs.keys())
      expect(exported.has(name), `${name} is documented but not exported`).toBe(true);
  });

  it('filters every metric of every dashboard panel by the chosen job', () => {
    const dashboard = JSON.parse(read('deploy/grafana/zilch-dashboard.json')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const exported = new Set(documented(read('docs/operations.md')).keys());
    expect(dashboard.panels.length).toBeGreaterThan(0);
    for (const panel of dashboard.panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets ?? []) {
        const selectors = [...expr.matchAll(/\b((?:zilch|nodejs|process)_\w+)(\{[^}]*\})?/g)];
        expect(selectors.length, expr).toBeGreaterThan(0);
        for (const [, metric, filter] of selectors) {
          expect(filter ?? '', `${panel.title}: ${expr}`).toContain('job=~"$job"');
          const family = (metric as string).replace(/_bucket$/, '');
          expect(exported.has(family), `${panel.title} plots ${metric}, not exported`).toBe(true);
        }
      }
    }
    const tables = dashboard.panels.find((p) => p.title === 'Tables live');
    expect(tables?.targets?.map((t) => t.expr).join(' ')).toMatch(/zilch_games_in_play/);
  });
});

const analyze = spawnSync('systemd-analyze', ['--version']).status === 0;
if (!analyze) console.warn('!!! systemd unit test SKIPPED: apt-get install -y systemd to run it');

describe.skipIf(!analyze)('the systemd unit', () => {
  it('is rated at most 4.0 by systemd-analyze security', () => {
    const dir = tempDir('zilch-unit-');
    try {
      const unit = join(dir.dir, 'zilch@.service');
      copyFileSync(
        fileURLToPath(new URL('../../../deploy/systemd/zilch@.service', import.meta.url)),
        unit,
      );
      // Offline, the unit is looked up in the working directory; an instance name fills %i.
      const r = spawnSync('systemd-analyze', ['security', '--offline=yes', 'zilch@3001.service'], {
        cwd: dir.dir,
        encoding: 'utf8',
      });
      const level = /Overall exposure level for zilch@3001\.service: ([0-9.]+)/.exec(r.stdout);
      expect(level, r.stdout + r.stderr).not.toBeNull();
      expect(Number(level?.[1])).toBeLessThanOrEqual(4);
    } finally {
      dir.cleanup();
    }
  });
});
