import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The server's Prometheus metrics, in their own registry. */
export interface Metrics {
  readonly registry: Registry;
  readonly actions: Counter<'result' | 'actor'>;
  readonly actionSeconds: Histogram;
  readonly sockets: Gauge;
  readonly gamesCreated: Counter;
  readonly gamesDriven: Gauge;
  readonly refusals: Counter<'code'>;
  readonly strategyJobs: Counter<'kind' | 'result'>;
}

/**
 * Creates the metrics (process defaults included); `strategyQueue` reads the strategy pool's
 * queue and `gamesInPlay` counts the store's live tables, both at each scrape.
 */
export function createMetrics(
  strategyQueue: () => number = () => 0,
  gamesInPlay: () => Promise<number> = async () => 0,
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'zilch_games_in_play',
    help: 'Games in play in the whole store (started, not over): the same figure from every process',
    registers: [registry],
    // Counted in the store, not in this process's memory: a game two processes both hold is one
    // table. A failed count keeps the last figure; /readyz reports the store's health.
    async collect() {
      const n = await gamesInPlay().catch(() => null);
      if (n !== null) this.set(n);
    },
  });
  new Gauge({
    name: 'zilch_strategy_queue',
    help: 'Advice and bot decisions waiting for a strategy thread',
    registers: [registry],
    collect() {
      this.set(strategyQueue());
    },
  });
  return {
    registry,
    actions: new Counter({
      name: 'zilch_actions_total',
      help: 'Actions handled, by result (accepted, refused, repeated) and actor',
      labelNames: ['result', 'actor'],
      registers: [registry],
    }),
    actionSeconds: new Histogram({
      name: 'zilch_action_duration_seconds',
      help: 'Time from an action arriving to it being stored and announced',
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    sockets: new Gauge({
      name: 'zilch_sockets',
      help: 'Open socket.io connections on this process',
      registers: [registry],
    }),
    gamesCreated: new Counter({
      name: 'zilch_games_created_total',
      help: 'Games created on this process',
      registers: [registry],
    }),
    gamesDriven: new Gauge({
      name: 'zilch_games_driven',
      help: 'Active games whose bots and timers this process drives (leases held)',
      registers: [registry],
    }),
    refusals: new Counter({
      name: 'zilch_refusals_total',
      help: 'Refused HTTP requests and socket messages, by their stable error code',
      labelNames: ['code'],
      registers: [registry],
    }),
    strategyJobs: new Counter({
      name: 'zilch_strategy_jobs_total',
      help: 'Advice, advised-bot decisions and strategy cards by kind (advice, bot, card) and result (done, busy, failed)',
      labelNames: ['kind', 'result'],
      registers: [registry],
    }),
  };
}
