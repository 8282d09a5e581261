/**
 * zod schemas for what crosses the engine's boundary: actions from the bot, options chosen at
 * start, and game states read back from the database.
 */
import { z } from 'zod';
import { ALL_TILES, TILE_COUNT, isTile } from './board.js';
import type { Action, Cell, GameOptions, GameState, Rejection, Tile } from './types.js';

const playerId = z.string().min(1).max(64);
const chainName = z.string().min(1).max(32);
/** Shares, sizes and the like: whole numbers from 0, bounded so a damaged row cannot hold an absurd one. */
const MAX_COUNT = 1000;
const count = z.number().int().min(0).max(MAX_COUNT);
const holdings = z.object({
  cash: z.number().int().min(0).max(10_000_000),
  shares: z.record(chainName, count),
});

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('placeTile'), player: playerId, tile: z.string().min(2).max(3) }),
  z.object({ type: z.literal('skipPlacement'), player: playerId }),
  z.object({ type: z.literal('redrawHand'), player: playerId }),
  z.object({ type: z.literal('foundChain'), player: playerId, chain: chainName }),
  z.object({ type: z.literal('chooseSurvivor'), player: playerId, chain: chainName }),
  z.object({ type: z.literal('chooseNextDefunct'), player: playerId, chain: chainName }),
  z.object({ type: z.literal('disposeShares'), player: playerId, sell: count, trade: count }),
  z.object({ type: z.literal('buyShares'), player: playerId, chains: z.array(chainName).max(3) }),
  z.object({ type: z.literal('declareEnd'), player: playerId }),
  z.object({ type: z.literal('offerTrade'), player: playerId, to: playerId, give: holdings, receive: holdings }),
  z.object({ type: z.literal('answerTrade'), player: playerId, accept: z.boolean() }),
  z.object({ type: z.literal('withdrawTrade'), player: playerId }),
]) satisfies z.ZodType<Action>;

/** An action from outside, or a rejection saying what is wrong with it. */
export function parseAction(input: unknown): Action | Rejection {
  const parsed = actionSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  return { ok: false, code: 'action/malformed', message: 'That move could not be understood.' };
}

export const optionsSchema = z.object({
  bonusMode: z.enum(['classic', 'tycoon']),
  chainSet: z.enum(['classic', 'set2008']),
  founderShare: z.enum(['none', 'cash']),
  unplayable: z.enum(['replace', 'strict']),
  holdings: z.enum(['open', 'hidden']),
  twoPlayerBank: z.boolean(),
  trades: z.boolean(),
}) satisfies z.ZodType<GameOptions>;

const tile = z.enum(ALL_TILES as [string, ...string[]]);

/**
 * The lists of a stored state (the board, the bag, the net-worth history: several hundred
 * entries; each player's seven share counts) checked by one predicate each rather than a schema
 * per entry. The bot reads a game twice a move, and a schema per entry made zod's parse the
 * largest allocator on the bot's main thread under load (a sixth of all it allocated, in a
 * sampling heap profile at 200 games).
 */
function listOf<Item>(what: string, isItem: (item: unknown) => boolean, length?: { max?: number; exactly?: number }) {
  return z.custom<Item[]>(
    (value) =>
      Array.isArray(value) &&
      (length?.exactly === undefined || value.length === length.exactly) &&
      (length?.max === undefined || value.length <= length.max) &&
      value.every(isItem),
    { message: `Not a list of ${what}.` },
  );
}
const isTileName = (item: unknown) => typeof item === 'string' && isTile(item);
const isInteger = (item: unknown) => Number.isInteger(item);
/** `count`, as a predicate for a list of them. */
const isCount = (item: unknown) => Number.isInteger(item) && (item as number) >= 0 && (item as number) <= MAX_COUNT;
const tileList = (length?: { max?: number }) => listOf<Tile>('tiles', isTileName, length);
const seat = z.number().int().min(0).max(5);
const chainRef = z.number().int().min(0).max(6);
const tradeOffer = z.object({ from: seat, to: seat, give: holdings, receive: holdings });

const phaseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('placeTile'), redrawn: z.boolean(), tradeOffers: count }),
  z.object({ kind: z.literal('foundChain'), tile }),
  z.object({
    kind: z.literal('merger'),
    merger: z.object({
      tile,
      mergemaker: seat,
      chains: z.array(chainRef),
      survivor: chainRef.nullable(),
      pendingDefunct: z.array(chainRef),
      current: z.object({ chain: chainRef, sizeBefore: count, holdersToDecide: z.array(seat) }).nullable(),
    }),
  }),
  z.object({ kind: z.literal('buyShares'), endDeclared: z.boolean() }),
  z.object({ kind: z.literal('tradeOffer'), offer: tradeOffer, redrawn: z.boolean(), tradeOffers: count }),
  z.object({ kind: z.literal('gameOver') }),
]);

export const gameStateSchema = z.object({
  schema: z.literal(1),
  options: optionsSchema,
  players: z
    .array(
      z.object({
        id: playerId,
        name: z.string().max(100),
        cash: z.number().int().min(0),
        shares: listOf<number>('share counts', isCount, { exactly: 7 }),
        hand: tileList({ max: 6 }),
      }),
    )
    .min(2)
    .max(6),
  chains: z
    .array(z.object({ name: chainName, tier: z.enum(['cheap', 'medium', 'expensive']), size: count, bankShares: count, headquarters: tile.nullable() }))
    .length(7),
  board: listOf<Cell>('cells', (cell) => cell === null || (Number.isInteger(cell) && (cell as number) >= -1 && (cell as number) <= 6), { exactly: TILE_COUNT }),
  bag: tileList(),
  discarded: tileList(),
  rng: z.number().int().min(0).max(0xffffffff),
  currentPlayer: seat,
  firstPlayer: seat,
  turn: count.max(100_000),
  phase: phaseSchema,
  lastPlacedTile: tile.nullable(),
  stateId: z.number().int().min(0),
  netWorthHistory: listOf<number[]>('net worths', (row) => Array.isArray(row) && row.every(isInteger)),
  result: z
    .object({
      reason: z.enum(['declared', 'noPlayableTiles']),
      standings: z.array(z.object({ seat, playerId, name: z.string(), cash: z.number().int(), place: z.number().int().min(1) })),
    })
    .nullable(),
}) satisfies z.ZodType<GameState>;

/** A stored state, checked; throws when the JSON is not a game state (a corrupt row). */
export function parseGameState(input: unknown): GameState {
  return gameStateSchema.parse(input);
}
