// Boot file for the two-player solve worker thread: Node cannot load TypeScript by itself, so
// register tsx first. A compiled build would point the Worker at the emitted .js instead.
import { register } from 'tsx/esm/api';

register();
await import('./solve-worker.ts');
