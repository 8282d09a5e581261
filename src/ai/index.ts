/**
 * Computer players. One entry point: `chooseAction(view, options)` answers whatever the
 * viewing player must decide, from that player's view only (never the full state, so it
 * cannot see other hands, the bag's order or hidden holdings). Pure and deterministic for a
 * seed; no Discord, database or canvas here. The bot runs it in a worker pool (src/ai/pool.ts).
 */
import type { Action, GameView } from '../engine/index.js';
import { baselineAction } from './baseline.js';
import { determinize } from './determinize.js';
import { easyAction } from './easy.js';
import { HARD_SETTINGS, hardAction, hardSearch } from './hard.js';
import { mediumAction } from './medium.js';
import { tradeAction } from './trades.js';

export type Level = 'easy' | 'medium' | 'hard';
/** The levels offered to players, and the baseline they are measured against. */
export type Player = Level | 'baseline';

export const LEVELS: readonly Level[] = ['easy', 'medium', 'hard'];

export interface ChooseOptions {
  level: Player;
  seed: number;
  /** Most milliseconds `hard` may think (default 1,000); the other levels answer at once. */
  budgetMs?: number;
  /**
   * A computer seat in a game with trades: it answers offers by its standing and (medium, hard)
   * makes one when it pays (trades.ts). Off for a stand-in playing for an absent person, which
   * declines every offer and makes none.
   */
  trades?: boolean;
}

export function chooseAction(view: GameView, options: ChooseOptions): Action | null {
  if (view.viewerSeat === null) throw new Error('a computer player needs a seat');
  const seed = options.seed >>> 0;
  if (options.trades && options.level !== 'baseline') {
    const traded = tradeAction(view, seed, options.level !== 'easy');
    if (traded) return traded;
  }
  if (options.level === 'hard') return hardAction(view, seed, HARD_SETTINGS, options.budgetMs);
  const state = determinize(view, seed);
  switch (options.level) {
    case 'easy':
      return easyAction(state, view.viewerSeat, seed);
    case 'medium':
      return mediumAction(state, view.viewerSeat);
    case 'baseline':
      return baselineAction(state, view.viewerSeat);
  }
}

export interface Suggestion {
  action: Action;
  /** One line: how the move fared in the hard player's search (English; the bot words it from the figures below). */
  reason: string;
  /** Deals of the hidden tiles played out (0: the only sensible choice), the best move's share of wins in them, and the moves tried. */
  worlds: number;
  winPercent: number;
  considered: number;
}

/** What the hard player would do, with a one-line reason a player can weigh. */
export function suggest(view: GameView, seed: number): Suggestion | null {
  const search = hardSearch(view, seed >>> 0);
  if (!search) return null;
  const { best, worlds } = search;
  const reason =
    worlds === 0
      ? 'it is the only sensible choice here.'
      : `played out in ${worlds} possible deals of the hidden tiles, it won ${Math.round(100 * best.wins)}% of the games, the best of the ${search.considered} moves tried.`;
  return {
    action: best.action,
    reason,
    worlds,
    winPercent: worlds === 0 ? 0 : Math.round(100 * best.wins),
    considered: search.considered,
  };
}

/** Whether a seat's player id belongs to a computer player, and at which level. */
export function computerLevel(playerId: string): Level | null {
  const match = /^ai:(easy|medium|hard):\d$/.exec(playerId);
  return match ? (match[1] as Level) : null;
}
