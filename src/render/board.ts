/**
 * The board picture sent after every turn: the 12x9 grid with every played tile, and a legend
 * with each chain's size, share price, shares left in the bank and safety.
 */
import { createCanvas, type Canvas, type CanvasRenderingContext2D } from 'canvas';
import { CHAIN_SETS, COLUMNS, isSafe, ROW_LETTERS, ROWS, sharePrice, TILE_COUNT, tileIndex, tileName } from '../engine/board.js';
import { UNINCORPORATED, type Cell, type ChainView, type GameView } from '../engine/types.js';
import { LRUCache } from 'lru-cache';
import { type Key, type Locale, t } from '../i18n/index.js';
import { formatMoney } from './format.js';
import { chainLabels, THEME } from './palette.js';
import { assemblePng, encodeStrip, entriesOf, Palette, pixelsOf, stripOfScanlines, type Strip } from './png.js';
import { drawText, drawWords, fitText, fittedSize, sprite, textWidth, type Word, wordsWidth } from './sprites.js';
import { chainTile, drawHeadquartersDisc } from './tiles.js';

// Discord shows the picture about 400 px wide on a phone, half this width, so every text size
// here is twice what it needs to read on a phone.
const MARGIN = 12;
const COORDINATE_BAND = 32;
/** Two lines: the turn and whose it is, then the bag and the last tile. */
const STATUS_HEIGHT = 74;
const CELL = 62;
/** Space between neighbouring cells, so that tiles of one chain still read as separate tiles. */
const CELL_GAP = 3;
const TILE_SIDE = CELL - CELL_GAP;
const TILE_LABEL = 30;
const GRID_LEFT = MARGIN + COORDINATE_BAND;
const GRID_TOP = MARGIN + STATUS_HEIGHT + COORDINATE_BAND;
const GRID_BOTTOM = GRID_TOP + ROWS * CELL;
export const BOARD_WIDTH = GRID_LEFT + COLUMNS * CELL + MARGIN;

const LEGEND_TOP = GRID_BOTTOM + 18;
const LEGEND_HEADER = 38;
const LEGEND_ROW = 46;
const LEGEND_CHIP = LEGEND_ROW - 10;
const LEGEND_CHIP_LABEL = 24;
const LEGEND_KEY = 40;
/** Left edges of the chip, name and safe columns; right edges of the number columns. */
const LEGEND_COLUMNS = { chip: MARGIN + 4, name: MARGIN + 60, mark: 250, size: 430, price: 560, bank: 680, safe: 708 } as const;
const LEGEND_TEXT = 25;
/** Room for the SAFE mark (to the legend's right edge) and a merger's mark (up to the size column's numbers). */
const SAFE_WIDTH = BOARD_WIDTH - MARGIN - 4 - LEGEND_COLUMNS.safe;
const MARK_WIDTH = LEGEND_COLUMNS.size - 60 - LEGEND_COLUMNS.mark;

export function boardHeight(chainCount: number): number {
  return LEGEND_TOP + LEGEND_HEADER + chainCount * LEGEND_ROW + LEGEND_KEY + MARGIN;
}

export interface BoardOptions {
  /**
   * The display name of the player whose turn it is, said in the picture so a reader who only
   * glances at the image knows who plays. The bot names them; the picture draws no rule.
   */
  turnOf?: string | null;
  /** The language of the picture's words (English when left out). */
  locale?: Locale;
}

/** All of a game the board picture shows. */
export type BoardView = Pick<GameView, 'board' | 'chains' | 'lastPlacedTile' | 'turn' | 'bagSize' | 'phase' | 'result'>;

/** Render the board as everybody may see it; nothing here depends on who looks. */
export function renderBoard(view: BoardView, options: BoardOptions = {}): Buffer {
  const chainCount = view.chains.length;
  const locale = options.locale ?? 'en';
  const layer = staticLayer(chainCount, locale);
  const palette = boardPalette();
  const strips = boardBands(view, options.turnOf ?? null, locale).map((band) => {
    // The key names the band's place and everything drawn in it (its words' language too, but
    // for the grid's rows, which have none); null: never the same twice.
    const key = band.content === null ? null : `${chainCount}|${band.grid || locale === 'en' ? '' : locale}|${band.top}|${band.content}`;
    const kept = key === null ? undefined : keptStrips.get(key);
    if (kept) return kept;
    encodedStrips++;
    const strip = band.grid ? composeGridRow(chainCount, layer, band.grid, palette) : drawnStrip(layer, band, palette);
    if (key !== null) keptStrips.set(key, strip);
    return strip;
  });
  return assemblePng(BOARD_WIDTH, boardHeight(chainCount), palette, strips);
}

/**
 * The same board with every band drawn on the canvas and encoded anew, nothing kept: what the
 * composed rows of the grid must equal byte for byte (test/render/strips.test.ts).
 */
export function renderBoardDrawn(view: BoardView, options: BoardOptions = {}): Buffer {
  const locale = options.locale ?? 'en';
  const layer = staticLayer(view.chains.length, locale);
  const palette = boardPalette();
  const strips = boardBands(view, options.turnOf ?? null, locale).map((band) => drawnStrip(layer, band, palette));
  return assemblePng(BOARD_WIDTH, boardHeight(view.chains.length), palette, strips);
}

function drawnStrip(layer: Canvas, band: Band, palette: Palette): Strip {
  return encodeStrip(pixelsOf(drawBand(layer, band)), BOARD_WIDTH, band.bottom - band.top, palette);
}

/**
 * A run of whole rows of the board, drawn and encoded on its own. Between one turn and the next
 * of a game most bands are unchanged (a tile changes one row of the grid and a chain's row of the
 * legend), so a band's encoded strip is kept and reused by the next board that shows the same.
 */
interface Band {
  top: number;
  bottom: number;
  /** Everything its pixels depend on besides its place, as text; null when it never repeats. */
  content: string | null;
  /** Draws it over the static layer; a band without one is the static layer alone. */
  draw?: (ctx: CanvasRenderingContext2D) => void;
  /** A row of the grid: what `draw` draws, as its tiles, for `composeGridRow`. */
  grid?: GridRow;
}

interface GridRow {
  row: number;
  tiles: readonly GridTile[];
  /** The cell of the row framed as the tile just played, or null. */
  framed: number | null;
}

interface GridTile {
  index: number;
  /** Names the sprite: the same key, the same pixels. */
  key: string;
  sprite: () => Canvas;
}

/** Bands from top to bottom, covering every row of the board once. */
function boardBands(view: BoardView, turnOf: string | null, locale: Locale): Band[] {
  const labels = chainLabels(view.chains.map((chain) => chain.name));
  const headquarters = new Set(view.chains.map((chain) => chain.headquarters));
  const last = view.lastPlacedTile === null ? undefined : tileIndex(view.lastPlacedTile);
  // The status lines name the turn and the player, different on every board.
  const bands: Band[] = [
    {
      top: 0,
      bottom: GRID_TOP - COORDINATE_BAND,
      content: null,
      draw: (ctx) => drawStatus(ctx, view, turnOf, locale),
    },
  ];
  bands.push({ top: GRID_TOP - COORDINATE_BAND, bottom: GRID_TOP, content: '' });
  for (let row = 0; row < ROWS; row++) {
    const tiles: GridTile[] = [];
    for (let column = 0; column < COLUMNS; column++) {
      const index = row * COLUMNS + column;
      const cell = view.board[index];
      if (cell === null || cell === undefined) continue;
      const chain = cell === UNINCORPORATED ? null : (view.chains[cell] ?? null);
      const name = tileName(index);
      if (!chain) {
        tiles.push({ index, key: `loose|${name}`, sprite: () => unincorporatedTile(name) });
        continue;
      }
      const label = labels[cell] ?? '';
      const isHeadquarters = headquarters.has(name);
      tiles.push({
        index,
        key: `chain|${chain.name}|${label}|${isHeadquarters ? 1 : 0}`,
        sprite: () => chainTile(chain.name, label, TILE_SIDE, TILE_LABEL, isHeadquarters),
      });
    }
    const framed = last !== undefined && Math.floor(last / COLUMNS) === row ? last : null;
    const content = `${tiles.map((tile) => `${tile.index}:${tile.key}`).join(',')}|${framed ?? ''}`;
    bands.push({
      top: GRID_TOP + row * CELL,
      bottom: GRID_TOP + (row + 1) * CELL,
      content,
      grid: { row, tiles, framed },
      draw: (ctx) => {
        for (const tile of tiles) {
          const { x, y } = cellOrigin(tile.index);
          ctx.drawImage(tile.sprite(), x, y);
        }
        if (framed !== null) {
          const { x, y } = cellOrigin(framed);
          drawHighlightFrame(ctx, x, y, TILE_SIDE);
        }
      },
    });
  }
  const legendRowsTop = LEGEND_TOP + LEGEND_HEADER;
  bands.push({ top: GRID_BOTTOM, bottom: legendRowsTop, content: '' });
  const marks = mergerMarks(view);
  view.chains.forEach((chain, row) => {
    const label = labels[row] ?? '';
    const mark = marks.get(row) ?? null;
    const top = legendRowsTop + row * LEGEND_ROW;
    const content = [chain.name, label, chain.active, chain.size, chain.price, chain.bankShares, chain.safe, mark].join('|');
    bands.push({
      top,
      bottom: top + LEGEND_ROW,
      content,
      draw: (ctx) => drawLegendRow(ctx, row, chain, label, mark, locale),
    });
  });
  bands.push({ top: legendRowsTop + view.chains.length * LEGEND_ROW, bottom: boardHeight(view.chains.length), content: '' });
  return bands;
}

/**
 * A band drawn alone, on a canvas of its own height: the static layer's rows under it, then its
 * own drawing (in the board's coordinates, shifted), which cannot reach past its rows.
 */
function drawBand(layer: Canvas, band: Band): Canvas {
  const height = band.bottom - band.top;
  const { canvas, ctx } = bandCanvas(height);
  ctx.setTransform(1, 0, 0, 1, 0, -band.top);
  // The layer is opaque: it replaces every pixel of the band.
  ctx.drawImage(layer, 0, band.top, BOARD_WIDTH, height, 0, band.top, BOARD_WIDTH, height);
  band.draw?.(ctx);
  return canvas;
}

// ---------------------------------------------------------------------------------------------
// The grid's rows, set together from palette entries rather than drawn. A tile is an opaque
// square at a whole-pixel place, and nothing else is drawn on a row but the frame inside the tile
// just played, so a row is the static layer's rows with each tile's square of entries set in:
// the entries of the static rows and of each tile (framed or not) are mapped once per thread and
// copied after that. The picture is byte for byte the one the canvas draws (renderBoardDrawn);
// the row costs copies and its deflate, not a canvas, a copy of its pixels and a mapping of each.

const ROW_BYTES = BOARD_WIDTH + 1;

/** The static layer's grid rows as scanlines (a filter byte, then entries), by legend length. */
const gridScanlines = new Map<number, Uint8Array>();

function staticGridScanlines(chainCount: number, layer: Canvas, palette: Palette): Uint8Array {
  let scanlines = gridScanlines.get(chainCount);
  if (!scanlines) {
    const height = GRID_BOTTOM - GRID_TOP;
    // The whole layer's pixels, once: a canvas of the grid's height kept for this would hold 1.8 MB.
    const entries = entriesOf(pixelsOf(layer).subarray(GRID_TOP * BOARD_WIDTH, GRID_BOTTOM * BOARD_WIDTH), palette);
    scanlines = new Uint8Array(height * ROW_BYTES);
    for (let y = 0; y < height; y++) scanlines.set(entries.subarray(y * BOARD_WIDTH, (y + 1) * BOARD_WIDTH), y * ROW_BYTES + 1);
    gridScanlines.set(chainCount, scanlines);
  }
  return scanlines;
}

/**
 * A tile's square as entries, framed or not, by its key. Bounded by what a board can show: the
 * loose tiles by name, each chain's tiles by label and headquarters, the empty cells framed; a
 * few hundred squares of 3.5 KB at most.
 */
const tileSquares = new Map<string, Uint8Array>();
const squareCanvas = createCanvas(TILE_SIDE, TILE_SIDE);
const squareContext = squareCanvas.getContext('2d');

function tileSquare(key: string, framed: boolean, paint: (ctx: CanvasRenderingContext2D) => void, palette: Palette): Uint8Array {
  const fullKey = `${key}|${framed ? 'framed' : ''}`;
  let square = tileSquares.get(fullKey);
  if (!square) {
    squareContext.clearRect(0, 0, TILE_SIDE, TILE_SIDE);
    paint(squareContext);
    if (framed) drawHighlightFrame(squareContext, 0, 0, TILE_SIDE);
    square = entriesOf(pixelsOf(squareCanvas), palette);
    tileSquares.set(fullKey, square);
  }
  return square;
}

/** One row's scanlines, reused: a row is encoded at once, before the next is composed. */
const rowScanlines = new Uint8Array(CELL * ROW_BYTES);

function composeGridRow(chainCount: number, layer: Canvas, grid: GridRow, palette: Palette): Strip {
  const rowTop = GRID_TOP + grid.row * CELL;
  const base = staticGridScanlines(chainCount, layer, palette);
  rowScanlines.set(base.subarray(grid.row * CELL * ROW_BYTES, (grid.row + 1) * CELL * ROW_BYTES));
  const place = (index: number, square: Uint8Array) => {
    const { x, y } = cellOrigin(index);
    for (let line = 0; line < TILE_SIDE; line++)
      rowScanlines.set(square.subarray(line * TILE_SIDE, (line + 1) * TILE_SIDE), (y - rowTop + line) * ROW_BYTES + 1 + x);
  };
  let framedPlaced = false;
  for (const tile of grid.tiles) {
    const framed = tile.index === grid.framed;
    framedPlaced ||= framed;
    place(
      tile.index,
      tileSquare(tile.key, framed, (ctx) => ctx.drawImage(tile.sprite(), 0, 0), palette),
    );
  }
  if (grid.framed !== null && !framedPlaced) {
    // The frame on an empty cell (a board drawn from a view that names a last tile not on it).
    const { x, y } = cellOrigin(grid.framed);
    place(
      grid.framed,
      tileSquare(`empty|${grid.framed}`, true, (ctx) => ctx.drawImage(layer, x, y, TILE_SIDE, TILE_SIDE, 0, 0, TILE_SIDE, TILE_SIDE), palette),
    );
  }
  return stripOfScanlines(rowScanlines);
}

/**
 * The canvases bands are drawn on, one per height, reused: drawing is synchronous and ends in
 * encoding, so no two bands share one at once, and a fresh canvas per band costs its allocation.
 */
const bandCanvases = new Map<number, { canvas: Canvas; ctx: CanvasRenderingContext2D }>();

function bandCanvas(height: number): {
  canvas: Canvas;
  ctx: CanvasRenderingContext2D;
} {
  let work = bandCanvases.get(height);
  if (!work) {
    const canvas = createCanvas(BOARD_WIDTH, height);
    work = { canvas, ctx: canvas.getContext('2d') };
    bandCanvases.set(height, work);
  }
  return work;
}

/**
 * The strips of bands already encoded, by key. A game's next board reuses all but the rows it
 * changed only if its last board's strips are still here after the boards the thread drew for
 * every other game in between (a game's boards go to one thread, src/ai/pool.ts): what must fit
 * is a thread's games times a board's own strips, and in mid-game a board's rows are its game's
 * own (about 50 KB), unlike the opening's empty rows that all games share. When a cache that
 * dropped the least recently used strip first had less room than that, every band of every board
 * was drawn again: at 6 MB that came at about 100 games a thread, 200 a bot with two drawing
 * threads (twelve bands a board against two, about 6 ms of CPU a board against 1.5). 16 MB holds
 * 250 games a thread, the 500 a bot carries at Discord's default REST limit (issue 15), through
 * their whole game (`test/render/strips.test.ts`). Past that, the least recently used strip is
 * the one needed next and most bands are drawn again (at 400 games a thread, `npm run bench
 * render`'s last line); a cache that kept part of that loop (LIRS) drew the same bands as this
 * one up to 250 games a thread, earned nothing at 200 games and gave way to lru-cache
 * (docs/performance.md).
 */
export const STRIP_BUDGET_BYTES = 16 * 1024 * 1024;
const keptStrips = new LRUCache<string, Strip>({ maxSize: STRIP_BUDGET_BYTES, sizeCalculation: (strip) => strip.deflated.length + 64 });
let encodedStrips = 0;

/** Bytes the kept strips take now. */
export function stripCacheBytes(): number {
  return keptStrips.calculatedSize;
}

/** Bands this thread has drawn and encoded so far, rather than found kept. */
export function stripsEncoded(): number {
  return encodedStrips;
}

/**
 * One palette for every board, so that any board's strips fit any other: taken from reference
 * boards that between them draw every colour a board can (each chain's tiles and headquarters, a
 * frame on a chain tile and on a loose one, active and greyed legend rows, the merger marks).
 */
let palette: Palette | undefined;

function boardPalette(): Palette {
  if (!palette) {
    palette = Palette.of(
      referenceBoards().flatMap((view) => {
        const layer = staticLayer(view.chains.length, 'en');
        return boardBands(view, 'Reference', 'en').map((band) => pixelsOf(drawBand(layer, band)));
      }),
    );
  }
  return palette;
}

/** Two boards, one per chain set: see `boardPalette`. */
function referenceBoards(): BoardView[] {
  return (['classic', 'set2008'] as const).map((set, setIndex) => {
    const definitions = CHAIN_SETS[set];
    const board: Cell[] = Array<Cell>(TILE_COUNT).fill(null);
    // Chain c on row c from its headquarters at the left edge, a loose tile after it; every
    // chain on the first board, every other one on the second (the rest greyed in the legend).
    const chains: ChainView[] = definitions.map((definition, chain) => {
      const active = setIndex === 0 || chain % 2 === 0;
      const size = active ? 2 + chain + setIndex * 3 : 0;
      for (let column = 0; column < size; column++) board[chain * COLUMNS + column] = chain;
      if (active) board[chain * COLUMNS + size + 1] = UNINCORPORATED;
      const price = active ? sharePrice(definition.tier, size) : 0;
      return {
        name: definition.name,
        tier: definition.tier,
        size,
        bankShares: setIndex === 0 ? 25 - chain : null,
        headquarters: active ? tileName(chain * COLUMNS) : null,
        price,
        safe: isSafe(size),
        active,
      };
    });
    const merger = { tile: tileName(COLUMNS), mergemaker: 0, chains: [0, 1, 2], survivor: setIndex === 0 ? 0 : null, pendingDefunct: [], current: null };
    return {
      board,
      chains,
      // The frame on a chain's headquarters on the first board, on a loose tile on the second.
      lastPlacedTile: tileName(setIndex === 0 ? COLUMNS : (chains[0]?.size ?? 0) + 1),
      turn: 40,
      bagSize: 30,
      phase: { kind: 'merger', merger },
      result: null,
    } satisfies BoardView;
  });
}

/** Where a tile stands in the picture, e.g. to point at it. */
export function tileBounds(tile: string): {
  x: number;
  y: number;
  side: number;
} {
  const index = tileIndex(tile);
  if (index === undefined) throw new Error(`${tile} is not a tile`);
  return { ...cellOrigin(index), side: TILE_SIDE };
}

/** The top-left corner of a cell's tile, inside the gap. */
function cellOrigin(index: number): { x: number; y: number } {
  return {
    x: GRID_LEFT + (index % COLUMNS) * CELL + Math.floor(CELL_GAP / 2),
    y: GRID_TOP + Math.floor(index / COLUMNS) * CELL + Math.floor(CELL_GAP / 2),
  };
}

// ---------------------------------------------------------------------------------------------
// The layer that never changes: background, coordinates, empty cells, legend headings and key.
// Drawn once per legend length and copied under every board.

const staticLayers = new Map<string, Canvas>();

function staticLayer(chainCount: number, locale: Locale): Canvas {
  const key = `${chainCount}|${locale}`;
  let layer = staticLayers.get(key);
  if (!layer) {
    layer = drawStaticLayer(chainCount, locale);
    staticLayers.set(key, layer);
  }
  return layer;
}

/**
 * The words of the legend's headings and key, each with the box it must fit in: drawn at a
 * smaller size when a language's word is longer than the box (`fittedSize`), never past it.
 */
export function legendLabels(locale: Locale): {
  text: string;
  x: number;
  size: number;
  maxWidth: number;
  align: 'left' | 'right';
}[] {
  const heading = (key: Key, x: number, maxWidth: number, align: 'left' | 'right') => {
    const text = t(locale, key);
    return {
      text,
      x,
      size: fittedSize(text, maxWidth, LEGEND_HEADING, 'bold'),
      maxWidth,
      align,
    };
  };
  return [
    heading('board.chain', LEGEND_COLUMNS.name, LEGEND_COLUMNS.mark - LEGEND_COLUMNS.name - 8, 'left'),
    heading('board.size', LEGEND_COLUMNS.size, LEGEND_COLUMNS.size - LEGEND_COLUMNS.mark - 8, 'right'),
    heading('board.price', LEGEND_COLUMNS.price, LEGEND_COLUMNS.price - LEGEND_COLUMNS.size - 12, 'right'),
    heading('board.inBank', LEGEND_COLUMNS.bank, LEGEND_COLUMNS.bank - LEGEND_COLUMNS.price - 12, 'right'),
    heading('board.safe', LEGEND_COLUMNS.safe, BOARD_WIDTH - MARGIN - 4 - LEGEND_COLUMNS.safe, 'left'),
  ];
}
const LEGEND_HEADING = 20;

/** The key's three entries and the size they are drawn at: 19 px, or less when a language's words would run past the legend's width. */
export function keyLabels(locale: Locale): {
  texts: string[];
  size: number;
  width: number;
  maxWidth: number;
} {
  const texts = [t(locale, 'board.headquarters'), t(locale, 'board.justPlayed'), t(locale, 'board.loose')];
  const maxWidth = BOARD_WIDTH - 2 * MARGIN - 8;
  const widthAt = (size: number) => texts.reduce((sum, text) => sum + textWidth(text, size) + KEY_SWATCH + 8, 0) + 2 * 28;
  let size = KEY_TEXT;
  while (size > 10 && widthAt(size) > maxWidth) size--;
  return { texts, size, width: widthAt(size), maxWidth };
}
const KEY_TEXT = 19;
const KEY_SWATCH = 26;

function drawStaticLayer(chainCount: number, locale: Locale): Canvas {
  const height = boardHeight(chainCount);
  const canvas = createCanvas(BOARD_WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, BOARD_WIDTH, height);

  const coordinate = { size: 22, weight: 'bold', colour: THEME.text, align: 'center' } as const;
  for (let column = 0; column < COLUMNS; column++) {
    drawText(ctx, String(column + 1), GRID_LEFT + column * CELL + CELL / 2, GRID_TOP - COORDINATE_BAND / 2, coordinate);
  }
  for (let row = 0; row < ROWS; row++) {
    drawText(ctx, ROW_LETTERS[row] ?? '', MARGIN + COORDINATE_BAND / 2 - 2, GRID_TOP + row * CELL + CELL / 2, coordinate);
  }

  // Every empty cell shows its own name, as on the printed board, so a player finds where a
  // tile in hand goes without counting.
  for (let index = 0; index < TILE_COUNT; index++) {
    const { x, y } = cellOrigin(index);
    ctx.fillStyle = THEME.emptyCell;
    ctx.fillRect(x, y, TILE_SIDE, TILE_SIDE);
    // 22 px here is 11 px when Discord shows the picture 400 px wide: still legible.
    drawText(ctx, tileName(index), x + TILE_SIDE / 2, y + TILE_SIDE / 2, { size: 22, colour: THEME.emptyCellText, align: 'center' });
  }

  const legendBottom = LEGEND_TOP + LEGEND_HEADER + chainCount * LEGEND_ROW;
  const legendWidth = BOARD_WIDTH - 2 * MARGIN;
  ctx.fillStyle = THEME.panel;
  ctx.fillRect(MARGIN, LEGEND_TOP, legendWidth, legendBottom - LEGEND_TOP);
  ctx.fillStyle = THEME.stripe;
  for (let row = 1; row < chainCount; row += 2) {
    ctx.fillRect(MARGIN, LEGEND_TOP + LEGEND_HEADER + row * LEGEND_ROW, legendWidth, LEGEND_ROW);
  }
  const headingY = LEGEND_TOP + LEGEND_HEADER / 2 + 2;
  for (const label of legendLabels(locale))
    drawText(ctx, label.text, label.x, headingY, {
      size: label.size,
      weight: 'bold',
      colour: THEME.mutedText,
      align: label.align,
    });

  // The key to the marks that are not chain colours.
  const keyY = legendBottom + LEGEND_KEY / 2 + 2;
  const key = keyLabels(locale);
  const keyText = { size: key.size, colour: THEME.mutedText } as const;
  const swatch = KEY_SWATCH;
  let x = MARGIN + 4;
  ctx.fillStyle = THEME.mutedText;
  ctx.fillRect(x, keyY - swatch / 2, swatch, swatch);
  drawHeadquartersDisc(ctx, x + swatch / 2, keyY, swatch / 2 - 3, '#000000');
  x += swatch + 8;
  x += drawText(ctx, key.texts[0]!, x, keyY, keyText) + 28;
  ctx.fillStyle = THEME.emptyCell;
  ctx.fillRect(x, keyY - swatch / 2, swatch, swatch);
  drawHighlightFrame(ctx, x, keyY - swatch / 2, swatch);
  x += swatch + 8;
  x += drawText(ctx, key.texts[1]!, x, keyY, keyText) + 28;
  ctx.fillStyle = THEME.unincorporated;
  ctx.fillRect(x, keyY - swatch / 2, swatch, swatch);
  x += swatch + 8;
  drawText(ctx, key.texts[2]!, x, keyY, keyText);
  return canvas;
}

// ---------------------------------------------------------------------------------------------
// Tiles

/** A tile outside any chain keeps its name, like the physical tile lying face up. */
function unincorporatedTile(tile: string): Canvas {
  return sprite(`loose-tile|${tile}`, TILE_SIDE, TILE_SIDE, (ctx) => {
    ctx.fillStyle = THEME.unincorporated;
    ctx.fillRect(0, 0, TILE_SIDE, TILE_SIDE);
    drawText(ctx, tile, TILE_SIDE / 2, TILE_SIDE / 2, { size: 22, weight: 'bold', colour: THEME.unincorporatedText, align: 'center' });
  });
}

/** A white frame around a black one: visible on every chain colour and on the background. */
function drawHighlightFrame(ctx: CanvasRenderingContext2D, x: number, y: number, side: number): void {
  const outer = Math.max(3, Math.round(side / 12));
  ctx.lineWidth = outer;
  ctx.strokeStyle = THEME.highlight;
  ctx.strokeRect(x + outer / 2, y + outer / 2, side - outer, side - outer);
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#000000';
  ctx.strokeRect(x + outer + 1, y + outer + 1, side - 2 * outer - 2, side - 2 * outer - 2);
}

// ---------------------------------------------------------------------------------------------
// Status line and legend

/** A sentence of the catalogs as words to draw, a name (drawn as a player's) where `{{name}}` stands. */
function sentenceWords(locale: Locale, key: Key, params: Record<string, string | number>, name?: string): Word[] {
  const NAME = '\uE000';
  return t(locale, key, name === undefined ? params : { ...params, name: NAME })
    .split(' ')
    .filter(Boolean)
    .map((word) => (word === NAME && name !== undefined ? { name } : word));
}

function drawStatus(ctx: CanvasRenderingContext2D, view: BoardView, turnOf: string | null, locale: Locale): void {
  const top = MARGIN + 18;
  const bottom = MARGIN + STATUS_HEIGHT - 20;
  const left = MARGIN + 4;
  const right = BOARD_WIDTH - MARGIN - 4;
  const title = view.result ? sentenceWords(locale, 'board.gameOver', {}) : sentenceWords(locale, 'board.turn', { turn: view.turn + 1 });
  const titleStyle = { size: 28, weight: 'bold', colour: THEME.text } as const;
  const titleWidth = drawWords(ctx, title, left, top, titleStyle);
  // The bundled font has no emoji: drop them rather than draw empty boxes.
  const name = turnOf
    ?.replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (name && !view.result) {
    const room = right - left - titleWidth - 12;
    const style = { ...titleStyle, colour: THEME.highlight };
    // In words, so that only the name is a sprite of its player's: a busy bot's drawing thread
    // meets more players than its names' cache holds, and drew each one's whole line anew.
    const line = (shown: string): Word[] => sentenceWords(locale, 'board.toPlay', {}, shown);
    let words = line(name);
    const width = wordsWidth(words, style);
    if (width > room) words = line(fitText(name, room - (width - wordsWidth([{ name }], style)), style.size, style.weight));
    drawWords(ctx, words, left + titleWidth + 12, top, style);
  }
  const bag = sentenceWords(locale, 'board.bag', { count: view.bagSize });
  const bagStyle = { size: 22, colour: THEME.mutedText } as const;
  drawWords(ctx, bag, left, bottom, bagStyle);
  if (view.lastPlacedTile) {
    const tile = sentenceWords(locale, view.phase.kind === 'merger' ? 'board.mergerAt' : 'board.lastTile', { tile: view.lastPlacedTile });
    const style = {
      size: 24,
      weight: 'bold',
      colour: THEME.text,
      align: 'right',
    } as const;
    // Both on one line: the right one shrinks if a language's words would reach the left one.
    const room = right - left - wordsWidth(bag, bagStyle) - 24;
    let size = style.size;
    while (size > 12 && wordsWidth(tile, { ...style, size }) > room) size--;
    drawWords(ctx, tile, right, bottom, { ...style, size });
  }
}

/** During a merger, the legend marks the chain that survives and those being acquired. */
function mergerMarks(view: BoardView): Map<number, string> {
  const marks = new Map<number, string>();
  if (view.phase.kind !== 'merger') return marks;
  const { survivor, chains } = view.phase.merger;
  for (const chain of chains) marks.set(chain, chain === survivor ? 'survives' : survivor === null ? 'merging' : 'acquired');
  return marks;
}

function drawLegendRow(ctx: CanvasRenderingContext2D, row: number, chain: ChainView, label: string, mark: string | null, locale: Locale): void {
  const top = LEGEND_TOP + LEGEND_HEADER + row * LEGEND_ROW;
  const y = top + LEGEND_ROW / 2 + 1;
  ctx.drawImage(chainTile(chain.name, label, LEGEND_CHIP, LEGEND_CHIP_LABEL), LEGEND_COLUMNS.chip, top + (LEGEND_ROW - LEGEND_CHIP) / 2);
  // A chain off the board is greyed out but keeps its row, so rows never move between turns.
  const colour = chain.active ? THEME.text : THEME.faintText;
  const cell = { size: LEGEND_TEXT, colour, align: 'right' } as const;
  drawText(ctx, chain.name, LEGEND_COLUMNS.name, y, { size: LEGEND_TEXT, colour, weight: chain.active ? 'bold' : 'normal' });
  drawText(ctx, chain.active ? String(chain.size) : '–', LEGEND_COLUMNS.size, y, cell);
  drawText(ctx, chain.active ? formatMoney(chain.price, locale) : '–', LEGEND_COLUMNS.price, y, cell);
  // Hidden holdings: the public picture leaves the bank's counts out (they would show who bought what).
  drawText(ctx, chain.bankShares === null ? '–' : String(chain.bankShares), LEGEND_COLUMNS.bank, y, cell);
  if (chain.safe) {
    const safe = t(locale, 'board.safeMark');
    drawText(ctx, safe, LEGEND_COLUMNS.safe, y, {
      size: fittedSize(safe, SAFE_WIDTH, 22, 'bold'),
      weight: 'bold',
      colour: THEME.text,
    });
  }
  if (mark) {
    const text = t(locale, `board.mark.${mark as 'survives' | 'merging' | 'acquired'}`);
    drawText(ctx, text, LEGEND_COLUMNS.mark, y, {
      size: fittedSize(text, MARK_WIDTH, 20, 'bold'),
      weight: 'bold',
      colour: mark === 'survives' ? THEME.text : THEME.mutedText,
    });
  }
}
