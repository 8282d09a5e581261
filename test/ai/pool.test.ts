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
import { createWorkerPool, homeLane, laneFor } from '../../src/ai/pool.js';
import { createGame, viewFor } from '../../src/engine/index.js';

// Two threads: the pictures drawn at once below go to both.
const pool = createWorkerPool({ threads: 2 });
afterAll(() => pool.close());

describe('the computer players’ worker pool', () => {
  it('returns the same action as the direct call, for every level, and the hint with its reason', async () => {
    const state = createGame({
      players: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bob' },
        { id: 'c', name: 'Cat' },
      ],
      seed: 3,
    });
    const view = viewFor(state, state.players[state.currentPlayer]!.id);
    for (const level of ['easy', 'medium', 'hard', 'baseline'] as const) {
      expect(await pool.choose(view, { level, seed: 8 }), level).toEqual(chooseAction(view, { level, seed: 8 }));
    }
    const hint = await pool.suggest(view, 8);
    expect(hint).toEqual(suggest(view, 8));
    expect(hint?.reason).toMatch(/won \d+% of the games|only sensible choice/);
  });

  it('draws the board a player sees, byte for byte as this thread would', async () => {
    const state = createGame({
      players: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bob' },
      ],
      seed: 5,
    });
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
    writeFileSync(
      script,
      `
      const { createWorkerPool } = await import(${JSON.stringify(join(root, 'src/ai/pool.ts'))});
      const { createGame, viewFor } = await import(${JSON.stringify(join(root, 'src/engine/index.ts'))});
      const pool = createWorkerPool({ threads: 2 });
      const view = viewFor(createGame({ players: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }], seed: 1 }), null);
      await Promise.all([pool.board(view), pool.board(view), pool.board(view)]);
      await pool.close();
      console.log('closed');`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.stdout, `status ${String(run.status)}, signal ${String(run.signal)}, error ${String(run.error)}, stderr: ${run.stderr}`).toContain('closed');
    expect(run.status).toBe(0);
  }, 60_000);
});

describe('which thread a task goes to', () => {
  const idle = { inFlight: 0, long: 0 };

  it('draws a game’s boards on its own thread, even while that thread has other boards to draw', () => {
    expect(laneFor([idle, idle], 1)).toBe(1);
    expect(laneFor([{ inFlight: 4, long: 0 }, idle], 0)).toBe(0);
  });

  it('sends a board elsewhere while its thread thinks for a computer player or encodes an animation', () => {
    expect(
      laneFor(
        [
          { inFlight: 1, long: 1 },
          { inFlight: 3, long: 0 },
        ],
        0,
      ),
    ).toBe(1);
  });

  it('sends a decision to the least loaded thread, preferring one that is not already thinking', () => {
    expect(
      laneFor(
        [
          { inFlight: 2, long: 0 },
          { inFlight: 1, long: 0 },
          { inFlight: 1, long: 0 },
        ],
        null,
      ),
    ).toBe(1);
    expect(
      laneFor(
        [
          { inFlight: 1, long: 1 },
          { inFlight: 3, long: 0 },
        ],
        null,
      ),
    ).toBe(1);
    expect(
      laneFor(
        [
          { inFlight: 2, long: 1 },
          { inFlight: 1, long: 1 },
        ],
        null,
      ),
    ).toBe(1);
  });

  it('gives every game one home thread, and spreads the games over the threads', () => {
    const ids = Array.from({ length: 1000 }, (_, index) => `game-${index}-${(index * 7919) % 1013}`);
    expect(ids.map((id) => homeLane(id, 3))).toEqual(ids.map((id) => homeLane(id, 3)));
    for (let lane = 0; lane < 3; lane++) {
      const share = ids.filter((id) => homeLane(id, 3) === lane).length / ids.length;
      expect(share, `thread ${lane}`).toBeGreaterThan(0.28);
      expect(share, `thread ${lane}`).toBeLessThan(0.39);
    }
  });
});
