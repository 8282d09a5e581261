/**
 * The end-of-game chart: every player's net worth after each turn, one line per player, and
 * the final standings underneath.
 */
import { createCanvas, type CanvasRenderingContext2D } from 'canvas';
import type { GameView } from '../engine/types.js';
import { type Locale, t } from '../i18n/index.js';
import { formatMoney } from './format.js';
import { playerColour, THEME } from './palette.js';
import { encodePng } from './png.js';
import { drawText } from './sprites.js';

const WIDTH = 800;
const MARGIN = 16;
const TITLE_HEIGHT = 56;
const PLOT_LEFT = 96;
/** Room on the right for each line's name, written at its end instead of in a separate key. */
const PLOT_RIGHT = WIDTH - 150;
const PLOT_HEIGHT = 400;
const AXIS_BAND = 44;
const STANDING_ROW = 44;
const TEXT = 22;
/** The tallest a line label may stand; labels closer than this are pushed apart. */
const LABEL_GAP = 26;

type Marker = 'circle' | 'square' | 'triangle' | 'diamond' | 'cross' | 'plus';
/** A shape per seat, so lines are told apart without their colour too. */
const MARKERS: readonly Marker[] = ['circle', 'square', 'triangle', 'diamond', 'cross', 'plus'];
/** Markers are drawn on about this many points of each line: enough to follow, not a clutter. */
const MARKERS_PER_LINE = 12;

export function renderNetWorthChart(view: GameView, locale: Locale = 'en'): Buffer {
  const history = view.netWorthHistory;
  if (!history) throw new Error('the net worth history is hidden until the game ends');
  const standings = view.result?.standings ?? [];
  const plotTop = MARGIN + TITLE_HEIGHT;
  const plotBottom = plotTop + PLOT_HEIGHT;
  const standingsTop = plotBottom + AXIS_BAND + 16;
  const height = standingsTop + standings.length * STANDING_ROW + MARGIN;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, WIDTH, height);
  drawText(ctx, t(locale, 'chart.netWorth'), MARGIN, MARGIN + 18, {
    size: 28,
    weight: 'bold',
    colour: THEME.text,
  });

  const lastTurn = history.length - 1;
  const highest = Math.max(1, ...history.flat());
  const step = tickStep(highest);
  const top = Math.ceil(highest / step) * step;
  const xOf = (turn: number): number => PLOT_LEFT + (lastTurn < 1 ? 0 : (turn / lastTurn) * (PLOT_RIGHT - PLOT_LEFT));
  const yOf = (worth: number): number => plotBottom - (worth / top) * PLOT_HEIGHT;

  // Axes: money gridlines every `step`; turn ticks every five or ten turns. Row 0 is the start
  // of the game, row n the end of turn n.
  ctx.lineWidth = 1;
  ctx.strokeStyle = THEME.emptyCell;
  for (let worth = 0; worth <= top; worth += step) {
    const y = Math.round(yOf(worth)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(PLOT_LEFT, y);
    ctx.lineTo(PLOT_RIGHT, y);
    ctx.stroke();
    drawText(ctx, shortMoney(worth, locale), PLOT_LEFT - 10, y, {
      size: 19,
      colour: THEME.mutedText,
      align: 'right',
    });
  }
  const turnStep = lastTurn > 40 ? 10 : 5;
  for (let turn = 0; turn <= lastTurn; turn += turnStep) {
    drawText(ctx, String(turn), xOf(turn), plotBottom + 18, { size: 19, colour: THEME.mutedText, align: 'center' });
  }
  drawText(ctx, t(locale, 'chart.turnAxis'), (PLOT_LEFT + PLOT_RIGHT) / 2, plotBottom + 38, { size: 18, colour: THEME.faintText, align: 'center' });

  const seats = view.players.map((player) => player.seat);
  const markerEvery = Math.max(1, Math.round(lastTurn / MARKERS_PER_LINE));
  for (const seat of seats) {
    const colour = playerColour(seat);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 3;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    history.forEach((row, turn) => {
      const point = [xOf(turn), yOf(row[seat] ?? 0)] as const;
      if (turn === 0) ctx.moveTo(...point);
      else ctx.lineTo(...point);
    });
    ctx.stroke();
    history.forEach((row, turn) => {
      // Always mark the last point, where the name label sits.
      if ((turn > 0 && turn % markerEvery === 0) || turn === lastTurn) drawMarker(ctx, markerOf(seat), xOf(turn), yOf(row[seat] ?? 0), colour);
    });
  }

  // Names at the lines' ends, nudged apart where lines finish close together.
  const last = history[lastTurn] ?? [];
  const labels = seats.map((seat) => ({ seat, y: yOf(last[seat] ?? 0) })).sort((a, b) => a.y - b.y);
  labels.forEach((label, index) => {
    const above = labels[index - 1];
    if (above && label.y - above.y < LABEL_GAP) label.y = above.y + LABEL_GAP;
  });
  for (const label of labels) {
    drawText(ctx, view.players[label.seat]?.name ?? '', PLOT_RIGHT + 16, label.y, { size: 20, weight: 'bold', colour: playerColour(label.seat), name: true });
  }

  standings.forEach((standing, row) => {
    const rowTop = standingsTop + row * STANDING_ROW;
    if (row % 2 === 0) {
      ctx.fillStyle = THEME.panel;
      ctx.fillRect(MARGIN, rowTop, WIDTH - 2 * MARGIN, STANDING_ROW);
    }
    const y = rowTop + STANDING_ROW / 2;
    const winner = standing.place === 1;
    drawText(ctx, t(locale, 'chart.place', { count: standing.place, ordinal: true }), MARGIN + 12, y, {
      size: TEXT,
      weight: 'bold',
      colour: winner ? THEME.text : THEME.mutedText,
    });
    drawMarker(ctx, markerOf(standing.seat), MARGIN + 92, y, playerColour(standing.seat));
    drawText(ctx, standing.name, MARGIN + 116, y, { size: TEXT, weight: winner ? 'bold' : 'normal', colour: THEME.text, name: true });
    drawText(ctx, formatMoney(standing.cash, locale), WIDTH - MARGIN - 12, y, {
      size: TEXT,
      weight: winner ? 'bold' : 'normal',
      colour: THEME.text,
      align: 'right',
    });
  });
  return encodePng(canvas);
}

function markerOf(seat: number): Marker {
  return MARKERS[seat % MARKERS.length] ?? 'circle';
}

function drawMarker(ctx: CanvasRenderingContext2D, marker: Marker, x: number, y: number, colour: string): void {
  const r = 7;
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 3;
  ctx.beginPath();
  switch (marker) {
    case 'circle':
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      break;
    case 'square':
      ctx.rect(x - r, y - r, 2 * r, 2 * r);
      break;
    case 'triangle':
      ctx.moveTo(x, y - r - 1);
      ctx.lineTo(x + r + 1, y + r);
      ctx.lineTo(x - r - 1, y + r);
      ctx.closePath();
      break;
    case 'diamond':
      ctx.moveTo(x, y - r - 2);
      ctx.lineTo(x + r + 2, y);
      ctx.lineTo(x, y + r + 2);
      ctx.lineTo(x - r - 2, y);
      ctx.closePath();
      break;
    case 'cross':
      ctx.moveTo(x - r, y - r);
      ctx.lineTo(x + r, y + r);
      ctx.moveTo(x + r, y - r);
      ctx.lineTo(x - r, y + r);
      ctx.stroke();
      return;
    case 'plus':
      ctx.moveTo(x - r - 1, y);
      ctx.lineTo(x + r + 1, y);
      ctx.moveTo(x, y - r - 1);
      ctx.lineTo(x, y + r + 1);
      ctx.stroke();
      return;
  }
  ctx.fill();
}

/** A round gridline spacing giving four to eight lines up to `highest`. */
function tickStep(highest: number): number {
  for (const step of [1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000]) {
    if (highest / step <= 8) return step;
  }
  return 200_000;
}

/** "$40k": the axis needs no more precision than its gridlines. */
/** An axis label in thousands: "$6k", "6k $". */
function shortMoney(amount: number, locale: Locale): string {
  return amount === 0 ? formatMoney(0, locale) : t(locale, 'chart.thousands', { value: amount / 1000 });
}
