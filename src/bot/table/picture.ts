/**
 * When the board picture is drawn and uploaded again. A turn's table message gets a fresh
 * picture when it is posted (it says whose turn it is); during the turn it is drawn again only
 * when the chains on the board changed (one founded, one acquired in a merger). A plain
 * placement is told in the text at once and shows on the next turn's picture, so a turn
 * usually costs one upload instead of one per step.
 */
import type { GameView } from '../../engine/index.js';

/** What a picture shows that makes it worth drawing again: the turn, the chains on the board, the end. */
export function pictureKey(view: GameView): string {
  const chains = view.chains
    .filter((chain) => chain.active)
    .map((chain) => chain.name)
    .join(',');
  return `${view.result ? 'over' : `turn ${view.turn}`}|${chains}`;
}

/** Whether a message showing the picture `shown` (null: none yet) needs a new one for `view`. */
export function needsNewPicture(shown: string | null, view: GameView): boolean {
  return shown !== pictureKey(view);
}
