// Runs the pool's worker from the TypeScript sources (npm start, tests): tsx's loader first.
// The compiled bot (dist/) loads worker.js directly and never uses this file.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./worker.ts');
export default worker.default;
