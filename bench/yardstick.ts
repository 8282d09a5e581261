/**
 * The tournament's second yardstick (issue 57): an opponent the hard player does not imitate.
 * A plain determinized Monte Carlo tree search (single-observer information-set MCTS) over the
 * same view the computer players get: every iteration deals a new world from the view
 * (src/ai/determinize.ts), walks one shared tree by UCB1 among the moves legal in that world,
 * adds one node, and plays the rest of the game out with uniformly random moves
 * (CoreRandomPlayer, not the baseline's rules). Each node's move is scored by the win share of
 * the seat that made it. 500 iterations a decision. Not a level players choose, and the hard
 * player is never tuned against its internals: it is there to measure against.
 */

import { determinize } from '../src/ai/determinize.js';
import { winShare } from '../src/ai/evaluate.js';
import { coreMoves } from '../src/ai/moves.js';
import { toAction, toCore } from '../src/engine/core/convert.js';
import { type CoreGame, GAME_OVER, playOutCore } from '../src/engine/core/game.js';
import { CoreRandomPlayer } from '../src/engine/core/random-player.js';
import { type Action, currentDecision, type GameView } from '../src/engine/index.js';

export const YARDSTICK_ITERATIONS = 500;
/** UCB1's exploration constant, the textbook √2 scaled to win shares in [0, 1]. */
const EXPLORATION = Math.SQRT2;
const ROLLOUT_LIMIT = 3000;

interface TreeNode {
  /** The seat whose move led here: the node's reward is that seat's win share. */
  mover: number;
  visits: number;
  reward: number;
  /** Iterations in which this node's move was legal (information-set MCTS's availability count). */
  available: number;
  children: Map<number, TreeNode>;
}

const newNode = (mover: number): TreeNode => ({
  mover,
  visits: 0,
  reward: 0,
  available: 0,
  children: new Map(),
});

export function yardstickAction(view: GameView, seed: number, iterations = YARDSTICK_ITERATIONS): Action | null {
  const seat = view.viewerSeat!;
  const first = determinize(view, seed);
  const decision = currentDecision(first);
  if (decision.kind === 'gameOver' || decision.seat !== seat) return null;
  if (decision.kind === 'answerTrade')
    return {
      type: 'answerTrade',
      player: first.players[seat]!.id,
      accept: false,
    };
  const root = newNode(-1);
  const random = new CoreRandomPlayer((seed ^ 0x5bd1e995) >>> 0);
  const randomMove = (game: CoreGame) => random.chooseAction(game);
  let rng = seed >>> 0;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const game = toCore(iteration === 0 ? first : determinize(view, (seed + iteration * 0x9e3779b1) >>> 0));
    const path: TreeNode[] = [];
    let node = root;
    for (;;) {
      if (game.phase === GAME_OVER) break;
      const moves = coreMoves(game);
      const mover = game.decidingSeat();
      let untried = 0;
      let best: number | null = null;
      let bestScore = -Infinity;
      for (const move of moves) {
        const child = node.children.get(move);
        if (!child) {
          untried++;
          continue;
        }
        child.available++;
        const score = child.reward / child.visits + EXPLORATION * Math.sqrt(Math.log(child.available) / child.visits);
        if (score > bestScore) [best, bestScore] = [move, score];
      }
      if (untried > 0) {
        // Expand one move not tried yet, drawn at random, and play out from there.
        rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
        let pick = rng % untried;
        const move = moves.find((candidate) => !node.children.has(candidate) && pick-- === 0)!;
        const child = newNode(mover);
        child.available = 1;
        node.children.set(move, child);
        game.act(move);
        path.push(child);
        break;
      }
      node = node.children.get(best!)!;
      game.act(best!);
      path.push(node);
    }
    playOutCore(game, randomMove, ROLLOUT_LIMIT);
    for (const visited of path) {
      visited.visits++;
      visited.reward += winShare(game, visited.mover);
    }
  }
  let chosen = -1;
  let most = -1;
  for (const [move, child] of root.children) if (child.visits > most) [chosen, most] = [move, child.visits];
  return toAction(toCore(first), chosen, first);
}

/** Moved to src/ai/moves.ts (the hard player's playouts use it too); unchanged. */
export { coreMoves };
