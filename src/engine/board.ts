/** Board geometry, tile names, chain sets and the price and bonus tables. */
import type { BonusMode, ChainSetName, Tier, Tile } from './types.js';

export const COLUMNS = 12;
export const ROWS = 9;
export const TILE_COUNT = COLUMNS * ROWS;
export const ROW_LETTERS = 'ABCDEFGHI';
export const SHARES_PER_CHAIN = 25;
export const STARTING_CASH = 6000;
export const HAND_SIZE = 6;
export const SAFE_SIZE = 11;
export const END_SIZE = 41;
export const MAX_PURCHASES = 3;

/** Every tile name in board order: 1A, 2A … 12A, 1B … 12I. */
export const ALL_TILES: readonly Tile[] = Array.from({ length: TILE_COUNT }, (_, index) => tileName(index));

const INDEX_BY_NAME = new Map<string, number>(ALL_TILES.map((name, index) => [name, index]));

export function tileName(index: number): Tile {
  return `${(index % COLUMNS) + 1}${ROW_LETTERS[Math.floor(index / COLUMNS)]}`;
}

/** The board index of a tile name, or undefined for anything that is not a tile ("13A", "x"). */
export function tileIndex(name: string): number | undefined {
  return cellOf(name) ?? INDEX_BY_NAME.get(name.toUpperCase());
}

/**
 * The board index of a tile name as the engine writes them ("1A" … "12I"), read from its
 * characters: the lookup every move and query makes, many times a turn, so no map and no
 * allocation. Anything else (other case, "01A", "13A") is undefined.
 */
export function cellOf(name: string): number | undefined {
  const length = name.length;
  const row = name.charCodeAt(length - 1) - 65; // 'A'
  if (row < 0 || row >= ROWS) return undefined;
  let column: number;
  if (length === 2) {
    column = name.charCodeAt(0) - 48; // '1'…'9'
    if (column < 1 || column > 9) return undefined;
  } else if (length === 3 && name.charCodeAt(0) === 49) {
    const units = name.charCodeAt(1) - 48; // '10'…'12'
    if (units < 0 || units > COLUMNS - 10) return undefined;
    column = 10 + units;
  } else {
    return undefined;
  }
  return row * COLUMNS + column - 1;
}

export function isTile(name: string): boolean {
  return cellOf(name) !== undefined;
}

/** The column number (1–12) of a tile: the two-player bank's share count. */
export function tileColumn(name: Tile): number {
  return ((cellOf(name) ?? 0) % COLUMNS) + 1;
}

/** Orthogonal neighbours of every cell, computed once. */
export const NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: TILE_COUNT }, (_, index) => {
  const column = index % COLUMNS;
  const row = Math.floor(index / COLUMNS);
  const result: number[] = [];
  if (row > 0) result.push(index - COLUMNS);
  if (column > 0) result.push(index - 1);
  if (column < COLUMNS - 1) result.push(index + 1);
  if (row < ROWS - 1) result.push(index + COLUMNS);
  return result;
});

export interface ChainDefinition {
  name: string;
  tier: Tier;
}

export const CHAIN_SETS: Record<ChainSetName, readonly ChainDefinition[]> = {
  classic: [
    { name: 'Luxor', tier: 'cheap' },
    { name: 'Tower', tier: 'cheap' },
    { name: 'American', tier: 'medium' },
    { name: 'Worldwide', tier: 'medium' },
    { name: 'Festival', tier: 'medium' },
    { name: 'Imperial', tier: 'expensive' },
    { name: 'Continental', tier: 'expensive' },
  ],
  set2008: [
    { name: 'Worldwide', tier: 'cheap' },
    { name: 'Sackson', tier: 'cheap' },
    { name: 'Festival', tier: 'medium' },
    { name: 'Imperial', tier: 'medium' },
    { name: 'American', tier: 'medium' },
    { name: 'Continental', tier: 'expensive' },
    { name: 'Tower', tier: 'expensive' },
  ],
};

/** How many rows up the price table a tier starts (a comparison: a lookup keyed by string is slow here). */
function tierOffset(tier: Tier): number {
  return tier === 'cheap' ? 0 : tier === 'medium' ? 1 : 2;
}

/**
 * The row of the price table (0 = the $200 row … 10 = the $1,200 row) for a chain of `size`
 * tiles in `tier`. The table is the same ladder shifted one row per tier.
 */
export function priceRow(tier: Tier, size: number): number {
  return PRICE_ROWS[tierOffset(tier)]![size] ?? priceRowOf(tier, size);
}

function priceRowOf(tier: Tier, size: number): number {
  if (size < 2) return -1;
  let sizeRow: number;
  if (size <= 5) sizeRow = size - 2;
  else if (size <= 10) sizeRow = 4;
  else if (size <= 20) sizeRow = 5;
  else if (size <= 30) sizeRow = 6;
  else if (size <= 40) sizeRow = 7;
  else sizeRow = 8;
  return sizeRow + tierOffset(tier);
}

/** The price rows of every size a chain can have, by tier: looked up, not worked out, in play. */
const PRICE_ROWS: readonly (readonly number[])[] = (['cheap', 'medium', 'expensive'] as const).map((tier) =>
  Array.from({ length: TILE_COUNT + 1 }, (_, size) => priceRowOf(tier, size)),
);

/** Price of one share; 0 for a chain not on the board. */
export function sharePrice(tier: Tier, size: number): number {
  const row = priceRow(tier, size);
  return row < 0 ? 0 : 200 + row * 100;
}

/** Tycoon mode's secondary bonus by price row ($200 … $1,200). */
const TYCOON_SECONDARY = [1500, 2200, 3000, 3700, 4200, 5000, 5700, 6200, 7000, 7700, 8200] as const;

/**
 * The bonuses for each stockholder place, largest first: classic pays majority and minority,
 * tycoon pays primary, secondary and tertiary.
 */
export function bonusPlaces(mode: BonusMode, tier: Tier, size: number): number[] {
  const row = priceRow(tier, size);
  if (row < 0) return [];
  return Array.from({ length: placesPaid(mode) }, (_, place) => bonusOfPlace(mode, row, place));
}

/** How many stockholder places a bonus mode pays. */
export function placesPaid(mode: BonusMode): number {
  return mode === 'classic' ? 2 : 3;
}

/** The bonus of one place (0 = first) for a chain at price row `row` (see `bonusPlaces`). */
export function bonusOfPlace(mode: BonusMode, row: number, place: number): number {
  const price = 200 + row * 100;
  if (place === 0) return price * 10;
  if (mode === 'classic') return price * 5;
  return place === 1 ? (TYCOON_SECONDARY[row] ?? 0) : price * 5;
}

export function isSafe(size: number): boolean {
  return size >= SAFE_SIZE;
}

/** Round a split bonus up to the next $100. */
export function roundUpToHundred(amount: number): number {
  return Math.ceil(amount / 100) * 100;
}
