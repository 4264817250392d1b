// How soon a restarted server is back: from spawning `node packages/server/dist/main.js` (the
// compiled server, as `npm start` runs it) to its first `/readyz` 200, on a SQLite data dir that
// already holds games: two thirds bot against bot, played to the end, one third a person against
// a bot, waiting. Target (issue 9): ≤ 1 s.
// ZILCH_BENCH_GAMES sets the number of games (default 300), ZILCH_BENCH_RESTARTS the restarts
// measured (default 7), with the presets' solutions read at start (ZILCH_PRELOAD_SOLUTIONS) and
// without. Then (issue 13): from spawning a server on a fresh data dir to the coach's first answer
// in win chances on a new serendipity-creak game (solutions from the build's presolve in
// ZILCH_CACHE_DIR, default ~/.cache/zilch), median of 3; and the RSS of a server once its
// strategy threads have advised on every solvable preset: 1 thread, and 2 with the preload on
// and off.
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite } from '@zilch/server';
import { PRESETS } from '@zilch/engine';
import { freePort, median } from '@zilch/testkit';

const MAIN = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A server child on `port`, its output kept for a failure message. */
function spawnServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ZILCH_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ZILCH_BOT_DELAY_MS: '0',
      // The bench creates hundreds of tables and asks for advice from one address.
      ZILCH_COSTLY_RATE_LIMIT: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  return { child, output: () => out };
}

/** The status of GET `path` on the local port, or null when nothing answers. */
function status(port: number, path: string): Promise<number | null> {
  // node:http, not fetch: the poller shares the machine with the server it times, and a
  // refused connection through http costs it far less than one through undici.
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('error', () => resolve(null));
  });
}

/** Polls `/readyz` until it answers 200; the milliseconds since `started`. */
async function readyAfter(
  port: number,
  started: number,
  server: ReturnType<typeof spawnServer>,
): Promise<number> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    if ((await status(port, '/readyz')) === 200) return performance.now() - started;
    if (performance.now() - started > 60_000)
      throw new Error(`not ready after 60 s:\n${server.output()}`);
    await pause(5);
  }
}

/** SIGTERM (the graceful stop) and wait for the exit. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await exited;
}

async function post(base: string, path: string, body: unknown, want = 201): Promise<unknown> {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status !== want) throw new Error(`POST ${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** RSS (MiB) of a server after advice on each solvable preset from each of its strategy threads. */
async function rssWithPresets(
  preload: string,
  workers: string,
): Promise<{ rss: number; kinds: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zilch-rss-'));
  const port = await freePort();
  const server = spawnServer(dataDir, port, {
    ZILCH_PRELOAD_SOLUTIONS: preload,
    ZILCH_STRATEGY_WORKERS: workers,
  });
  try {
    await readyAfter(port, performance.now(), server);
    const base = `http://127.0.0.1:${port}`;
    const kinds: string[] = [];
    for (const id of ['serendipity-creak', 'classic', 'farkle-2017'] as const) {
      const made = (await post(base, '/api/games', {
        rules: { ...PRESETS[id], firstPlayer: 'seat-1' },
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'optimal' }],
      })) as { gameId: string };
      const view = (await (await fetch(`${base}/api/games/${made.gameId}`)).json()) as {
        state: unknown;
      };
      // Four at once, so both threads answer.
      const answers = (await Promise.all(
        [1, 2, 3, 4].map(() => post(base, '/api/advice', { state: view.state }, 200)),
      )) as { kind: string }[];
      kinds.push(...answers.map((a) => a.kind));
    }
    await pause(1000);
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    return { rss: Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024, kinds };
  } finally {
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * From spawning a server on a fresh data dir to the coach's first answer in win chances on a new
 * serendipity-creak game: ms, and whether the very first answer was already in win chances.
 */
async function firstWinAdvice(): Promise<{ ms: number; first: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zilch-coach-'));
  const port = await freePort();
  const started = performance.now();
  const server = spawnServer(dataDir, port);
  try {
    await readyAfter(port, started, server);
    const base = `http://127.0.0.1:${port}`;
    const rules = { ...PRESETS['serendipity-creak'], firstPlayer: 'seat-1' };
    const made = (await post(base, '/api/games', {
      rules,
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'optimal' }],
    })) as { gameId: string };
    const view = (await (await fetch(`${base}/api/games/${made.gameId}`)).json()) as {
      state: unknown;
    };
    let first = '';
    for (;;) {
      const a = (await post(base, '/api/advice', { state: view.state }, 200)) as { kind: string };
      first ||= a.kind;
      if (a.kind === 'win') return { ms: performance.now() - started, first };
      if (performance.now() - started > 120_000) throw new Error('no win advice within 120 s');
      await pause(200);
    }
  } finally {
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Fills a data dir through the HTTP API, as players would, and waits for the bot games to end. */
async function fill(dataDir: string, games: number): Promise<void> {
  const port = await freePort();
  const server = spawnServer(dataDir, port);
  try {
    await readyAfter(port, performance.now(), server);
    const base = `http://127.0.0.1:${port}`;
    const bots = Math.round((games * 2) / 3);
    for (let i = 0; i < games; i++) {
      const seats =
        i < bots
          ? [
              { kind: 'bot', bot: 'cautious' },
              { kind: 'bot', bot: 'bold' },
            ]
          : [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }];
      await post(base, '/api/games', { rules: 'serendipity-creak', seats });
    }
    // Restarts are compared on a store at rest: no bot game left for the next process to finish.
    const db = openSqlite(join(dataDir, 'zilch.sqlite'), { readonly: true });
    try {
      const finished = db.prepare("select count(*) as n from games where status = 'over'");
      const started = performance.now();
      while ((finished.get() as { n: number }).n < bots) {
        if (performance.now() - started > 120_000) throw new Error('bot games did not finish');
        await pause(100);
      }
    } finally {
      db.close();
    }
  } finally {
    await stop(server.child);
  }
}

export default async function bench(): Promise<void> {
  if (!existsSync(MAIN)) {
    console.log('  packages/server/dist is missing: run `npm run build` first');
    return;
  }
  const games = Math.max(0, Number(process.env.ZILCH_BENCH_GAMES ?? 300));
  const restarts = Math.max(1, Number(process.env.ZILCH_BENCH_RESTARTS ?? 7));
  const dataDir = mkdtempSync(join(tmpdir(), 'zilch-startup-'));
  try {
    const filled = performance.now();
    await fill(dataDir, games);
    const db = openSqlite(join(dataDir, 'zilch.sqlite'), { readonly: true });
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    const stored = count('select count(*) as n from games');
    const entries = count('select count(*) as n from entries');
    db.close();
    console.log(
      `  store: ${stored} games, ${entries} log entries (filled in ${((performance.now() - filled) / 1000).toFixed(1)} s)`,
    );
    for (const preload of ['1', '0']) {
      const times: number[] = [];
      for (let i = 0; i < restarts; i++) {
        const port = await freePort();
        const started = performance.now();
        const server = spawnServer(dataDir, port, { ZILCH_PRELOAD_SOLUTIONS: preload });
        try {
          times.push(await readyAfter(port, started, server));
        } finally {
          await stop(server.child);
        }
      }
      console.log(
        `  process start → /readyz 200, ${restarts} restarts, Node ${process.versions.node}, ` +
          `ZILCH_PRELOAD_SOLUTIONS=${preload}: median ${median(times).toFixed(0)} ms ` +
          `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}; target ≤ 1000)`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await firstWinAdvice());
  console.log(
    `  process start on a fresh data dir → first coach answer in win % (serendipity-creak): ` +
      `median ${median(runs.map((r) => r.ms)).toFixed(0)} ms; first answers: ${runs.map((r) => r.first).join(', ')}`,
  );
  for (const [preload, workers] of [
    ['1', '1'],
    ['1', '2'],
    ['0', '2'],
  ] as const) {
    const r = await rssWithPresets(preload, workers);
    const win = r.kinds.filter((k) => k === 'win').length;
    console.log(
      `  server RSS, ${workers} strategy thread(s), after advice on the 3 solvable presets ` +
        `(${win}/${r.kinds.length} answers in win %), ZILCH_PRELOAD_SOLUTIONS=${preload}: ${r.rss.toFixed(0)} MiB`,
    );
  }
}
