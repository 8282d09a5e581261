/** The name of a game's thread: who plays, in plain text, within Discord's 100 characters. */
import { cutText } from '../text.js';

const THREAD_NAME_LIMIT = 100;

export function threadName(names: readonly string[]): string {
  const clean = names.map((name) => name.replace(/\s+/g, ' ').trim() || 'someone');
  const who = clean.length === 2 ? `${clean[0]} vs ${clean[1]}` : clean.length > 2 ? `${clean.slice(0, -1).join(', ')} and ${clean.at(-1)}` : (clean[0] ?? '');
  return cutText(`Acquire: ${who}`, THREAD_NAME_LIMIT);
}
