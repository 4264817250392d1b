// The game server as a child process (node + tsx loader, so signals reach the server itself).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { until } from './http.ts';

const mainFile = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));

/** A running server child. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
  /** Everything it printed so far. */
  output(): string;
  /** Resident memory in MiB (from /proc), or NaN once it is gone. */
  rssMb(): number;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Spawns the server with `env` over test-friendly defaults; resolves once it listens. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ZILCH_WEB_DIR: '/nonexistent',
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
    30_000,
    25,
  );
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
