/** The name of a game's thread: who plays, in plain text, within Discord's 100 characters. */
import { formatList, type Locale, t } from '../../i18n/index.js';
import { cutText } from '../text.js';

const THREAD_NAME_LIMIT = 100;

export function threadName(names: readonly string[], locale: Locale): string {
  const clean = names.map((name) => name.replace(/\s+/g, ' ').trim() || t(locale, 'thread.someone'));
  const who = clean.length === 2 ? t(locale, 'thread.versus', { first: clean[0]!, second: clean[1]! }) : formatList(clean, locale);
  return cutText(t(locale, 'thread.name', { who }), THREAD_NAME_LIMIT);
}
