/**
 * The worker side of the pool (src/ai/pool.ts): the computer players' decisions and hints, and
 * the other CPU-heavy work that must not run on the bot's event loop (the pictures: a board
 * drawn and encoded takes longer than answering a dozen clicks).
 */
import type { Action, ChainState, GameView } from '../engine/index.js';
import { renderBoardAnimation, type AnimationFrame } from '../render/animation.js';
import { renderBoard, renderNetWorthChart, type BoardOptions } from '../render/index.js';
import { chooseAction, suggest, type ChooseOptions, type Suggestion } from './index.js';

export type Task =
  | { kind: 'choose'; view: GameView; options: ChooseOptions }
  | { kind: 'suggest'; view: GameView; seed: number }
  | { kind: 'animate'; frames: AnimationFrame[]; chains: Pick<ChainState, 'name'>[] }
  | { kind: 'board'; view: GameView; options: BoardOptions }
  | { kind: 'netWorthChart'; view: GameView };

export default function work(task: Task): Action | null | Suggestion | Uint8Array {
  switch (task.kind) {
    case 'choose':
      return chooseAction(task.view, task.options);
    case 'suggest':
      return suggest(task.view, task.seed);
    case 'animate':
      return new Uint8Array(renderBoardAnimation(task.frames, task.chains));
    case 'board':
      return new Uint8Array(renderBoard(task.view, task.options));
    case 'netWorthChart':
      return new Uint8Array(renderNetWorthChart(task.view));
  }
}
