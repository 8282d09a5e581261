/**
 * The hard player: determinized Monte Carlo search. It shortlists the medium player's best
 * few actions, then for each of several worlds consistent with its view (hidden tiles dealt at
 * random, hidden holdings guessed) plays every shortlisted action out to the end of the game,
 * everyone following the baseline's rules, and keeps the action with the most wins (a tied
 * first place counting 1/k). The same seed always gives the same choice.
 */
import { coreAction, toCore } from '../engine/core/convert.js';
import { playOutCore } from '../engine/core/game.js';
import { currentDecision, type Action, type GameView } from '../engine/index.js';
import { baselineMove } from './baseline.js';
import { determinize } from './determinize.js';
import { standing, winShare } from './evaluate.js';
import { rankActions } from './medium.js';

export interface HardSettings {
  /** Worlds sampled per decision. */
  worlds: number;
  /** Actions kept from the medium player's ranking. */
  shortlist: number;
}

/**
 * What `hard` plays with, in Discord and in the tournament alike. Thirty worlds since its playouts
 * moved into the integer core: still a few milliseconds a decision, and measurably stronger
 * against the baseline than ten (README, computer players).
 */
export const HARD_SETTINGS: HardSettings = { worlds: 30, shortlist: 4 };

const ROLLOUT_LIMIT = 3000;

export interface SearchResult {
  best: { action: Action; wins: number };
  /** Worlds played (0 when there was only one action to consider). */
  worlds: number;
  considered: number;
}

/**
 * A hard decision stops sampling new worlds once this much time has passed (one world at least
 * is always played). Far above its usual time (see the README's figures), so in practice every
 * decision plays all its worlds and stays deterministic for its seed; on a machine so slow that
 * the budget runs out, the choice rests on fewer worlds and may depend on timing.
 */
export const DEFAULT_BUDGET_MS = 1000;

export function hardSearch(view: GameView, seed: number, settings: HardSettings = HARD_SETTINGS, budgetMs = DEFAULT_BUDGET_MS): SearchResult | null {
  const deadline = performance.now() + budgetMs;
  const seat = view.viewerSeat!;
  const first = determinize(view, seed);
  const decision = currentDecision(first);
  if (decision.kind === 'gameOver' || decision.seat !== seat) return null;
  const shortlist = rankActions(first, seat).slice(0, settings.shortlist);
  if (shortlist.length === 0) return null;
  if (shortlist.length === 1) return { best: { action: shortlist[0]!.action, wins: 0 }, worlds: 0, considered: 1 };
  const wins = shortlist.map(() => 0);
  const margins = shortlist.map(() => 0);
  let worlds = 0;
  for (let world = 0; world < settings.worlds; world++) {
    if (world > 0 && performance.now() > deadline) break;
    worlds++;
    const state = world === 0 ? first : determinize(view, (seed + world * 0x9e3779b1) >>> 0);
    const game = toCore(state);
    shortlist.forEach(({ action }, index) => {
      // Each shortlisted move on a copy of the world, played to the end with everyone following
      // the baseline's rules, in the engine's integer core.
      const end = game.clone();
      if (!end.act(coreAction(state, action))) return;
      playOutCore(end, baselineMove, ROLLOUT_LIMIT);
      wins[index]! += winShare(end, seat);
      margins[index]! += standing(end, seat) / 10_000;
    });
  }
  let best = 0;
  for (let index = 1; index < shortlist.length; index++) {
    const better = wins[index]! + margins[index]! / worlds > wins[best]! + margins[best]! / worlds;
    if (better) best = index;
  }
  return { best: { action: shortlist[best]!.action, wins: wins[best]! }, worlds, considered: shortlist.length };
}

export function hardAction(view: GameView, seed: number, settings: HardSettings = HARD_SETTINGS, budgetMs = DEFAULT_BUDGET_MS): Action | null {
  return hardSearch(view, seed, settings, budgetMs)?.best.action ?? null;
}
