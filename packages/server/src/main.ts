import module from 'node:module';
import { pathToFileURL } from 'node:url';

/** Runs the server from the environment until SIGTERM/SIGINT; exit code 2 on bad configuration. */
export async function runFromEnv(env: Record<string, string | undefined>): Promise<void> {
  // Imported here, not above, so that a process started at this file can turn on the compile
  // cache before the bulk of the server's modules load.
  const { loadConfig } = await import('./config/config.ts');
  const c = loadConfig(env);
  if (!c.ok) {
    process.stderr.write(`zilch server: ${c.message}\n`);
    process.exitCode = 2;
    return;
  }
  const { startServer } = await import('./server.ts');
  const { SchemaTooNewError } = await import('./store/db.ts');
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(c.config);
  } catch (e) {
    // The one start-up failure an operator causes and must read as a sentence, not a stack.
    if (!(e instanceof SchemaTooNewError)) throw e;
    process.stderr.write(`zilch server: ${e.message}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`Zilch is being served on ${server.url}\n`);
  const stop = (signal: string) => {
    server.logger.info({ signal, boundMs: c.config.drainMs }, 'shutting down');
    // The drain has its own deadline (drain.ts); this is the one past it, should force-closing
    // itself hang: the process is gone within a second more, whatever is left.
    setTimeout(() => {
      server.logger.error('drain did not end after its deadline: exiting now');
      process.exit(1);
    }, c.config.drainMs + 1000).unref();
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
  // Node 22.1+ keeps compiled code between starts (older Node has no such cache; @types/node 20
  // does not know the function yet).
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  await runFromEnv(process.env);
}
