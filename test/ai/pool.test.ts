/**
 * The worker pool answers exactly what the player would answer in this thread, off it; it draws
 * the same pictures as this thread (their bytes moved, not copied, out of the worker); and a
 * process whose workers drew exits cleanly.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderBoard, renderNetWorthChart } from '../../src/render/index.js';
import { playRandomGame } from '../engine/playout.js';
import { chooseAction, suggest } from '../../src/ai/index.js';
import { createWorkerPool } from '../../src/ai/pool.js';
import { createGame, viewFor } from '../../src/engine/index.js';

const pool = createWorkerPool({ threads: 1 });
afterAll(() => pool.close());

describe('the computer players’ worker pool', () => {
  it('returns the same action as the direct call, for every level, and the hint with its reason', async () => {
    const state = createGame({ players: [{ id: 'a', name: 'Ann' }, { id: 'b', name: 'Bob' }, { id: 'c', name: 'Cat' }], seed: 3 });
    const view = viewFor(state, state.players[state.currentPlayer]!.id);
    for (const level of ['easy', 'medium', 'hard', 'baseline'] as const) {
      expect(await pool.choose(view, { level, seed: 8 }), level).toEqual(chooseAction(view, { level, seed: 8 }));
    }
    const hint = await pool.suggest(view, 8);
    expect(hint).toEqual(suggest(view, 8));
    expect(hint?.reason).toMatch(/won \d+% of the games|only sensible choice/);
  });

  it('draws the board a player sees, byte for byte as this thread would', async () => {
    const state = createGame({ players: [{ id: 'a', name: 'Ann' }, { id: 'b', name: 'Bob' }], seed: 5 });
    const view = viewFor(state, null);
    expect((await pool.board(view, { turnOf: 'Ann' })).equals(renderBoard(view, { turnOf: 'Ann' }))).toBe(true);
  });

  it('draws several pictures at once, each the one asked for: a finished game’s board and chart, and boards of other games', async () => {
    const finished = viewFor(playRandomGame(21, 4).final, null);
    const others = [6, 7, 8].map((seed) => viewFor(playRandomGame(seed, 3).final, null));
    const [chart, board, ...boards] = await Promise.all([pool.netWorthChart(finished), pool.board(finished), ...others.map((view) => pool.board(view))]);
    expect(chart.equals(renderNetWorthChart(finished))).toBe(true);
    expect(board.equals(renderBoard(finished))).toBe(true);
    boards.forEach((picture, index) => expect(picture.equals(renderBoard(others[index]!)), `game ${index}`).toBe(true));
  });

  it('lets a process whose workers drew boards stop and exit cleanly (no crash as the workers end)', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const script = join(mkdtempSync(join(tmpdir(), 'pool-exit-')), 'draw-and-exit.mjs');
    writeFileSync(script, `
      const { createWorkerPool } = await import(${JSON.stringify(join(root, 'src/ai/pool.ts'))});
      const { createGame, viewFor } = await import(${JSON.stringify(join(root, 'src/engine/index.ts'))});
      const pool = createWorkerPool({ threads: 2 });
      const view = viewFor(createGame({ players: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }], seed: 1 }), null);
      await Promise.all([pool.board(view), pool.board(view), pool.board(view)]);
      await pool.close();
      console.log('closed');`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.stdout).toContain('closed');
    expect(run.status).toBe(0);
  }, 60_000);
});
