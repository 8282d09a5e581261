/** Vitest's global setup: the embedded database's templates built once (test/support/pglite.ts); copies that crashed tests left removed at the end. */
import { ensureTemplates, removeLeftCopies } from './pglite.js';

export async function setup(): Promise<() => void> {
  await ensureTemplates();
  return removeLeftCopies;
}
