/**
 * A folder made read-only for real, and writable again. The tests run as root in CI, where file
 * modes stop nothing: there the folder and everything in it are made immutable (`chattr +i`),
 * which makes even root's writes fail (EPERM, through file descriptors already open as well);
 * anyone else gets `chmod a-w` (EACCES for what they open or create anew).
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const asRoot = process.getuid?.() === 0;

/** `folder` and everything in it read-only; with `only`, the folder itself (no file may be added, renamed or removed). */
export function makeReadOnly(folder: string, { only = false } = {}): void {
  const recursive = only ? [] : ['-R'];
  if (asRoot) execFileSync('chattr', [...recursive, '+i', folder]);
  else execFileSync('chmod', [...recursive, 'a-w', folder]);
  // Not a folder that may still be written: the test would prove nothing.
  let writable = true;
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    writable = false;
  }
  if (writable) throw new Error(`${folder} could not be made read-only`);
}

export function makeWritable(folder: string, { only = false } = {}): void {
  const recursive = only ? [] : ['-R'];
  if (asRoot) execFileSync('chattr', [...recursive, '-i', folder]);
  else execFileSync('chmod', [...recursive, 'u+w', folder]);
}
