/** Vitest's global setup: the embedded database's templates built once (test/support/pglite.ts); the copies left by a crashed test removed at the end. */
import { rmSync } from 'node:fs';
import { COPIES_DIR, ensureTemplates } from './pglite.js';

export async function setup(): Promise<() => void> {
  await ensureTemplates();
  return () => rmSync(COPIES_DIR, { recursive: true, force: true });
}
