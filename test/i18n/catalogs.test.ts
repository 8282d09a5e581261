/**
 * The catalogs (src/i18n/locales/*.json) against the English one: every key in every language,
 * with the same placeholders, the plural forms each language needs, commands left as typed;
 * and the pseudo-locale, the locale rules and the money of each language.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGS, LOCALES, PSEUDO_LOCALE, formatMoney, pseudo, resolveLocale, t, type Key } from '../../src/i18n/index.js';

type Flat = Map<string, string>;

function flatten(catalog: unknown, prefix = '', into: Flat = new Map()): Flat {
  for (const [key, value] of Object.entries(catalog as Record<string, unknown>)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

const FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** A key's sentence and its form: "refusals.lobbyFull_one" → ["refusals.lobbyFull", "cardinal", "one"]. */
function parse(key: string): { base: string; kind: 'plain' | 'cardinal' | 'ordinal'; form: string | null } {
  const ordinal = new RegExp(`^(.*)_ordinal_(${FORMS.join('|')})$`).exec(key);
  if (ordinal) return { base: ordinal[1]!, kind: 'ordinal', form: ordinal[2]! };
  const cardinal = new RegExp(`^(.*)_(${FORMS.join('|')})$`).exec(key);
  if (cardinal) return { base: cardinal[1]!, kind: 'cardinal', form: cardinal[2]! };
  return { base: key, kind: 'plain', form: null };
}

interface Sentence {
  kind: 'plain' | 'cardinal' | 'ordinal';
  forms: Map<string | null, string>;
}

function sentences(catalog: unknown): Map<string, Sentence> {
  const grouped = new Map<string, Sentence>();
  for (const [key, text] of flatten(catalog)) {
    const { base, kind, form } = parse(key);
    const entry = grouped.get(base) ?? { kind, forms: new Map() };
    entry.forms.set(form, text);
    grouped.set(base, entry);
  }
  return grouped;
}

/** The placeholders and nested sentences a text uses, e.g. ["{{name}}", "$t(buttons.dispose)"]. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|\$t\(([^)]+)\)/g)].map((match) => (match[1] ? `{{${match[1]}}}` : `$t(${match[2]})`)).sort();
}

/** Code spans: the commands a sentence tells to type, which stay as typed in every language. */
function codeSpans(text: string): string[] {
  return [...text.matchAll(/`[^`]+`/g)].map((match) => match[0]).sort();
}

const english = sentences(CATALOGS.en);

describe('every catalog against the English one', () => {
  for (const locale of LOCALES.filter((candidate) => candidate !== 'en')) {
    describe(locale, () => {
      const catalog = sentences(CATALOGS[locale]);

      it('has every sentence of the English catalog, and none it lacks', () => {
        expect([...catalog.keys()].filter((key) => !english.has(key))).toEqual([]);
        expect([...english.keys()].filter((key) => !catalog.has(key))).toEqual([]);
      });

      it('fills the same placeholders and keeps the same commands in each sentence', () => {
        const problems: string[] = [];
        for (const [key, theirs] of catalog) {
          const ours = english.get(key);
          if (!ours) continue;
          const wanted = new Set([...ours.forms.values()].flatMap(placeholders));
          const wantedCode = codeSpans([...ours.forms.values()][0] ?? '').join(' ');
          for (const [form, text] of theirs.forms) {
            // A plural form may say its number in words ("eine Aktie"): {{count}} may be left out of it.
            const used = new Set(placeholders(text));
            const missing = [...wanted].filter((name) => !used.has(name) && !(name === '{{count}}' && theirs.kind !== 'plain'));
            const extra = [...used].filter((name) => !wanted.has(name));
            if (missing.length > 0 || extra.length > 0)
              problems.push(`${key}${form ? `_${form}` : ''}: missing ${missing.join(' ') || '-'}, extra ${extra.join(' ') || '-'}`);
            if (codeSpans(text).join(' ') !== wantedCode)
              problems.push(`${key}${form ? `_${form}` : ''}: commands ${codeSpans(text).join(' ')} instead of ${wantedCode}`);
          }
        }
        expect(problems).toEqual([]);
      });

      it('has every plural form the language needs, as Intl.PluralRules counts them', () => {
        const problems: string[] = [];
        for (const [key, theirs] of catalog) {
          if (theirs.kind === 'plain') {
            if (english.get(key)?.kind !== 'plain') problems.push(`${key}: not plural`);
            continue;
          }
          const needed = new Intl.PluralRules(locale, { type: theirs.kind === 'ordinal' ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories;
          const missing = needed.filter((form) => !theirs.forms.has(form));
          if (missing.length > 0) problems.push(`${key}: no ${missing.join(', ')}`);
        }
        expect(problems).toEqual([]);
      });
    });
  }

  it('gives no empty sentence and no English one left untranslated where English has words', () => {
    const same: string[] = [];
    for (const locale of LOCALES.filter((candidate) => candidate !== 'en')) {
      for (const [key, text] of flatten(CATALOGS[locale])) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        const ours = flatten(CATALOGS.en).get(key);
        // Words that are the same in both (a name, "Acquire", "OK") are few: a whole English sentence is a slip.
        if (ours === text && /[a-z]{3,}\s+[a-z]{3,}\s+[a-z]{3,}/i.test(ours.replace(/\{\{[^}]*\}\}|`[^`]*`|\$t\([^)]*\)/g, ''))) same.push(`${locale} ${key}`);
      }
    }
    expect(same).toEqual([]);
  });
});

describe('the slash command in every language', () => {
  it('keeps every description and choice within Discord’s 100 characters', () => {
    const long: string[] = [];
    for (const locale of LOCALES) {
      for (const [key, text] of flatten(CATALOGS[locale])) if (key.startsWith('command.') && text.length > 100) long.push(`${locale} ${key}`);
    }
    expect(long).toEqual([]);
  });
});

describe('the pseudo-locale', () => {
  it('accents every letter and is 40 % longer, its placeholders and commands untouched', () => {
    expect(pseudo('Use `/acquire hand`, {{name}}.')).toMatch(/^Ûšé `\/acquire hand`, \{\{name\}\}\. ·ŵ*·$/);
    expect(pseudo('Place a tile').length).toBeGreaterThanOrEqual(Math.ceil('Place a tile'.length * 1.4));
    for (const [key] of flatten(CATALOGS.en)) {
      const { base, kind } = parse(key);
      const text = t(PSEUDO_LOCALE, base as Key, { count: 2, name: 'Ann', chain: 'Tower', ordinal: kind === 'ordinal' });
      expect(text.replace(/\{\{[^}]*\}\}|`[^`]*`|<[^>]*>|Ann|Tower/g, ''), key).not.toMatch(/[A-Za-z]{2,}/);
    }
  });
});

describe('whose language is used', () => {
  it('takes the Discord locale when the bot speaks it, one of the same language, else English', () => {
    expect(resolveLocale('de')).toBe('de');
    expect(resolveLocale('pt-BR')).toBe('pt-BR');
    expect(resolveLocale('es-419')).toBe('es-ES');
    expect(resolveLocale('en-US')).toBe('en');
    expect(resolveLocale('en-GB')).toBe('en');
    expect(resolveLocale('ja')).toBe('en');
    expect(resolveLocale(null)).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
  });

  it('writes money as each language does', () => {
    expect(formatMoney(12_000, 'en')).toBe('$12,000');
    expect(formatMoney(12_000, 'de')).toBe('12.000\u00a0$');
    expect(formatMoney(12_000, 'pt-BR')).toBe('$\u00a012.000');
    expect(formatMoney(12_000, 'fr')).toMatch(/^12\s000\s\$$/u);
    expect(formatMoney(600, 'pl')).toMatch(/^600\s\$$/u);
  });

  it('picks Polish plural forms through Intl.PluralRules', () => {
    const left = (count: number) => t('pl', 'buy.chainButton', { chain: 'Tower', price: '300 $', count });
    expect([left(1), left(2), left(5), left(22), left(25)]).toEqual([
      'Tower 300 $ · została 1',
      'Tower 300 $ · zostały 2',
      'Tower 300 $ · zostało 5',
      'Tower 300 $ · zostały 22',
      'Tower 300 $ · zostało 25',
    ]);
    expect(t('en', 'chart.place', { count: 2, ordinal: true })).toBe('2nd');
    expect(t('fr', 'chart.place', { count: 1, ordinal: true })).toBe('1er');
  });
});
