import type { WorkerOptions } from 'node:worker_threads';

/**
 * How to start a worker thread on the module `name` that sits beside `from` (an
 * `import.meta.url`): the compiled `.js` in a build; from sources (tests, `tsx`), the `.ts`
 * through a boot file that registers tsx, since Node cannot load TypeScript by itself.
 */
export function workerEntry(
  from: string,
  name: string,
  options: WorkerOptions = {},
): { url: URL; options: WorkerOptions } {
  if (!from.endsWith('.ts')) return { url: new URL(`./${name}.js`, from), options };
  return {
    url: new URL('./ts-worker-boot.mjs', import.meta.url),
    options: {
      ...options,
      argv: [new URL(`./${name}.ts`, from).href],
      // Resolve @zilch/* to sources too, as the thread that starts the worker does.
      execArgv: [...(options.execArgv ?? process.execArgv), '--conditions=source'],
    },
  };
}
