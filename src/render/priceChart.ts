/**
 * The price and bonus chart for a game's options: for each price row, the chain sizes of each
 * tier that fetch that price, the share price and the stockholder bonuses of the bonus mode.
 */
import { createCanvas } from 'canvas';
import { bonusPlaces, CHAIN_SETS, priceRow, sharePrice, TILE_COUNT } from '../engine/board.js';
import type { GameOptions, Tier } from '../engine/types.js';
import { type Key, type Locale, t } from '../i18n/index.js';
import { formatMoney } from './format.js';
import { chainLabels, THEME } from './palette.js';
import { encodePng } from './png.js';
import { drawText, fittedSize, textWidth } from './sprites.js';
import { chainTile } from './tiles.js';

const WIDTH = 800;
const MARGIN = 16;
const TITLE_HEIGHT = 56;
const KEY_LINE = 38;
const CHIP = 28;
const HEADER_HEIGHT = 46;
const ROW_HEIGHT = 40;
const TEXT = 22;
const TIERS: readonly Tier[] = ['cheap', 'medium', 'expensive'];

/** Room for a tier's name in the key, before its chains. */
const TIER_NAME_WIDTH = 140;
/** Rows of the price table: $200 … $1,200. */
const PRICE_ROWS = 11;

const BONUS_HEADINGS: Record<GameOptions['bonusMode'], readonly Key[]> = {
  classic: ['chart.majority', 'chart.minority'],
  tycoon: ['chart.first', 'chart.second', 'chart.third'],
};

const charts = new Map<string, Buffer>();

/** The chart never changes within a game, so each mode and chain set is drawn once. */
export function renderPriceChart(options: Pick<GameOptions, 'bonusMode' | 'chainSet'>, locale: Locale = 'en'): Buffer {
  const key = `${options.bonusMode}|${options.chainSet}|${locale}`;
  let chart = charts.get(key);
  if (!chart) {
    chart = drawPriceChart(options, locale);
    charts.set(key, chart);
  }
  return chart;
}

function drawPriceChart({ bonusMode, chainSet }: Pick<GameOptions, 'bonusMode' | 'chainSet'>, locale: Locale): Buffer {
  const chains = CHAIN_SETS[chainSet];
  const labels = chainLabels(chains.map((chain) => chain.name));
  const keyTop = MARGIN + TITLE_HEIGHT;
  const tableTop = keyTop + TIERS.length * KEY_LINE + 18;
  const height = tableTop + HEADER_HEIGHT + PRICE_ROWS * ROW_HEIGHT + MARGIN;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, WIDTH, height);

  const title = t(locale, 'chart.title');
  const mode = t(locale, bonusMode === 'classic' ? 'chart.classicBonuses' : 'chart.tycoonBonuses');
  const modeSize = fittedSize(mode, WIDTH - 2 * MARGIN - textWidth(title, 28, 'bold') - 24, 22);
  drawText(ctx, title, MARGIN, MARGIN + 18, {
    size: 28,
    weight: 'bold',
    colour: THEME.text,
  });
  drawText(ctx, mode, WIDTH - MARGIN, MARGIN + 18, {
    size: modeSize,
    colour: THEME.mutedText,
    align: 'right',
  });

  // The key: which chains are in which tier, by name, with the chips the table heads use.
  const tierChains = (tier: Tier) => chains.map((chain, index) => ({ ...chain, label: labels[index] ?? '' })).filter((chain) => chain.tier === tier);
  TIERS.forEach((tier, line) => {
    const y = keyTop + line * KEY_LINE + KEY_LINE / 2;
    const tierName = t(locale, `chart.tier.${tier}`);
    drawText(ctx, tierName, MARGIN, y, {
      size: fittedSize(tierName, TIER_NAME_WIDTH, TEXT, 'bold'),
      weight: 'bold',
      colour: THEME.mutedText,
    });
    let x = MARGIN + 150;
    for (const chain of tierChains(tier)) {
      ctx.drawImage(chainTile(chain.name, chain.label, CHIP, 18), x, Math.round(y - CHIP / 2));
      x += CHIP + 8;
      x += drawText(ctx, chain.name, x, y, { size: TEXT, colour: THEME.text }) + 22;
    }
  });

  // Columns: one per tier (sizes), the price, then one per bonus place; all centred.
  const bonusHeadings = BONUS_HEADINGS[bonusMode];
  const tierWidth = 104;
  const priceWidth = 110;
  const bonusWidth = (WIDTH - 2 * MARGIN - TIERS.length * tierWidth - priceWidth) / bonusHeadings.length;
  const columnCentres: number[] = [];
  let x = MARGIN;
  for (const width of [...TIERS.map(() => tierWidth), priceWidth, ...bonusHeadings.map(() => bonusWidth)]) {
    columnCentres.push(x + width / 2);
    x += width;
  }

  ctx.fillStyle = THEME.panel;
  ctx.fillRect(MARGIN, tableTop, WIDTH - 2 * MARGIN, HEADER_HEIGHT + PRICE_ROWS * ROW_HEIGHT);
  const headingY = tableTop + HEADER_HEIGHT / 2;
  TIERS.forEach((tier, column) => {
    const tierOf = tierChains(tier);
    const chipsWidth = tierOf.length * CHIP + (tierOf.length - 1) * 4;
    let chipX = Math.round((columnCentres[column] ?? 0) - chipsWidth / 2);
    for (const chain of tierOf) {
      ctx.drawImage(chainTile(chain.name, chain.label, CHIP, 18), chipX, Math.round(headingY - CHIP / 2));
      chipX += CHIP + 4;
    }
  });
  const heading = { size: 20, weight: 'bold', colour: THEME.mutedText, align: 'center' } as const;
  // Each heading within its column (less the gap between columns): smaller in a longer language.
  const drawHeading = (key: Key, column: number, width: number) => {
    const text = t(locale, key);
    drawText(ctx, text, columnCentres[column] ?? 0, headingY, {
      ...heading,
      size: fittedSize(text, width - 12, heading.size, 'bold'),
    });
  };
  drawHeading('chart.price', TIERS.length, priceWidth);
  bonusHeadings.forEach((key, place) => drawHeading(key, TIERS.length + 1 + place, bonusWidth));

  for (let row = 0; row < PRICE_ROWS; row++) {
    const top = tableTop + HEADER_HEIGHT + row * ROW_HEIGHT;
    if (row % 2 === 0) {
      ctx.fillStyle = THEME.stripe;
      ctx.fillRect(MARGIN, top, WIDTH - 2 * MARGIN, ROW_HEIGHT);
    }
    const y = top + ROW_HEIGHT / 2;
    const cell = { size: TEXT, colour: THEME.text, align: 'center' } as const;
    let anySize: { tier: Tier; size: number } | undefined;
    TIERS.forEach((tier, column) => {
      const sizes = sizesAtRow(tier, row);
      if (sizes) anySize ??= { tier, size: sizes.min };
      drawText(ctx, sizes ? sizeRange(sizes) : '', columnCentres[column] ?? 0, y, cell);
    });
    if (!anySize) continue;
    drawText(ctx, formatMoney(sharePrice(anySize.tier, anySize.size), locale), columnCentres[TIERS.length] ?? 0, y, { ...cell, weight: 'bold' });
    bonusPlaces(bonusMode, anySize.tier, anySize.size).forEach((amount, place) => {
      drawText(ctx, formatMoney(amount, locale), columnCentres[TIERS.length + 1 + place] ?? 0, y, cell);
    });
  }
  return encodePng(canvas);
}

/** The chain sizes of `tier` priced at `row`, or undefined when none are. */
function sizesAtRow(tier: Tier, row: number): { min: number; max: number } | undefined {
  let range: { min: number; max: number } | undefined;
  for (let size = 2; size <= TILE_COUNT; size++) {
    if (priceRow(tier, size) !== row) continue;
    range = range ? { min: range.min, max: size } : { min: size, max: size };
  }
  return range;
}

function sizeRange({ min, max }: { min: number; max: number }): string {
  if (max === TILE_COUNT) return `${min}+`;
  return min === max ? String(min) : `${min}–${max}`;
}
