/**
 * The `/acquire start` options as typed data (the yuudachi way): the command definition is
 * built from this table, and the handler's arguments are typed from it and read back through
 * it, so a value outside the offered choices (which Discord should never send, but a forged
 * or out-of-date client may) is refused by the bot itself.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { GameOptions } from '../src/engine/index.js';
import { LANGUAGE_NAMES, LOCALES, t } from '../src/i18n/index.js';

/** Turn time limits offered at start, in seconds; 0 is no limit. */
export const TURN_LIMITS = [
  { name: t('en', 'command.choices.turn_limit.0'), value: 0 },
  { name: t('en', 'command.choices.turn_limit.120'), value: 120 },
  { name: t('en', 'command.choices.turn_limit.600'), value: 600 },
  { name: t('en', 'command.choices.turn_limit.3600'), value: 3600 },
  { name: t('en', 'command.choices.turn_limit.86400'), value: 86_400 },
] as const;

interface ChoiceSpec<Value extends string | number> {
  readonly type: Value extends string ? 'string' : 'integer';
  readonly description: string;
  readonly choices: readonly { readonly name: string; readonly value: Value }[];
}
interface BooleanSpec {
  readonly type: 'boolean';
  readonly description: string;
}
type OptionSpec = ChoiceSpec<string> | ChoiceSpec<number> | BooleanSpec;

export const START_OPTIONS = {
  bonus: {
    type: 'string',
    description: t('en', 'command.options.bonus'),
    choices: [
      { name: t('en', 'command.choices.bonus.classic'), value: 'classic' },
      { name: t('en', 'command.choices.bonus.tycoon'), value: 'tycoon' },
    ],
  },
  chains: {
    type: 'string',
    description: t('en', 'command.options.chains'),
    choices: [
      { name: t('en', 'command.choices.chains.classic'), value: 'classic' },
      { name: t('en', 'command.choices.chains.set2008'), value: 'set2008' },
    ],
  },
  holdings: {
    type: 'string',
    description: t('en', 'command.options.holdings'),
    choices: [
      { name: t('en', 'command.choices.holdings.open'), value: 'open' },
      { name: t('en', 'command.choices.holdings.hidden'), value: 'hidden' },
    ],
  },
  founder_share: {
    type: 'string',
    description: t('en', 'command.options.founder_share'),
    choices: [
      { name: t('en', 'command.choices.founder_share.none'), value: 'none' },
      { name: t('en', 'command.choices.founder_share.cash'), value: 'cash' },
    ],
  },
  unplayable: {
    type: 'string',
    description: t('en', 'command.options.unplayable'),
    choices: [
      { name: t('en', 'command.choices.unplayable.replace'), value: 'replace' },
      { name: t('en', 'command.choices.unplayable.strict'), value: 'strict' },
    ],
  },
  trades: { type: 'boolean', description: t('en', 'command.options.trades') },
  bank_stockholder: {
    type: 'boolean',
    description: t('en', 'command.options.bank_stockholder'),
  },
  turn_limit: {
    type: 'integer',
    description: t('en', 'command.options.turn_limit'),
    choices: TURN_LIMITS,
  },
  hints: { type: 'boolean', description: t('en', 'command.options.hints') },
  language: {
    type: 'string',
    description: t('en', 'command.options.language'),
    // Each language in its own words, for whoever reads the list.
    choices: LOCALES.map((locale) => ({
      name: LANGUAGE_NAMES[locale],
      value: locale,
    })),
  },
} as const satisfies Record<string, OptionSpec>;

type Specs = typeof START_OPTIONS;
/** What a handler receives: each option's chosen value, typed from its definition; absent when not given. */
export type StartOptions = {
  -readonly [Name in keyof Specs]?: Specs[Name] extends {
    choices: readonly { value: infer Value }[];
  }
    ? Value
    : boolean;
};

export type ReadOptions = { ok: true; values: StartOptions } | { ok: false; option: string; value: string };

/** Reads the start options, refusing any value that is not one of the option's choices. */
export function readStartOptions(interaction: Pick<ChatInputCommandInteraction, 'options'>): ReadOptions {
  const values: Record<string, string | number | boolean> = {};
  for (const [name, spec] of Object.entries(START_OPTIONS) as [keyof Specs, OptionSpec][]) {
    const value =
      spec.type === 'boolean'
        ? interaction.options.getBoolean(name)
        : spec.type === 'integer'
          ? interaction.options.getInteger(name)
          : interaction.options.getString(name);
    if (value === null) continue;
    if ('choices' in spec && !spec.choices.some((choice) => choice.value === value)) return { ok: false, option: name, value: String(value) };
    values[name] = value;
  }
  return { ok: true, values: values as StartOptions };
}

/** The engine options the start options choose (the rest are the engine's defaults). */
export function engineOptions(values: StartOptions): Partial<GameOptions> {
  const options: Partial<GameOptions> = {};
  if (values.bonus !== undefined) options.bonusMode = values.bonus;
  if (values.chains !== undefined) options.chainSet = values.chains;
  if (values.holdings !== undefined) options.holdings = values.holdings;
  if (values.founder_share !== undefined) options.founderShare = values.founder_share;
  if (values.unplayable !== undefined) options.unplayable = values.unplayable;
  if (values.trades !== undefined) options.trades = values.trades;
  if (values.bank_stockholder !== undefined) options.twoPlayerBank = values.bank_stockholder;
  return options;
}
