// Boot file of strategy pool threads started from sources (tests, tsx): register tsx, then hand
// the pool the task function of the TypeScript module named by the last argument.
import { register } from 'tsx/esm/api';

register();
const mod = await import(process.argv[process.argv.length - 1]);
export default mod.default;
