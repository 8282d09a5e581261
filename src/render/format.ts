import { type Locale, formatMoney as moneyIn } from '../i18n/index.js';

/** "$12,300" (or "12.300 $"…): whole dollars as the picture's language writes them, the same in every picture. */
export function formatMoney(amount: number, locale: Locale = 'en'): string {
  return moneyIn(Math.round(amount), locale);
}
