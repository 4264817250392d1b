// One or two server processes on SQLite or PostgreSQL (two share the store and Redis).
import { freePort, spawnServer, type ServerProcess, type SpawnOptions } from './server-process.ts';
import { dropSchema, newSchema, tempDir } from './services.ts';

/** Where the servers keep games. */
export type StoreKind = 'sqlite' | 'postgres';

/** Settings of a cluster. */
export interface ClusterOptions {
  store: StoreKind;
  processes: number;
  databaseUrl?: string;
  redisUrl?: string;
  env?: Record<string, string>;
  /** How each process is started (sources or compiled). */
  spawn?: SpawnOptions;
}

/** Running servers plus the environment to start more (or restart one) on the same store. */
export interface Cluster {
  servers: ServerProcess[];
  env: Record<string, string>;
  /** Starts another process on the same store (and Redis). */
  add(extra?: Record<string, string>): Promise<ServerProcess>;
  /**
   * Starts process `i` again on its port, as a supervisor would: after a crash (SIGKILL, the
   * default) or, with SIGTERM, a graceful stop that waits for the process to drain and exit.
   */
  restart(i: number, signal?: NodeJS.Signals): Promise<ServerProcess>;
  /** Stops every process (SIGTERM) and removes the store. */
  close(): Promise<void>;
}

/** Starts `processes` servers sharing one store (and Redis when there are several). */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  if (o.store === 'postgres' && !o.databaseUrl) throw new Error('postgres needs a database URL');
  if (o.processes > 1 && !o.redisUrl) throw new Error('several processes need Redis');
  const data = tempDir('zilch-rel-');
  const schema = newSchema('zilch_rel');
  const env: Record<string, string> = {
    ...(o.store === 'sqlite'
      ? { ZILCH_DATA_DIR: data.dir }
      : { DATABASE_URL: o.databaseUrl as string, ZILCH_PG_SCHEMA: schema }),
    ...(o.processes > 1 || o.env?.REDIS_URL ? { REDIS_URL: o.redisUrl as string } : {}),
    ...o.env,
  };
  const servers: ServerProcess[] = [];
  const ports: number[] = [];
  const add = async (extra: Record<string, string> = {}) => {
    // A fixed port per process, so clients find a restarted process where it was.
    const port = await freePort();
    const s = await spawnServer({ ...env, PORT: String(port), ...extra }, o.spawn);
    servers.push(s);
    ports.push(port);
    return s;
  };
  const restart = async (i: number, signal: NodeJS.Signals = 'SIGKILL') => {
    await servers[i]?.stop(signal);
    const s = await spawnServer({ ...env, PORT: String(ports[i]) }, o.spawn);
    servers[i] = s;
    return s;
  };
  const close = async () => {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    data.cleanup();
    if (o.store === 'postgres') await dropSchema(o.databaseUrl as string, schema);
  };
  try {
    for (let i = 0; i < o.processes; i++) await add();
  } catch (e) {
    await close();
    throw e;
  }
  return { servers, env, add, restart, close };
}
