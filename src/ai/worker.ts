/**
 * The worker side of the pool (src/ai/pool.ts): the computer players' decisions and hints, and
 * the other CPU-heavy work that must not run on the bot's event loop (the pictures: a board
 * drawn and encoded takes longer than answering a dozen clicks).
 */
import { Piscina } from 'piscina';
import type { Action, ChainState, GameView } from '../engine/index.js';
import { renderBoardAnimation, type AnimationFrame } from '../render/animation.js';
import { renderBoard, renderNetWorthChart, type BoardOptions, type BoardView } from '../render/index.js';
import type { Locale } from '../i18n/index.js';
import { chooseAction, suggest, type ChooseOptions, type Suggestion } from './index.js';

export type Task =
  | { kind: 'choose'; view: GameView; options: ChooseOptions }
  | { kind: 'suggest'; view: GameView; seed: number }
  | {
      kind: 'animate';
      frames: AnimationFrame[];
      chains: Pick<ChainState, 'name'>[];
    }
  | { kind: 'board'; view: BoardView; options: BoardOptions }
  | { kind: 'netWorthChart'; view: GameView; locale?: Locale };

export default function work(task: Task): Action | null | Suggestion | Uint8Array {
  switch (task.kind) {
    case 'choose':
      return chooseAction(task.view, task.options);
    case 'suggest':
      return suggest(task.view, task.seed);
    case 'animate':
      return handedOver(renderBoardAnimation(task.frames, task.chains));
    case 'board':
      return handedOver(renderBoard(task.view, task.options));
    case 'netWorthChart':
      return handedOver(renderNetWorthChart(task.view, task.locale));
  }
}

/**
 * A picture's bytes moved to the bot's thread rather than copied: at a thousand games the copies
 * of every board (one here, one as it arrives) were a good part of the bot's memory. A buffer
 * that shares its memory with others (a small one, from Node's pool) is copied, then moved.
 */
function handedOver(picture: Buffer): Uint8Array {
  const own = picture.byteOffset === 0 && picture.byteLength === picture.buffer.byteLength ? picture : new Uint8Array(picture);
  return Piscina.move(new Uint8Array(own.buffer, 0, own.byteLength)) as Uint8Array;
}
