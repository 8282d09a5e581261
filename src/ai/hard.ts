/**
 * The hard player: determinized Monte Carlo search. It shortlists the medium player's best
 * few actions, then for each of many worlds consistent with its view (hidden tiles dealt at
 * random, hidden holdings guessed) plays every shortlisted action out to the end of the game and
 * keeps the action with the most wins (a tied first place counting 1/k). In its playouts every
 * seat, its own included, follows the baseline's rules but makes a random move now and then
 * (`noise`): it does not count on opponents playing exactly one way. Actions that trail after
 * some worlds are dropped, so the later worlds go to the contenders. It stops at its worlds or
 * at `budgetMs`, whichever comes first. The same seed gives the same choice when the worlds, not
 * the clock, end the search.
 */
import { coreAction, toCore } from '../engine/core/convert.js';
import { playOutCore, type CoreGame } from '../engine/core/game.js';
import { CoreRandomPlayer } from '../engine/core/random-player.js';
import { currentDecision, type Action, type GameView } from '../engine/index.js';
import { advance, valueAt } from '../engine/rng.js';
import { baselineMove } from './baseline.js';
import { determinize } from './determinize.js';
import { standing, winShare } from './evaluate.js';
import { rankActions } from './medium.js';

export interface HardSettings {
  /** Most worlds sampled per decision. */
  worlds: number;
  /** Actions kept from the medium player's ranking. */
  shortlist: number;
  /** Chance that a playout's move is a random legal one rather than the baseline's. */
  noise: number;
}

/**
 * What `hard` plays with, in Discord and in the tournament alike (docs/ai.md has the figures
 * that chose these: worlds, shortlist and noise against medium players and the MCTS yardstick).
 */
export const HARD_SETTINGS: HardSettings = { worlds: 200, shortlist: 6, noise: 0.1 };

const ROLLOUT_LIMIT = 3000;
/** After this many worlds the trailing actions are dropped, down to `keep` of them. */
const PRUNING: readonly { after: number; keep: number }[] = [
  { after: 30, keep: 3 },
  { after: 80, keep: 2 },
];

export interface SearchResult {
  /** The action chosen, and the share of its playouts it won (0 to 1). */
  best: { action: Action; wins: number };
  /** Worlds played (0 when there was only one action to consider). */
  worlds: number;
  considered: number;
}

/** The most a hard decision may think unless told otherwise (the bot's and the tournament's). */
export const DEFAULT_BUDGET_MS = 1000;

/** The baseline's move, or now and then (`noise`) a random legal one: the playouts' policy. */
function noisyBaseline(noise: number, seed: number): (game: CoreGame) => number {
  const random = new CoreRandomPlayer(seed);
  let rng = seed ^ 0x2545f491;
  return (game) => {
    rng = advance(rng);
    return valueAt(rng) < noise ? random.chooseAction(game) : baselineMove(game);
  };
}

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
  const played = shortlist.map(() => 0);
  let active = shortlist.map((_, index) => index);
  const mean = (index: number) => (wins[index]! + margins[index]! / 10_000) / Math.max(1, played[index]!);
  let worlds = 0;
  let worldTime = 0;
  for (let world = 0; world < settings.worlds; world++) {
    // No world is begun that the last one's time says would end past the budget.
    const now = performance.now();
    if (world > 0 && now + worldTime > deadline) break;
    worlds++;
    const worldSeed = (seed + world * 0x9e3779b1) >>> 0;
    const state = world === 0 ? first : determinize(view, worldSeed);
    const game = toCore(state);
    for (const index of active) {
      // Each action still in the running, on a copy of the world, played to the end in the
      // engine's integer core; the same playout policy and seed for each (common random numbers).
      const end = game.clone();
      if (!end.act(coreAction(state, shortlist[index]!.action))) continue;
      playOutCore(end, noisyBaseline(settings.noise, worldSeed), ROLLOUT_LIMIT);
      wins[index]! += winShare(end, seat);
      margins[index]! += standing(end, seat);
      played[index]!++;
    }
    worldTime = performance.now() - now;
    const pruning = PRUNING.find((step) => step.after === worlds);
    if (pruning && active.length > pruning.keep)
      active = active
        .slice()
        .sort((a, b) => mean(b) - mean(a) || a - b)
        .slice(0, pruning.keep);
  }
  let best = active[0]!;
  for (const index of active) if (mean(index) > mean(best)) best = index;
  return { best: { action: shortlist[best]!.action, wins: wins[best]! / Math.max(1, played[best]!) }, worlds, considered: shortlist.length };
}

export function hardAction(view: GameView, seed: number, settings: HardSettings = HARD_SETTINGS, budgetMs = DEFAULT_BUDGET_MS): Action | null {
  return hardSearch(view, seed, settings, budgetMs)?.best.action ?? null;
}
