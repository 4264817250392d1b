// Boot file for simulation worker threads: Node cannot load TypeScript by itself, so register
// tsx first. A compiled build would point the Worker at the emitted .js instead.
import { register } from 'tsx/esm/api';

register();
await import('../src/simulate/worker.ts');
