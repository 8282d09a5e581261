/**
 * The board picture is drawn after every turn of every game, so its time and size are what
 * matter: goal 10 ms and 150 KB for a late-game board. Two figures: one late-game board drawn
 * again and again, and a stream of boards as a busy bot draws them (many games' turns
 * interleaved), which is what a thread drawing pictures actually sees: a board reuses the bands
 * (rows of the grid, of the legend) that an earlier board drew the same, so the stream is the
 * figure that tells.
 */
import { spectatorView, type GameView } from '../src/engine/index.js';
import { renderBoard } from '../src/render/index.js';
import { playRandomGame } from '../test/engine/playout.js';
import { lateGameBoard } from '../test/render/fixtures.js';

const WARM_UP = 10;
const RUNS = 50;
/** Games whose turns the stream interleaves, and how many times the stream is drawn. */
const STREAM_GAMES = 16;
const STREAM_RUNS = 3;

export async function run(): Promise<string[]> {
  const view = lateGameBoard();
  // The first boards draw the cached layers and sprites; every later board reuses them.
  for (let i = 0; i < WARM_UP; i++) renderBoard(view);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    size = renderBoard(view).length;
    times.push(performance.now() - start);
  }
  const stream = boardStream(STREAM_GAMES);
  const medians: number[] = [];
  let bytes = 0;
  for (let round = 0; round < STREAM_RUNS; round++) {
    const each: number[] = [];
    bytes = 0;
    for (const { view: board, turnOf } of stream) {
      const start = performance.now();
      bytes += renderBoard(board, { turnOf }).length;
      each.push(performance.now() - start);
    }
    medians.push(median(each));
  }
  return [
    `render: board p50 ${median(times).toFixed(1)} ms, ${Math.round(size / 1024)} KB (one late-game board again and again: its unchanged bands are kept, only the status lines are encoded)`,
    `render: stream of ${stream.length} boards from ${STREAM_GAMES} games at once, p50 ${medians.map((ms) => ms.toFixed(2)).join(' / ')} ms a board (${STREAM_RUNS} runs), ${Math.round(bytes / stream.length / 1024)} KB on average`,
  ];
}

/**
 * Every state of `games` seeded random games (4 players, every game option at its default),
 * their turns interleaved as a bot's games are: the first move of each game, then the second…
 */
function boardStream(games: number): { view: GameView; turnOf: string }[] {
  const played = Array.from({ length: games }, (_, game) => {
    const views: GameView[] = [];
    playRandomGame(1000 + game, 4, {}, (state) => views.push(spectatorView(state)));
    return views;
  });
  const stream: { view: GameView; turnOf: string }[] = [];
  for (let step = 0; played.some((views) => step < views.length); step++) {
    for (const views of played) {
      const view = views[step];
      if (view) stream.push({ view, turnOf: view.players[view.currentPlayer]?.name ?? '' });
    }
  }
  return stream;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
