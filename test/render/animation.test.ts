/** The end-of-game animation: a looping GIF with a frame per turn, small enough to post. */
import { describe, expect, it } from 'vitest';
import { ANIMATION_HEIGHT, ANIMATION_WIDTH, renderBoardAnimation } from '../../src/render/animation.js';
import { steps } from '../../src/replay/steps.js';
import { tileIndex } from '../../src/engine/index.js';
import { playRandomGame } from '../engine/playout.js';

/** Frames in a GIF: one graphic control extension (0x21 0xF9 0x04) each. */
function frameCount(gif: Buffer): number {
  let count = 0;
  for (let index = 0; index < gif.length - 2; index++) if (gif[index] === 0x21 && gif[index + 1] === 0xf9 && gif[index + 2] === 0x04) count++;
  return count;
}

describe('the board, turn by turn', () => {
  it('is a GIF with a frame per step of the game, a few hundred KB at most', () => {
    const game = playRandomGame(4, 6);
    const all = steps(game.setup, game.actions);
    const gif = renderBoardAnimation(
      all.map(({ state }) => ({ board: state.board, lastPlaced: state.lastPlacedTile ? (tileIndex(state.lastPlacedTile) ?? null) : null })),
      game.final.chains,
    );
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(gif.readUInt16LE(6)).toBe(ANIMATION_WIDTH);
    expect(gif.readUInt16LE(8)).toBe(ANIMATION_HEIGHT);
    expect(frameCount(gif)).toBe(all.length);
    expect(gif.length).toBeLessThan(400 * 1024);
    // It loops (the NETSCAPE2.0 extension) and ends with the trailer.
    expect(gif.includes(Buffer.from('NETSCAPE2.0'))).toBe(true);
    expect(gif.at(-1)).toBe(0x3b);
  });
});
