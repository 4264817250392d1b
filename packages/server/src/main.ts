import { pathToFileURL } from 'node:url';
import { loadConfig } from './config/config.ts';
import { startServer } from './server.ts';

/** Runs the server from the environment until SIGTERM/SIGINT; exit code 2 on bad configuration. */
export async function runFromEnv(env: Record<string, string | undefined>): Promise<void> {
  const c = loadConfig(env);
  if (!c.ok) {
    process.stderr.write(`zilch server: ${c.message}\n`);
    process.exitCode = 2;
    return;
  }
  const server = await startServer(c.config);
  process.stdout.write(`Zilch is being served on ${server.url}\n`);
  const stop = (signal: string) => {
    server.logger.info({ signal }, 'shutting down');
    void server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // Last line of defence: a stray rejection (a dependency losing its connection) is logged,
  // never a crash — every accepted action is already stored, so the process may go on.
  process.on('unhandledRejection', (err) => server.logger.error({ err }, 'unhandled rejection'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runFromEnv(process.env);
}
