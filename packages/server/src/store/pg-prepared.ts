// PostgreSQL parses and plans an unnamed statement on every execution. For the few texts the
// server runs over and over (an action's append, the turn's push lookup) that was about half of
// the backend's CPU per statement (measured: 300 → 160 µs for the append as a named statement),
// on the same two cores as the event loop. Texts seen often enough become named (prepared)
// statements on each connection; rare ones (migrations, IN lists of one length) stay unnamed, so
// what each backend keeps stays bounded.
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** How hot a text must be, and how many may be named, before and beyond which texts stay unnamed. */
export interface PreparedLimits {
  /** Executions of one text (by this process) after which it is run as a named statement. */
  readonly after: number;
  /** Most texts named per process (each backend keeps at most this many plans). */
  readonly most: number;
  /** Most distinct texts counted at once; past it the counts start over. */
  readonly counted: number;
}

/** Named after 20 runs; at most 100 named texts (each backend keeps that many plans at most). */
export const PREPARED_LIMITS: PreparedLimits = { after: 20, most: 100, counted: 5000 };

/** PostgreSQL's code for a prepared statement whose result type changed under it (a migration by another process). */
const FEATURE_NOT_SUPPORTED = '0A000';

/** Decides which texts run as named statements, for every connection of one pool. */
export class PreparedTexts {
  private readonly seen = new Map<string, number>();
  private readonly named = new Map<string, string>();
  /** Texts whose plan broke under a schema change: never named again by this process. */
  private readonly refused = new Set<string>();
  /** Names are never reused: a refused text's name stays prepared on the connections that made it. */
  private made = 0;

  constructor(private readonly limits: PreparedLimits = PREPARED_LIMITS) {}

  /** The statement name to run this text under, or null to run it unnamed. */
  nameFor(text: string): string | null {
    const name = this.named.get(text);
    if (name !== undefined) return name;
    if (this.named.size >= this.limits.most || this.refused.has(text)) return null;
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(text)) return null;
    const n = (this.seen.get(text) ?? 0) + 1;
    if (n < this.limits.after) {
      if (this.seen.size >= this.limits.counted) this.seen.clear();
      this.seen.set(text, n);
      return null;
    }
    this.seen.delete(text);
    const fresh = `zilch_${++this.made}`;
    this.named.set(text, fresh);
    return fresh;
  }

  /** Stops naming a text (its cached plan no longer fits the table). */
  refuse(text: string): void {
    this.named.delete(text);
    this.refused.add(text);
  }

  /** How many texts are named now. */
  get size(): number {
    return this.named.size;
  }
}

/** True for "cached plan must not change result type": a table changed under a prepared statement. */
function planChanged(e: unknown): boolean {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { code?: unknown }).code === FEATURE_NOT_SUPPORTED &&
    /cached plan/i.test(String((e as { message?: unknown }).message))
  );
}

/** A connection whose hot texts run as named statements; everything else passes through. */
function preparedClient(c: pg.PoolClient, texts: PreparedTexts): PostgresPoolClient {
  const plain = c as unknown as PostgresPoolClient;
  async function run<R>(text: string, params: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    const name = texts.nameFor(text);
    const values = [...params];
    if (name === null) return plain.query<R>(text, values);
    try {
      return (await c.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
    } catch (e) {
      // The statement failed at planning, before it ran: running it unnamed is safe.
      if (!planChanged(e)) throw e;
      texts.refuse(text);
      return plain.query<R>(text, values);
    }
  }
  return {
    query: ((q: unknown, params?: readonly unknown[]) =>
      typeof q === 'string'
        ? run(q, params ?? [])
        : plain.query(
            q as Parameters<PostgresPoolClient['query']>[0] & object,
          )) as PostgresPoolClient['query'],
    release: (destroy?: boolean) => c.release(destroy),
  };
}

/** Kysely's view of a pg pool whose connections run hot texts as named statements. */
export function preparedPool(pool: pg.Pool, texts = new PreparedTexts()): PostgresPool {
  return {
    connect: async () => preparedClient(await pool.connect(), texts),
    end: () => pool.end(),
  };
}
