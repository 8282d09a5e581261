/**
 * The one codec for every button's and menu's custom id. A custom id names the game and the
 * engine state it was offered in, so a click from an earlier moment is recognised as stale,
 * and everything a click means travels inside it: the bot keeps no per-message memory and a
 * restart loses nothing.
 *
 * Written as `acq:<kind>:<game id>:<state id>:<argument>`, optionally followed by `:<n>`, a
 * digit that only makes two buttons of one message with the same meaning distinct (Discord
 * refuses duplicate custom ids); read back through zod, so a forged or damaged id is refused
 * before anything is loaded.
 */
import { z } from 'zod';

/** What a component does, by kind. `arg` carries the kind's one parameter, if any. */
export const COMPONENT_KINDS = [
  // lobby (state id 0: there is no engine state before the start)
  'join',
  'leave',
  'start',
  // panels opened from the public message, answered ephemerally
  'hand',
  'decide',
  // moves
  'tile', // arg: tile, e.g. 5D
  'skip',
  'redraw',
  'found', // arg: chain index
  'survivor', // arg: chain index
  'defunct', // arg: chain index
  'dispose', // arg: "<sell>.<trade>": show the panel with these counts
  'disposeOk', // arg: "<sell>.<trade>": confirm
  'cart', // arg: chain indexes in the cart, e.g. "002" (may be empty): show the buy panel
  'buyOk', // arg: the cart to buy
  'declareEnd',
  'offer', // open the trade form; arg: the other player's seat
  'offerForm', // the trade form (a modal) submitted; arg: the other player's seat
  'answer', // arg: "yes" | "no"
  'withdraw',
  'cancel', // arg: "ask" | "yes" | "no"
  'autopilot', // arg: the seat to put on autopilot (after missed decisions)
  'back', // a player on autopilot takes their decisions back
] as const;

export type ComponentKind = (typeof COMPONENT_KINDS)[number];

const gameId = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);
const countPair = z.string().regex(/^\d{1,2}\.\d{1,2}$/);

const ARGUMENT: Record<ComponentKind, z.ZodType<string>> = {
  join: z.literal(''),
  leave: z.literal(''),
  start: z.literal(''),
  hand: z.literal(''),
  decide: z.literal(''),
  tile: z.string().regex(/^(1[0-2]|[1-9])[A-I]$/),
  skip: z.literal(''),
  redraw: z.literal(''),
  found: z.string().regex(/^[0-6]$/),
  survivor: z.string().regex(/^[0-6]$/),
  defunct: z.string().regex(/^[0-6]$/),
  dispose: countPair,
  disposeOk: countPair,
  cart: z.string().regex(/^[0-6]{0,3}$/),
  buyOk: z.string().regex(/^[0-6]{0,3}$/),
  declareEnd: z.literal(''),
  offer: z.string().regex(/^[0-5]$/),
  offerForm: z.string().regex(/^[0-5]$/),
  answer: z.enum(['yes', 'no']),
  withdraw: z.literal(''),
  cancel: z.enum(['ask', 'yes', 'no']),
  autopilot: z.string().regex(/^[0-5]$/),
  back: z.literal(''),
};

export interface ComponentId {
  kind: ComponentKind;
  gameId: string;
  /** The engine state id the component was offered at (0 in the lobby). */
  stateId: number;
  arg: string;
}

const PREFIX = 'acq';

const componentIdSchema = z
  .object({
    kind: z.enum(COMPONENT_KINDS),
    gameId,
    stateId: z.coerce.number().int().min(0).max(1_000_000),
    arg: z.string().max(16),
  })
  .superRefine((id, context) => {
    if (!ARGUMENT[id.kind].safeParse(id.arg).success) context.addIssue({ code: 'custom', message: `bad argument for ${id.kind}` });
  });

export function encodeComponentId(id: ComponentId): string {
  const encoded = [PREFIX, id.kind, id.gameId, String(id.stateId), id.arg].join(':');
  if (encoded.length > 100) throw new Error(`custom id longer than Discord allows: ${id.kind}`);
  return encoded;
}

/** The component a custom id names, or null for anything forged, damaged or not ours. */
export function decodeComponentId(raw: string): ComponentId | null {
  const parts = raw.split(':');
  if (parts.length < 5 || parts.length > 6 || parts[0] !== PREFIX) return null;
  if (parts.length === 6 && !/^\d$/.test(parts[5]!)) return null;
  const parsed = componentIdSchema.safeParse({ kind: parts[1], gameId: parts[2], stateId: parts[3], arg: parts[4] });
  return parsed.success ? (parsed.data as ComponentId) : null;
}

/** The same custom id made distinct as the `n`th duplicate on one message (n from 1 to 9). */
export function distinctComponentId(customId: string, n: number): string {
  return `${customId}:${n}`;
}

/** "3.2" → { sell: 3, trade: 2 } */
export function parseCountPair(arg: string): { sell: number; trade: number } {
  const [sell, trade] = arg.split('.').map(Number);
  return { sell: sell ?? 0, trade: trade ?? 0 };
}

/** "023" → [0, 2, 3] */
export function parseCart(arg: string): number[] {
  return [...arg].map(Number);
}
