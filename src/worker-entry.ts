/**
 * The file a worker thread runs, beside the module at `moduleUrl`: compiled, `<name>.js`; from
 * the TypeScript sources (npm start, tests), `<name>-tsx.mjs`, which registers tsx's loader
 * before it imports `<name>.ts`. One rule for every thread the bot starts (the worker pool's, the
 * embedded database's).
 */
import { fileURLToPath } from 'node:url';

export function workerEntry(moduleUrl: string, name: string): string {
  const fromSources = moduleUrl.endsWith('.ts');
  return fileURLToPath(new URL(fromSources ? `./${name}-tsx.mjs` : `./${name}.js`, moduleUrl));
}
