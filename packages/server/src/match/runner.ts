import type { Logger } from 'pino';
import type { MatchService } from './service.ts';

/** This process's pairing passes: on a timer, and at once after a join. */
export interface Matchmaker {
  /** Runs a pass soon (after a join), unless one is running; a pass already asked for is enough. */
  kick(): void;
  /** Stops the timer and waits for a pass in flight. */
  stop(): Promise<void>;
}

/** Runs `service.pass()` every `everyMs` (never two at once in this process). */
export function startMatchmaker(service: MatchService, everyMs: number, log: Logger): Matchmaker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = service
      .pass()
      .then(
        () => undefined,
        (e: unknown) => log.warn({ err: e }, 'quick-match pass failed'),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
