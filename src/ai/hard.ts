/**
 * The hard player: a search over its own candidate moves, each judged by many determinized
 * playouts. It shortlists the medium player's best few actions, then in worlds consistent with
 * its view (hidden tiles dealt at random, hidden holdings guessed) plays each candidate on and
 * scores where it leads (`reward`): a few turns ahead, by its standing against the best other
 * (a game that ends sooner, by its share of first place). In its playouts it looks one move ahead
 * for the rest of its own turn, then follows the baseline's rules with a little noise, and each
 * other seat follows a policy drawn for that world (src/ai/playout.ts): it does not count on its
 * opponents playing one exact way. Candidates are halved round by round (successive halving),
 * so the later worlds go to the contenders. It stops at its playouts or at `budgetMs`, whichever
 * comes first; the same seed gives the same choice when the playouts, not the clock, end it.
 */
import { coreAction, toCore } from '../engine/core/convert.js';
import { GAME_OVER, NO_ACTION, PLACE_TILE, playOutCore, type CoreGame } from '../engine/core/game.js';
import { currentDecision, type Action, type GameView } from '../engine/index.js';
import { determinize } from './determinize.js';
import { standing, winShare } from './evaluate.js';
import { rankActions } from './medium.js';
import { playoutPolicy } from './playout.js';

export interface HardSettings {
  /** Most playouts a decision, all its candidate moves together. */
  playouts: number;
  /** Candidate moves taken from the medium player's ranking. */
  shortlist: number;
  /** Chance that a playout's move is a random legal one rather than its policy's (src/ai/playout.ts). */
  noise: number;
  /**
   * Turns a playout plays past the decision before its position is scored by standing
   * (`reward`); 0 plays every playout to the end of the game.
   */
  horizon: number;
}

/**
 * What `hard` plays with, in Discord and in the tournament alike (docs/ai.md has the figures).
 */
export const HARD_SETTINGS: HardSettings = { playouts: 3000, shortlist: 10, noise: 0.1, horizon: 16 };

const ROLLOUT_LIMIT = 3000;
/** The share of `budgetMs` the search plans to use: the rest is room for a slow world or a pause. */
const BUDGET_SHARE = 0.85;

export interface SearchResult {
  /** The action chosen, and the share of its playouts it won (0 to 1). */
  best: { action: Action; wins: number };
  /** Worlds played (0 when there was only one action to consider). */
  worlds: number;
  considered: number;
  /** Playouts played, all candidates together. */
  playouts: number;
}

/**
 * What a playout's end is worth to `seat`: a finished game its share of first place, plus a
 * little for its margin; a game stopped at the horizon a guess at that share from its standing.
 */
export function reward(game: CoreGame, seat: number): number {
  const margin = standing(game, seat);
  if (game.phase === GAME_OVER) return 0.9 * winShare(game, seat) + 0.1 / (1 + Math.exp(-margin / STANDING_SCALE));
  return 1 / (1 + Math.exp(-margin / STANDING_SCALE));
}

/** Dollars of standing that make a win about 2.7 times as likely as a loss (the logistic's scale). */
const STANDING_SCALE = 4000;

/** A cap on playouts from which the rounds are planned by the clock's pace, not by the count. */
const PLAN_BY_TIME = 100_000;

/** The most a hard decision may think unless told otherwise (the bot's and the tournament's). */
export const DEFAULT_BUDGET_MS = 1000;

/**
 * Successive halving over the candidates: the search runs in rounds, as many as it takes to halve
 * the candidates down to two; each round plays every candidate still in the running in the same
 * new worlds (common random numbers), as many worlds as the playouts left (or, if fewer, the time
 * left at the pace so far) allow for the rounds left, then drops the worse half. So the later
 * worlds go to the contenders, and a short budget still compares every candidate.
 */
export function hardSearch(view: GameView, seed: number, settings: HardSettings = HARD_SETTINGS, budgetMs = DEFAULT_BUDGET_MS): SearchResult | null {
  const started = performance.now();
  const deadline = started + budgetMs * BUDGET_SHARE;
  const seat = view.viewerSeat!;
  const first = determinize(view, seed);
  const decision = currentDecision(first);
  if (decision.kind === 'gameOver' || decision.seat !== seat) return null;
  const shortlist = rankActions(first, seat).slice(0, settings.shortlist);
  if (shortlist.length === 0) return null;
  if (shortlist.length === 1) return { best: { action: shortlist[0]!.action, wins: 0 }, worlds: 0, considered: 1, playouts: 0 };
  const wins = shortlist.map(() => 0);
  const played = shortlist.map(() => 0);
  let active = shortlist.map((_, index) => index);
  /** A candidate's mean reward (-1 if it has not been played: the clock stopped the first world). */
  const mean = (index: number) => (played[index]! > 0 ? wins[index]! / played[index]! : -1);
  let rounds = Math.max(1, Math.ceil(Math.log2(shortlist.length)));
  let worlds = 0;
  let playouts = 0;
  let worldTime = 0;
  search: while (rounds > 0) {
    // The playouts this round may spend: its share of what is left, by count, and by time only
    // when the count is out of reach (no cap worth the name, as in bench:ai's `hard@ms`): a
    // search its playouts end is then the same whatever the clock (a cold thread's slow first
    // world must not change how the rest are shared). (Planned again after the first world.)
    const plan = () => {
      const playoutTime = playouts > 0 ? (performance.now() - started) / playouts : 0;
      const byTime = settings.playouts >= PLAN_BY_TIME && playoutTime > 0;
      const left = Math.min(settings.playouts - playouts, byTime ? (deadline - performance.now()) / playoutTime : Number.POSITIVE_INFINITY);
      return Math.max(1, Math.floor(left / rounds / active.length));
    };
    let perCandidate = plan();
    for (let round = 0; round < perCandidate; round++) {
      // No world is begun that the last one's time says would end past the budget.
      const now = performance.now();
      if (worlds > 0 && now + worldTime > deadline) break search;
      if (playouts + active.length > settings.playouts) break search;
      const worldSeed = (seed + worlds * 0x9e3779b1) >>> 0;
      const state = worlds === 0 ? first : determinize(view, worldSeed);
      worlds++;
      const game = toCore(state);
      for (const index of active) {
        // Past the whole budget (a world slower than the last, a busy machine): stop mid-world.
        if (playouts > 0 && performance.now() > started + budgetMs) break search;
        // Each action still in the running, on a copy of the world, played on (to the horizon or
        // the game's end) in the engine's integer core; the same policies and seeds for each
        // (common random numbers).
        const end = game.clone();
        if (!end.act(coreAction(state, shortlist[index]!.action))) continue;
        const policy = playoutPolicy(end, seat, settings.noise, worldSeed);
        if (settings.horizon > 0) {
          const last = game.turn + settings.horizon;
          playOutCore(end, (current) => (current.turn >= last && current.phase === PLACE_TILE ? NO_ACTION : policy(current)), ROLLOUT_LIMIT);
        } else playOutCore(end, policy, ROLLOUT_LIMIT);
        wins[index]! += reward(end, seat);
        played[index]!++;
        playouts++;
      }
      worldTime = performance.now() - now;
      if (worlds === 1) perCandidate = round + plan();
    }
    rounds--;
    if (rounds > 0)
      active = active
        .slice()
        .sort((a, b) => mean(b) - mean(a) || a - b)
        .slice(0, Math.max(2, Math.ceil(active.length / 2)));
  }
  // The best of those still in the running (a world cut short leaves them one playout apart at most).
  let best = active[0]!;
  for (const index of active) if (mean(index) > mean(best)) best = index;
  return { best: { action: shortlist[best]!.action, wins: wins[best]! / Math.max(1, played[best]!) }, worlds, considered: shortlist.length, playouts };
}

export function hardAction(view: GameView, seed: number, settings: HardSettings = HARD_SETTINGS, budgetMs = DEFAULT_BUDGET_MS): Action | null {
  return hardSearch(view, seed, settings, budgetMs)?.best.action ?? null;
}
