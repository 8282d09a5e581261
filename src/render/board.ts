/**
 * The board picture sent after every turn: the 12x9 grid with every played tile, and a legend
 * with each chain's size, share price, shares left in the bank and safety.
 */
import { createCanvas, type Canvas, type CanvasRenderingContext2D } from 'canvas';
import { COLUMNS, ROW_LETTERS, ROWS, TILE_COUNT, tileIndex, tileName } from '../engine/board.js';
import { UNINCORPORATED, type ChainView, type GameView } from '../engine/types.js';
import { formatMoney } from './format.js';
import { chainLabels, THEME } from './palette.js';
import { encodePng } from './png.js';
import { drawText, fitText, sprite } from './sprites.js';
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

export function boardHeight(chainCount: number): number {
  return LEGEND_TOP + LEGEND_HEADER + chainCount * LEGEND_ROW + LEGEND_KEY + MARGIN;
}

export interface BoardOptions {
  /**
   * The display name of the player whose turn it is, said in the picture so a reader who only
   * glances at the image knows who plays. The bot names them; the picture draws no rule.
   */
  turnOf?: string | null;
}

/** All of a game the board picture shows. */
export type BoardView = Pick<GameView, 'board' | 'chains' | 'lastPlacedTile' | 'turn' | 'bagSize' | 'phase' | 'result'>;

/** Render the board as everybody may see it; nothing here depends on who looks. */
export function renderBoard(view: BoardView, options: BoardOptions = {}): Buffer {
  const { canvas, ctx } = workCanvas(view.chains.length);
  // 'copy' replaces every pixel of the previous board: the layer is opaque, nothing to blend.
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(staticLayer(view.chains.length), 0, 0);
  ctx.globalCompositeOperation = 'source-over';

  const labels = chainLabels(view.chains.map((chain) => chain.name));
  const headquarters = new Set(view.chains.map((chain) => chain.headquarters));
  for (let index = 0; index < TILE_COUNT; index++) {
    const cell = view.board[index];
    if (cell === null || cell === undefined) continue;
    const { x, y } = cellOrigin(index);
    const tile = tileName(index);
    const chain = cell === UNINCORPORATED ? undefined : view.chains[cell];
    const image = chain ? chainTile(chain.name, labels[cell] ?? '', TILE_SIDE, TILE_LABEL, headquarters.has(tile)) : unincorporatedTile(tile);
    ctx.drawImage(image, x, y);
  }
  const last = view.lastPlacedTile === null ? undefined : tileIndex(view.lastPlacedTile);
  if (last !== undefined) {
    const { x, y } = cellOrigin(last);
    drawHighlightFrame(ctx, x, y, TILE_SIDE);
  }

  drawStatus(ctx, view, options.turnOf ?? null);
  const marks = mergerMarks(view);
  view.chains.forEach((chain, row) => drawLegendRow(ctx, row, chain, labels[row] ?? '', marks.get(row) ?? null));
  return encodePng(canvas);
}

/** Where a tile stands in the picture, e.g. to point at it. */
export function tileBounds(tile: string): { x: number; y: number; side: number } {
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

/**
 * The canvas each board is drawn on, reused: rendering is synchronous and ends in encoding, so
 * no two boards share it at once, and a fresh 3 MB canvas per board was a fifth of the time.
 */
const workCanvases = new Map<number, { canvas: Canvas; ctx: CanvasRenderingContext2D }>();

function workCanvas(chainCount: number): { canvas: Canvas; ctx: CanvasRenderingContext2D } {
  let work = workCanvases.get(chainCount);
  if (!work) {
    const canvas = createCanvas(BOARD_WIDTH, boardHeight(chainCount));
    work = { canvas, ctx: canvas.getContext('2d') };
    workCanvases.set(chainCount, work);
  }
  return work;
}

// ---------------------------------------------------------------------------------------------
// The layer that never changes: background, coordinates, empty cells, legend headings and key.
// Drawn once per legend length and copied under every board.

const staticLayers = new Map<number, Canvas>();

function staticLayer(chainCount: number): Canvas {
  let layer = staticLayers.get(chainCount);
  if (!layer) {
    layer = drawStaticLayer(chainCount);
    staticLayers.set(chainCount, layer);
  }
  return layer;
}

function drawStaticLayer(chainCount: number): Canvas {
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
  const heading = { size: 20, weight: 'bold', colour: THEME.mutedText } as const;
  drawText(ctx, 'Chain', LEGEND_COLUMNS.name, headingY, heading);
  drawText(ctx, 'Size', LEGEND_COLUMNS.size, headingY, { ...heading, align: 'right' });
  drawText(ctx, 'Price', LEGEND_COLUMNS.price, headingY, { ...heading, align: 'right' });
  drawText(ctx, 'In bank', LEGEND_COLUMNS.bank, headingY, { ...heading, align: 'right' });
  drawText(ctx, 'Safe', LEGEND_COLUMNS.safe, headingY, heading);

  // The key to the marks that are not chain colours.
  const keyY = legendBottom + LEGEND_KEY / 2 + 2;
  const keyText = { size: 19, colour: THEME.mutedText } as const;
  const swatch = 26;
  let x = MARGIN + 4;
  ctx.fillStyle = THEME.mutedText;
  ctx.fillRect(x, keyY - swatch / 2, swatch, swatch);
  drawHeadquartersDisc(ctx, x + swatch / 2, keyY, swatch / 2 - 3, '#000000');
  x += swatch + 8;
  x += drawText(ctx, 'headquarters', x, keyY, keyText) + 28;
  ctx.fillStyle = THEME.emptyCell;
  ctx.fillRect(x, keyY - swatch / 2, swatch, swatch);
  drawHighlightFrame(ctx, x, keyY - swatch / 2, swatch);
  x += swatch + 8;
  x += drawText(ctx, 'tile just played', x, keyY, keyText) + 28;
  ctx.fillStyle = THEME.unincorporated;
  ctx.fillRect(x, keyY - swatch / 2, swatch, swatch);
  x += swatch + 8;
  drawText(ctx, 'tile in no chain', x, keyY, keyText);
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

function drawStatus(ctx: CanvasRenderingContext2D, view: BoardView, turnOf: string | null): void {
  const top = MARGIN + 18;
  const bottom = MARGIN + STATUS_HEIGHT - 20;
  const left = MARGIN + 4;
  const right = BOARD_WIDTH - MARGIN - 4;
  const title = view.result ? 'Game over' : `Turn ${view.turn + 1}`;
  const titleStyle = { size: 28, weight: 'bold', colour: THEME.text } as const;
  const titleWidth = drawText(ctx, title, left, top, titleStyle);
  // The bundled font has no emoji: drop them rather than draw empty boxes.
  const name = turnOf?.replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '').replace(/\s+/g, ' ').trim();
  if (name && !view.result) {
    const room = right - left - titleWidth - 12;
    drawText(ctx, fitText(`· ${name} to play`, room, 28, 'bold'), left + titleWidth + 12, top, { ...titleStyle, colour: THEME.highlight });
  }
  drawText(ctx, `${view.bagSize} tiles in the bag`, left, bottom, { size: 22, colour: THEME.mutedText });
  if (view.lastPlacedTile) {
    const verb = view.phase.kind === 'merger' ? 'Merger at' : 'Last tile';
    drawText(ctx, `${verb} ${view.lastPlacedTile}`, right, bottom, { size: 24, weight: 'bold', colour: THEME.text, align: 'right' });
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

function drawLegendRow(ctx: CanvasRenderingContext2D, row: number, chain: ChainView, label: string, mark: string | null): void {
  const top = LEGEND_TOP + LEGEND_HEADER + row * LEGEND_ROW;
  const y = top + LEGEND_ROW / 2 + 1;
  ctx.drawImage(chainTile(chain.name, label, LEGEND_CHIP, LEGEND_CHIP_LABEL), LEGEND_COLUMNS.chip, top + (LEGEND_ROW - LEGEND_CHIP) / 2);
  // A chain off the board is greyed out but keeps its row, so rows never move between turns.
  const colour = chain.active ? THEME.text : THEME.faintText;
  const cell = { size: LEGEND_TEXT, colour, align: 'right' } as const;
  drawText(ctx, chain.name, LEGEND_COLUMNS.name, y, { size: LEGEND_TEXT, colour, weight: chain.active ? 'bold' : 'normal' });
  drawText(ctx, chain.active ? String(chain.size) : '–', LEGEND_COLUMNS.size, y, cell);
  drawText(ctx, chain.active ? formatMoney(chain.price) : '–', LEGEND_COLUMNS.price, y, cell);
  // Hidden holdings: the public picture leaves the bank's counts out (they would show who bought what).
  drawText(ctx, chain.bankShares === null ? '–' : String(chain.bankShares), LEGEND_COLUMNS.bank, y, cell);
  if (chain.safe) drawText(ctx, 'SAFE', LEGEND_COLUMNS.safe, y, { size: 22, weight: 'bold', colour: THEME.text });
  if (mark) drawText(ctx, mark, LEGEND_COLUMNS.mark, y, { size: 20, weight: 'bold', colour: mark === 'survives' ? THEME.text : THEME.mutedText });
}
