// Runs the embedded database's thread from the TypeScript sources (npm start, tests): tsx's
// loader first. The compiled bot (dist/) loads embedded-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./embedded-worker.ts');
