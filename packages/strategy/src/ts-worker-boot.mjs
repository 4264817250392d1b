// Boot file for worker threads started from sources (see worker-entry.ts): register tsx, then
// load the TypeScript module named by the last argument.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[process.argv.length - 1]);
