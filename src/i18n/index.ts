/**
 * Every word the bot says, in the reader's language. The sentences live in one JSON catalog per
 * locale (./locales/*.json, English the reference); `t` reads them through i18next, which picks
 * plural forms with `Intl.PluralRules` (`_one`/`_other`, Polish `_few`/`_many` too) and falls back
 * to English for a key a catalog lacks. A pseudo-locale, `en-XA`, is made from English at load
 * (accented, 40 % longer) so that tests can see any text left outside the catalogs.
 *
 * Who reads what in which language: a private answer in the clicker's `interaction.locale`; the
 * game's public messages and pictures in the game's `language` (a start option; by default the
 * server's preferred locale when the bot has it, else English); direct messages in the
 * recipient's last seen locale. A locale the bot lacks is English.
 */
import i18next from 'i18next';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import esES from './locales/es-ES.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import pl from './locales/pl.json' with { type: 'json' };
import ptBR from './locales/pt-BR.json' with { type: 'json' };

/** The languages the bot speaks, as Discord names them (English first: the fallback). */
export const LOCALES = ['en', 'de', 'fr', 'es-ES', 'pt-BR', 'it', 'pl'] as const;
/** The pseudo-locale for tests: English accented and made longer. Never offered to players. */
export const PSEUDO_LOCALE = 'en-XA';
export type Locale = (typeof LOCALES)[number] | typeof PSEUDO_LOCALE;

/** Each language's own name, as offered by the `language` start option. */
export const LANGUAGE_NAMES: Record<(typeof LOCALES)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  'es-ES': 'Español',
  'pt-BR': 'Português do Brasil',
  it: 'Italiano',
  pl: 'Polski',
};

type Catalog = typeof en;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type PluralBase<K extends string> = K extends `${infer Base}_ordinal_${PluralForm}` ? Base : K extends `${infer Base}_${PluralForm}` ? Base : K;
/** A sentence's key in the catalogs ("refusals.notOurs"); a plural's key without its `_one`/`_other`. */
export type Key = PluralBase<Leaves<Catalog>>;
export type Params = Record<string, string | number | boolean>;
/**
 * A sentence to be said later, in the language of whoever reads it (a refusal, a notice). A
 * parameter may itself be one (a clause: "waiting for Ann to buy shares."), said in the same language.
 */
export interface Text {
  key: Key;
  params?: Record<string, string | number | Text>;
  /** A more detailed English wording said to English readers instead (an engine rejection's own sentence). */
  english?: string;
}

export const CATALOGS: Record<(typeof LOCALES)[number], unknown> = {
  en,
  de,
  fr,
  'es-ES': esES,
  'pt-BR': ptBR,
  it,
  pl,
};

const PSEUDO_LETTERS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'áƀçďéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÁƁÇĎÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
);
/** Placeholders, code, mentions and links stay as they are: only the words around them change. */
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|`[^`]*`|<[^>]*>|https?:\/\/\S+)/;

/** English made unmistakable and 40 % longer: "Place a tile" → "Þļáçé á ţîļé ·ŵŵŵŵ·". */
export function pseudo(text: string): string {
  const parts = text.split(KEPT);
  let letters = 0;
  const accented = parts
    .map((part, index) => {
      if (index % 2 === 1) return part;
      return part.replace(/[A-Za-z]/g, (letter) => {
        letters++;
        return PSEUDO_LETTERS[letter] ?? letter;
      });
    })
    .join('');
  const extra = Math.ceil(text.length * 0.4);
  return letters === 0 || extra < 2 ? accented : `${accented} ·${'ŵ'.repeat(extra - 2)}·`;
}

function pseudoCatalog(catalog: unknown): unknown {
  if (typeof catalog === 'string') return pseudo(catalog);
  return Object.fromEntries(Object.entries(catalog as Record<string, unknown>).map(([key, value]) => [key, pseudoCatalog(value)]));
}

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(
    [...Object.entries(CATALOGS), [PSEUDO_LOCALE, en === undefined ? {} : pseudoCatalog(en)]].map(([locale, catalog]) => [
      locale,
      { translation: catalog as Record<string, unknown> },
    ]),
  ),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES, PSEUDO_LOCALE],
  // 'es-ES' is its own language here, not Spanish in general.
  load: 'currentOnly',
  nsSeparator: false,
  // Discord's markdown needs no escaping of what fills a sentence: the callers escape names.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/**
 * Each sentence compiled once per language and plural form, from i18next's store: i18next's own
 * `t` took 35 to 115 µs a call (a board's status lines alone doubled its CPU), a compiled one a
 * few hundred ns. The rules are i18next's: the plural form by `Intl.PluralRules` (`_one`, `_few`…,
 * `_ordinal_…` with `ordinal: true`), then `_other`, then the key itself; a key a catalog lacks
 * in English; `$t(key)` nests a sentence.
 */
const compiled = new Map<string, (params?: Params) => string>();
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralForm(locale: Locale, count: number, ordinal: boolean): string {
  const cacheKey = `${locale}|${ordinal}`;
  let rules = pluralRules.get(cacheKey);
  if (!rules) {
    rules = new Intl.PluralRules(locale === PSEUDO_LOCALE ? 'en' : locale, { type: ordinal ? 'ordinal' : 'cardinal' });
    pluralRules.set(cacheKey, rules);
  }
  return rules.select(count);
}

function template(locale: Locale, key: string, form: string | null, ordinal: boolean): string {
  const prefix = ordinal ? '_ordinal_' : '_';
  const candidates = form === null ? [key] : [`${key}${prefix}${form}`, `${key}${prefix}other`, key];
  // A language the bot lacks (or none, from a record made before languages) reads English.
  for (const language of locale === 'en' || !isLocale(locale) ? ['en'] : [locale, 'en']) {
    for (const candidate of candidates) {
      const found = instance.getResource(language, 'translation', candidate) as unknown;
      if (typeof found === 'string') return found;
    }
  }
  return key;
}

function compile(locale: Locale, text: string): (params?: Params) => string {
  const nested = text.replace(/\$t\(([^)]+)\)/g, (_, key: string) => t(locale, key as Key));
  const parts = nested.split(/\{\{\s*(\w+)\s*\}\}/);
  if (parts.length === 1) return () => nested;
  return (params) => {
    let out = parts[0]!;
    for (let index = 1; index < parts.length; index += 2) out += String(params?.[parts[index]!] ?? '') + parts[index + 1]!;
    return out;
  };
}

/** The sentence `key` in `locale`, its placeholders filled (`count` picks the plural form). */
export function t(locale: Locale, key: Key, params?: Params): string {
  const count = params?.count;
  const ordinal = params?.ordinal === true;
  const form = typeof count === 'number' ? pluralForm(locale, count, ordinal) : null;
  const cacheKey = `${locale}|${key}|${form ?? ''}|${ordinal}`;
  let fill = compiled.get(cacheKey);
  if (!fill) {
    fill = compile(locale, template(locale, key, form, ordinal));
    compiled.set(cacheKey, fill);
  }
  return fill(params);
}

/** A `Text` said in `locale`. */
export function say(locale: Locale, text: Text): string {
  if (text.english !== undefined && locale === 'en') return text.english;
  if (!text.params) return t(locale, text.key);
  const params: Params = {};
  for (const [name, value] of Object.entries(text.params)) params[name] = typeof value === 'object' ? say(locale, value) : value;
  return t(locale, text.key, params);
}

/** Whether `value` is one of the bot's languages (a stored game's, a start option's). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && ((LOCALES as readonly string[]).includes(value) || value === PSEUDO_LOCALE);
}

/**
 * The bot's language for a Discord locale ("de", "en-US", "es-419", "pt-BR"): the same one, or
 * one of the same language (Latin American Spanish reads the Spanish catalog); English when the
 * bot has none (or Discord said nothing).
 */
export function resolveLocale(discordLocale: string | null | undefined): Locale {
  if (!discordLocale) return 'en';
  if (isLocale(discordLocale)) return discordLocale;
  const language = discordLocale.split('-')[0]!.toLowerCase();
  return LOCALES.find((locale) => locale.split('-')[0] === language) ?? 'en';
}

const moneyFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * Dollars as `locale` writes them ("$12,000", "12.000 $", "12 000 $"). English is grouped by hand:
 * a move's panels and table messages write dozens of amounts, and ICU's formatting was 0.6 % of
 * the event loop at the load bench's ceiling (86 ns an amount against 228 in a loop); other
 * locales through one cached `Intl.NumberFormat` each.
 */
export function formatMoney(amount: number, locale: Locale): string {
  if (locale === 'en' || locale === PSEUDO_LOCALE) {
    if (!Number.isSafeInteger(amount)) return `$${amount.toLocaleString('en-US')}`;
    const digits = String(Math.abs(amount));
    let grouped = digits.slice(0, digits.length % 3 || 3);
    for (let index = grouped.length; index < digits.length; index += 3) grouped += `,${digits.slice(index, index + 3)}`;
    return `$${amount < 0 ? '-' : ''}${grouped}`;
  }
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    });
    moneyFormats.set(locale, format);
  }
  return format.format(amount);
}

/** A list in `locale`'s words: "Tower, Luxor and Festival" (`Intl.ListFormat`). */
export function formatList(items: readonly string[], locale: Locale, type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  if (locale !== PSEUDO_LOCALE) return listFormat(locale, type).format(items);
  // The pseudo-locale's glue words accented, the items as they are.
  const glued = listFormat(locale, type).format(items.map((_, index) => `\uE000${index}\uE001`));
  return glued
    .split(/(\uE000\d+\uE001)/)
    .map((part, index) => (index % 2 === 1 ? items[Number(part.slice(1, -1))]! : part.replace(/[A-Za-z]/g, (letter) => PSEUDO_LETTERS[letter] ?? letter)))
    .join('');
}

const listFormats = new Map<string, Intl.ListFormat>();
function listFormat(locale: Locale, type: 'conjunction' | 'disjunction'): Intl.ListFormat {
  const cacheKey = `${locale}|${type}`;
  let format = listFormats.get(cacheKey);
  if (!format) {
    // English without the Oxford comma, as the bot always wrote it.
    format = new Intl.ListFormat(locale === PSEUDO_LOCALE || locale === 'en' ? 'en-GB' : locale, { style: 'long', type });
    listFormats.set(cacheKey, format);
  }
  return format;
}
