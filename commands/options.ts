/**
 * The `/acquire start` options as typed data (the yuudachi way): the command definition is
 * built from this table, and the handler's arguments are typed from it and read back through
 * it, so a value outside the offered choices (which Discord should never send, but a forged
 * or out-of-date client may) is refused by the bot itself.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { GameOptions } from '../src/engine/index.js';

/** Turn time limits offered at start, in seconds; 0 is no limit. */
export const TURN_LIMITS = [
  { name: 'no limit', value: 0 },
  { name: '2 minutes', value: 120 },
  { name: '10 minutes', value: 600 },
  { name: '1 hour', value: 3600 },
  { name: '24 hours', value: 86_400 },
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
    description: 'Stockholder bonuses: classic (2 places) or tycoon (3 places)',
    choices: [
      { name: 'classic', value: 'classic' },
      { name: 'tycoon', value: 'tycoon' },
    ],
  },
  chains: {
    type: 'string',
    description: 'Chain names and price tiers',
    choices: [
      { name: 'classic (Luxor … Continental)', value: 'classic' },
      { name: '2008 (Worldwide … Tower)', value: 'set2008' },
    ],
  },
  holdings: {
    type: 'string',
    description: "Whether everyone's cash and shares are public",
    choices: [
      { name: 'open', value: 'open' },
      { name: 'hidden', value: 'hidden' },
    ],
  },
  founder_share: {
    type: 'string',
    description: 'When the bank has no share left for a founder',
    choices: [
      { name: 'nothing', value: 'none' },
      { name: "the share's price in cash", value: 'cash' },
    ],
  },
  unplayable: {
    type: 'string',
    description: 'Dead tiles and hands with no playable tile',
    choices: [
      { name: 'replace them', value: 'replace' },
      { name: 'strict: only skip', value: 'strict' },
    ],
  },
  trades: { type: 'boolean', description: 'Allow trades between players (off by default)' },
  bank_stockholder: { type: 'boolean', description: 'Two players: the bank competes for bonuses (on by default)' },
  turn_limit: { type: 'integer', description: 'Time each player has for a decision', choices: TURN_LIMITS },
  hints: { type: 'boolean', description: 'Offer each player a Suggest button: what the hard computer player would do' },
} as const satisfies Record<string, OptionSpec>;

type Specs = typeof START_OPTIONS;
/** What a handler receives: each option's chosen value, typed from its definition; absent when not given. */
export type StartOptions = {
  -readonly [Name in keyof Specs]?: Specs[Name] extends { choices: readonly { value: infer Value }[] } ? Value : boolean;
};

export type ReadOptions = { ok: true; values: StartOptions } | { ok: false; option: string; value: string };

/** Reads the start options, refusing any value that is not one of the option's choices. */
export function readStartOptions(interaction: Pick<ChatInputCommandInteraction, 'options'>): ReadOptions {
  const values: Record<string, string | number | boolean> = {};
  for (const [name, spec] of Object.entries(START_OPTIONS) as [keyof Specs, OptionSpec][]) {
    const value = spec.type === 'boolean' ? interaction.options.getBoolean(name) : spec.type === 'integer' ? interaction.options.getInteger(name) : interaction.options.getString(name);
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
