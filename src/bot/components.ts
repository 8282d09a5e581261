/**
 * The one codec for every button's and form's custom id. Each kind of component declares its
 * typed argument with the encoder and decoder side by side (`defineKind`), in the feature file
 * that builds and handles it. A custom id names the game and the engine state it was offered
 * at, so a click from an earlier moment is recognised as stale, and everything a click means
 * travels inside it: the bot keeps no per-message memory and a restart loses nothing.
 *
 * Written as `acq:<kind>:<game id>:<state id>:<argument>`, optionally followed by `:<n>`, a
 * digit that only makes two buttons of one message with the same meaning distinct (Discord
 * refuses duplicate custom ids). Decoding is strict: a forged, damaged or oversized id, or a
 * number written any other way than plain digits (" 0", "1e3", "0x10"), is refused before
 * anything is loaded.
 */
import { ButtonBuilder, ButtonStyle } from 'discord.js';
import { cutText } from './text.js';

export interface ComponentKind<Arg> {
  readonly name: string;
  encodeArg(arg: Arg): string;
  /** The argument, or null when the text is not one this kind ever writes. */
  decodeArg(text: string): Arg | null;
}

export function defineKind<Arg>(name: string, codec: { encode(arg: Arg): string; decode(text: string): Arg | null }): ComponentKind<Arg> {
  if (!/^[a-zA-Z]{1,16}$/.test(name)) throw new Error(`bad component kind name ${name}`);
  return { name, encodeArg: codec.encode, decodeArg: codec.decode };
}

/** Ready-made argument codecs. */
export const args = {
  /** No argument. */
  none: { encode: (_: undefined) => '', decode: (text: string) => (text === '' ? undefined : null) } as {
    encode(arg: undefined): string;
    decode(text: string): undefined | null;
  },
  /** A small whole number written in plain digits, within [0, max]. */
  int: (max: number) => ({
    encode: (value: number) => String(value),
    decode: (text: string): number | null => (/^(0|[1-9]\d{0,6})$/.test(text) && Number(text) <= max ? Number(text) : null),
  }),
  /** One of a fixed set of words. */
  oneOf: <Word extends string>(...words: Word[]) => ({
    encode: (word: Word) => word,
    decode: (text: string): Word | null => ((words as string[]).includes(text) ? (text as Word) : null),
  }),
};

export interface ComponentId<Arg> {
  kind: ComponentKind<Arg>;
  gameId: string;
  /** The engine state id the component was offered at (0 in the lobby). */
  stateId: number;
  arg: Arg;
}

/** An id decoded only as far as its envelope: the kind's table entry decodes the argument. */
export interface ComponentEnvelope {
  kind: string;
  gameId: string;
  stateId: number;
  argText: string;
}

const PREFIX = 'acq';
const GAME_ID = /^[A-Za-z0-9-]{1,40}$/;
const STATE_ID = /^(0|[1-9]\d{0,6})$/;
const MAX_CUSTOM_ID = 100;

export function encodeComponentId<Arg>(kind: ComponentKind<Arg>, gameId: string, stateId: number, arg: Arg): string {
  const encoded = [PREFIX, kind.name, gameId, String(stateId), kind.encodeArg(arg)].join(':');
  if (encoded.length > MAX_CUSTOM_ID) throw new Error(`custom id longer than Discord allows: ${kind.name}`);
  return encoded;
}

/** The envelope of a custom id, or null for anything forged, damaged or not ours. */
export function decodeEnvelope(raw: string): ComponentEnvelope | null {
  // Typed a string, but read from a payload: a forged one may carry anything.
  if (typeof raw !== 'string' || raw.length > MAX_CUSTOM_ID) return null;
  const parts = raw.split(':');
  if (parts.length < 5 || parts.length > 6 || parts[0] !== PREFIX) return null;
  if (parts.length === 6 && !/^[1-9]$/.test(parts[5]!)) return null;
  const [, kind, gameId, stateId, argText] = parts as [string, string, string, string, string];
  if (!/^[a-zA-Z]{1,16}$/.test(kind) || !GAME_ID.test(gameId) || !STATE_ID.test(stateId)) return null;
  return { kind, gameId, stateId: Number(stateId), argText };
}

/** A custom id decoded for a known kind, or null when its argument is not one the kind writes. */
export function decodeComponentId<Arg>(kind: ComponentKind<Arg>, raw: string): ComponentId<Arg> | null {
  const envelope = decodeEnvelope(raw);
  if (!envelope || envelope.kind !== kind.name) return null;
  const arg = kind.decodeArg(envelope.argText);
  return arg === null ? null : { kind, gameId: envelope.gameId, stateId: envelope.stateId, arg };
}

/** The same custom id made distinct as the `n`th duplicate on one message (n from 1 to 9). */
export function distinctComponentId(customId: string, n: number): string {
  return `${customId}:${n}`;
}

export interface ButtonOptions {
  style?: ButtonStyle;
  disabled?: boolean;
  emoji?: string;
}

/** A button of `kind` for a game at a state: the one way buttons are built. */
export function button<Arg>(
  kind: ComponentKind<Arg>,
  at: { gameId: string; stateId: number },
  arg: Arg,
  label: string,
  options: ButtonOptions = {},
): ButtonBuilder {
  const built = new ButtonBuilder()
    .setCustomId(encodeComponentId(kind, at.gameId, at.stateId, arg))
    .setLabel(cutText(label, 80))
    .setStyle(options.style ?? ButtonStyle.Secondary)
    .setDisabled(options.disabled ?? false);
  if (options.emoji) built.setEmoji(options.emoji);
  return built;
}
