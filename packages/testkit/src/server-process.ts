// The game server as a child process: node itself runs it (not a wrapper), so signals reach the
// server; from sources through the tsx loader, or the compiled dist/ (after `npx tsc -b`).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { until } from './http.ts';
import { testDirs } from './services.ts';

// The same path from src/ and from dist/: both sit one level inside this package.
const serverDir = new URL('../../server/', import.meta.url);

/** Which build of the server to run. */
export interface SpawnOptions {
  /** Run packages/server/dist (compiled) instead of its sources. */
  compiled?: boolean;
  /** Give up waiting for it to listen after this many ms (default 30 s). */
  readyMs?: number;
  /** Flags for node itself before the script (`--cpu-prof`, `--trace-gc`). */
  nodeArgs?: string[];
}

/** The command line that starts the server: node and its arguments. */
export function serverCommand(compiled = false): { command: string; args: string[] } {
  const main = fileURLToPath(new URL(compiled ? 'dist/main.js' : 'src/main.ts', serverDir));
  return {
    command: process.execPath,
    args: compiled ? [main] : ['--conditions=source', '--import', 'tsx', main],
  };
}

/** A running server child. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
  /** What it printed so far (the last 100–200 kB). */
  output(): string;
  /** Resident memory in MiB (from /proc), or NaN once it is gone. */
  rssMb(): number;
  /** Sends a signal (default SIGKILL) unless it has exited, and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Spawns the server with `env` over test-friendly defaults; resolves once it listens. */
export async function spawnServer(
  env: Record<string, string> = {},
  opts: SpawnOptions = {},
): Promise<ServerProcess> {
  const { command, args } = serverCommand(opts.compiled);
  const child = spawn(command, [...(opts.nodeArgs ?? []), ...args], {
    env: {
      ...process.env,
      // The run's sandbox unless `env` names others: a test server never writes ./data.
      ...testDirs(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ZILCH_WEB_DIR: '/nonexistent',
      // Test clients all come from 127.0.0.1: per-address caps would count them as one abuser.
      ZILCH_SOCKETS_PER_IP: '100000',
      ZILCH_SOCKET_MESSAGES_PER_IP: '1000000',
      ZILCH_COSTLY_RATE_LIMIT: '1000000',
      ZILCH_GUESTS_PER_IP_HOUR: '1000000',
      ZILCH_METRICS: 'on',
      // A fresh store would spend its first minutes making puzzle banks from self-play.
      ZILCH_PUZZLE_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: unknown) => {
    out += String(d);
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await until(
    () => /served on (http:\/\/\S+)/.exec(out)?.[1] ?? (child.exitCode !== null ? 'exit' : null),
    opts.readyMs ?? 30_000,
    25,
  ).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`server did not start: ${String(e)}\n${out}`);
  });
  if (url === 'exit') throw new Error(`server exited at start: ${out}`);
  return {
    child,
    url,
    port: Number(new URL(url).port),
    output: () => out,
    rssMb: () => rssOf(child.pid),
    async stop(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Resident set size of a process in MiB, NaN when it is gone. */
export function rssOf(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc; NaN once it is gone. */
export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds used so far by every live process whose command name starts with `prefix` (Linux
 * /proc; NaN elsewhere): PostgreSQL's backends, say, which are not children of the server.
 */
export function cpuSecondsOfCommand(prefix: string): number {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return NaN;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith(prefix))
        total += cpuSecondsOf(Number(pid)) || 0;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** A free TCP port on loopback (so a restarted server can come back on the same one). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
