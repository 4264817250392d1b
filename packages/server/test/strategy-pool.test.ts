// Issue 10 D1/D2: strategy work (advice, advised bots) runs in a bounded pool of threads, so a
// costly request cannot freeze the tables or grow the server past its memory ceiling.
import { createGame as engineGame, preset, type GameState, type RuleSet } from '@zilch/engine';
import {
  api,
  claimSeat,
  createGame,
  newStats,
  Player,
  sleep,
  spawnServer,
  summarize,
  tempDir,
  until,
  type ServerProcess,
} from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const CEILING_MB = 1024;

function stateOf(rules: RuleSet): GameState {
  // Seat 1 starts: a roll-off with these fixed dice would never end.
  const g = engineGame({ ...rules, firstPlayer: 'seat-1' }, 2, {
    roll: (n) => Array.from({ length: n }, () => 2),
  });
  if (!g.ok) throw new Error(g.error.message);
  return g.state;
}

/** Ten dice with a zilch penalty: a points solve of several seconds (tens under load). */
function costly(penalty: number, name: string): RuleSet {
  return { ...preset('ten-dice'), name, zilchPenalty: { zilches: 10, points: penalty } };
}

describe('strategy pool', () => {
  let server: ServerProcess;
  const dirs = [tempDir('zilch-pool-data-'), tempDir('zilch-pool-cache-')];
  let peakRss = 0;
  let sampler: NodeJS.Timeout;

  beforeAll(async () => {
    server = await spawnServer({
      ZILCH_DATA_DIR: dirs[0]!.dir,
      ZILCH_CACHE_DIR: dirs[1]!.dir,
      ZILCH_BOT_DELAY_MS: '0',
      ZILCH_MEMORY_CEILING_MB: String(CEILING_MB),
      ZILCH_STRATEGY_QUEUE: '4',
      // Generous: this box is shared, and a solve here takes 10–40 s.
      ZILCH_STRATEGY_BUDGET_MS: '90000',
      // The probe's two players act every 15 ms: over the 20-a-second socket limit, whose
      // refusals (retried after 200 ms) would set the p99 instead of the server's latency.
      ZILCH_SOCKET_ACTIONS_PER_SECOND: '1000',
      LOG_LEVEL: 'error',
    });
    sampler = setInterval(() => {
      const rss = server.rssMb();
      if (rss > peakRss) peakRss = rss;
    }, 100);
  }, 60_000);

  afterAll(async () => {
    clearInterval(sampler);
    await server?.stop('SIGTERM');
    for (const d of dirs) d.cleanup();
  });

  it('costly custom-rule advice does not slow another table, and a renamed rule set is not solved again', async () => {
    const stats = newStats();
    const probe = await createGame(
      server.url,
      { ...preset('serendipity-creak'), name: 'probe', target: 100_000 },
      [{ kind: 'human' }, { kind: 'human' }],
    );
    const tokens = probe.seats.map((s) => s.token as string);
    for (const token of tokens) await claimSeat(server.url, probe.gameId, token, 'Probe');
    const players = tokens.map(
      (token) =>
        new Player({ gameId: probe.gameId, token, urls: [server.url], think: () => 15, stats }),
    );
    for (const p of players) await p.start();
    await until(() => stats.latencies.length > 20);
    stats.latencies.length = 0;
    // Two different costly rule sets at once (each a fresh name) and, once they are answered,
    // the first one renamed.
    const asked = [500, 550].map(async (p, i) => {
      const t = Date.now();
      const r = await api<Loose>(server.url, 'POST', '/api/advice', {
        state: stateOf(costly(p, `attack ${i} ${Math.random()}`)),
        mode: 'points',
      });
      return { status: r.status, body: r.body, ms: Date.now() - t };
    });
    const answers = await Promise.all(asked);
    for (const a of answers) {
      // Answered, or refused as BUSY with a sentence: never a hang, never a crash.
      expect([200, 503]).toContain(a.status);
      if (a.status === 503) expect(a.body.code).toBe('BUSY');
      else expect(a.body.kind).toBe('points');
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const during = summarize(stats.latencies);
    for (const p of players) p.close();
    console.log(
      'probe table during costly advice',
      during,
      answers.map((a) => [a.status, a.ms]),
      'refusals',
      stats.errorCodes,
    );
    expect(during.n).toBeGreaterThan(50);
    // On the event loop these solves froze every table for 10–35 s; in the pool the probe's p99
    // was 80–210 ms on this 2-core machine under load (printed above). The bound separates the
    // two without timing the machine.
    expect(during.p99).toBeLessThan(1000);

    // Renamed: the same rules under a new name are answered from the thread's caches.
    const solved = answers.findIndex((a) => a.status === 200);
    const again = await api<Loose>(server.url, 'POST', '/api/advice', {
      state: stateOf(costly([500, 550][solved]!, `renamed ${Math.random()}`)),
      mode: 'points',
    });
    const t = Date.now();
    const third = await api<Loose>(server.url, 'POST', '/api/advice', {
      state: stateOf(costly([500, 550][solved]!, `renamed again ${Math.random()}`)),
      mode: 'points',
    });
    const renamedMs = Date.now() - t;
    expect(again.status).toBe(200);
    expect(third.status).toBe(200);
    expect(third.body.options).toEqual(answers[solved]!.body.options);
    console.log(
      'renamed rule set answered in',
      renamedMs,
      'ms; first solve took',
      answers[solved]!.ms,
    );
    expect(renamedMs).toBeLessThan(Math.max(500, answers[solved]!.ms / 5));
  }, 240_000);

  it('a win analysis too large for the memory budget gets expected points and says so; RSS stays under the ceiling', async () => {
    const huge = { ...preset('serendipity-creak'), name: 'huge', target: 20_000 };
    const r = await api<Loose>(server.url, 'POST', '/api/advice', {
      state: stateOf(huge),
      mode: 'win',
    });
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe('points');
    expect(r.body.note).toMatch(/budget/);
    // An optimal bot on those rules plays on (in points), it does not wait on a solve.
    const t = await createGame(server.url, huge, [
      { kind: 'bot', bot: 'optimal' },
      { kind: 'bot', bot: 'optimal' },
    ]);
    const seqAt = async () =>
      ((await api<Loose>(server.url, 'GET', `/api/games/${t.gameId}`)).body.seq as number) ?? 0;
    await until(async () => (await seqAt()) >= 30, 30_000, 200);
    await sleep(500);
    console.log('peak server RSS', Math.round(peakRss), 'MB');
    expect(peakRss).toBeGreaterThan(0);
    expect(peakRss).toBeLessThan(CEILING_MB);
  }, 120_000);
});
