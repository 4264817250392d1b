// The SIGTERM drain as named, bounded steps. Each step is logged as it starts and ends; a step
// that overruns its own bound is logged and left behind (the drain goes on), and past the whole
// budget a hard deadline force-closes what is left, so a stalled client, Redis or database can
// never hold the process up (issue 23: a drain once lasted 668 s with a silent log).
import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';

/** One step of the drain: a name for the logs, the work, and how long it may take. */
export interface DrainStep {
  readonly name: string;
  readonly ms: number;
  run(): Promise<unknown> | unknown;
}

/** What the drain ended with: done in time, or cut at the deadline during `step`. */
export type DrainOutcome =
  | { readonly ok: true; readonly ms: number }
  | { readonly ok: false; readonly ms: number; readonly step: string };

/**
 * Every TCP connection of an HTTP server, upgraded ones (WebSockets) included, which
 * `closeAllConnections()` no longer sees: the deadline destroys them all.
 */
export function trackConnections(server: HttpServer): { destroyAll(): number } {
  const open = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    open.add(s);
    s.once('close', () => open.delete(s));
  });
  return {
    destroyAll() {
      const n = open.size;
      for (const s of open) s.destroy();
      open.clear();
      return n;
    },
  };
}

/**
 * Runs `steps` in order within `budgetMs`. Past the budget `force` runs (it must close sockets and
 * pools without waiting) and the drain answers at once with the step that overran. The timer is
 * unref'd: it never keeps a process alive that has nothing else to do.
 */
export async function runDrain(
  steps: readonly DrainStep[],
  budgetMs: number,
  log: Logger,
  force: () => void,
): Promise<DrainOutcome> {
  const started = Date.now();
  let current = 'starting';
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<DrainOutcome>((resolve) => {
    timer = setTimeout(() => {
      const step = current;
      log.error(
        { step, budgetMs },
        `drain overran its ${budgetMs} ms bound in step "${step}": closing what is left`,
      );
      try {
        force();
      } catch (err) {
        log.warn({ err }, 'force-closing after the drain deadline failed');
      }
      resolve({ ok: false, ms: Date.now() - started, step });
    }, budgetMs);
    timer.unref();
  });
  const work = (async (): Promise<DrainOutcome> => {
    for (const s of steps) {
      current = s.name;
      const t0 = Date.now();
      log.info({ step: s.name }, 'drain step started');
      // Not clamped to what is left of the budget: the deadline, not the step, ends the drain.
      const r = await bounded(s.run, s.ms);
      const ms = Date.now() - t0;
      if (r === 'late')
        log.warn({ step: s.name, ms, boundMs: s.ms }, 'drain step overran; going on');
      else if (r instanceof Error) log.warn({ step: s.name, ms, err: r }, 'drain step failed');
      else log.info({ step: s.name, ms }, 'drain step ended');
    }
    current = 'done';
    return { ok: true, ms: Date.now() - started };
  })();
  const outcome = await Promise.race([work, deadline]);
  clearTimeout(timer);
  log.info({ ms: outcome.ms, ok: outcome.ok }, 'drain finished');
  return outcome;
}

/** Runs `f` for at most `ms`: its error, 'late', or undefined when it ended in time. */
async function bounded(f: () => unknown, ms: number): Promise<Error | 'late' | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => {
    timer = setTimeout(() => r('late'), ms);
    timer.unref();
  });
  try {
    const work = Promise.resolve()
      .then(f)
      .then(
        () => undefined,
        (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
      );
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
