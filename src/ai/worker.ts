/** The worker side of the computer players' pool (src/ai/pool.ts): one decision per task. */
import type { Action } from '../engine/index.js';
import { chooseAction, suggest, type ChooseOptions, type Suggestion } from './index.js';
import type { GameView } from '../engine/index.js';

export interface Task {
  view: GameView;
  options: ChooseOptions;
  /** Also say why (for the hint), with the hard player's search. */
  explain?: boolean;
}

export default function decide(task: Task): Action | null | Suggestion {
  return task.explain ? suggest(task.view, task.options.seed) : chooseAction(task.view, task.options);
}
