/** `/acquire rules`: the game in a few lines (the full rules are in the project's README), in the reader's language. */
import { type Locale, t } from '../i18n/index.js';

export function rulesSummary(locale: Locale): string {
  return t(locale, 'rules.summary');
}
