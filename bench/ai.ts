/**
 * `npm run bench:ai [-- --games N]`: the computer players' tournament against the baseline
 * (docs/ai-baseline.md), seeds fixed and seats rotated so every seat order is played
 * equally, games spread over worker threads. A tied first place counts 1/k of a win.
 *
 *   hard vs 3 baselines (4 players) and vs 1 baseline (2 players): goals ≥ 40 % and ≥ 65 %
 *   medium vs 3 baselines: goal > 25 %;  easy vs 3 baselines: goal < 25 %
 *   time per decision: hard p50 / p99 (goal p99 ≤ 1 s), medium p99 (goal ≤ 20 ms)
 */
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { apply, createGame, decidingSeat, viewFor, type GameOptions } from '../src/engine/index.js';
import { chooseAction, type Player } from '../src/ai/index.js';

interface Match {
  name: string;
  lineup: Player[];
  games: number;
}

interface GameJob {
  match: string;
  lineup: Player[];
  seed: number;
  /** The lineup is rotated by this many seats, so the player under test sits everywhere in turn. */
  rotation: number;
}

interface GameOutcome {
  match: string;
  /** The win share of the player under test (lineup[0]). */
  share: number;
  /** Milliseconds per decision of the player under test. */
  times: number[];
}

const OPTIONS: Partial<GameOptions> = {};

function playGame(job: GameJob): GameOutcome {
  const seats = job.lineup.map((_, seat) => job.lineup[(seat + job.rotation) % job.lineup.length]!);
  const tested = job.rotation === 0 ? 0 : job.lineup.length - job.rotation;
  let state = createGame({ players: seats.map((_, seat) => ({ id: `s${seat}`, name: `Seat ${seat + 1}` })), options: OPTIONS, seed: job.seed });
  const times: number[] = [];
  for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
    if (step > 5000) throw new Error(`game ${job.seed} did not end`);
    const seat = decidingSeat(state)!;
    const started = performance.now();
    const action = chooseAction(viewFor(state, state.players[seat]!.id), { level: seats[seat]!, seed: job.seed * 7919 + step });
    if (seat === tested) times.push(performance.now() - started);
    if (!action) throw new Error(`no action for ${seats[seat]} in game ${job.seed}`);
    const outcome = apply(state, action);
    if (!outcome.ok) throw new Error(`${seats[seat]} played an illegal move in game ${job.seed}: ${outcome.message}`);
    state = outcome.state;
  }
  const first = state.result!.standings.filter((standing) => standing.place === 1);
  const share = first.some((standing) => standing.seat === tested) ? 1 / first.length : 0;
  return { match: job.match, share, times };
}

if (!isMainThread) {
  const jobs = workerData as GameJob[];
  for (const job of jobs) parentPort!.postMessage(playGame(job));
  parentPort!.postMessage('done');
} else {
  const arg = process.argv.indexOf('--games');
  const games = arg >= 0 ? Number(process.argv[arg + 1]) : 400;
  if (!Number.isInteger(games) || games < 4) throw new Error('--games takes a whole number, 4 or more (a multiple of 4 plays every deal from every seat)');
  const quarter = Math.max(4, 4 * Math.round(games / 16));
  const matches: Match[] = [
    { name: 'hard 4p', lineup: ['hard', 'baseline', 'baseline', 'baseline'], games },
    { name: 'hard 2p', lineup: ['hard', 'baseline'], games },
    { name: 'medium 4p', lineup: ['medium', 'baseline', 'baseline', 'baseline'], games },
    { name: 'easy 4p', lineup: ['easy', 'baseline', 'baseline', 'baseline'], games: quarter },
    // No goal: how hard fares against opponents its playouts do not imitate (they play by the baseline's rules).
    { name: 'hard vs medium 4p', lineup: ['hard', 'medium', 'medium', 'medium'], games: quarter },
  ];
  // Each deal (seed) is played once from every seat: the player under test meets the same
  // tiles in every seat order, so the luck of the deal cancels out.
  const jobs: GameJob[] = matches.flatMap((match) =>
    Array.from({ length: match.games }, (_, index) => ({
      match: match.name,
      lineup: match.lineup,
      seed: 1000 + Math.floor(index / match.lineup.length),
      rotation: index % match.lineup.length,
    })),
  );
  const threads = Math.max(1, Math.min(availableParallelism(), jobs.length));
  const started = performance.now();
  const outcomes: GameOutcome[] = [];
  await Promise.all(
    Array.from({ length: threads }, (_, thread) => {
      const slice = jobs.filter((_, index) => index % threads === thread);
      // Workers run this same TypeScript file: they register tsx's loader first, as `tsx` did here.
      const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
      const worker = new Worker(bootstrap, { eval: true, workerData: slice });
      return new Promise<void>((resolve, reject) => {
        worker.on('message', (message: GameOutcome | 'done') => {
          if (message === 'done') {
            void worker.terminate().then(() => resolve());
            return;
          }
          outcomes.push(message);
        });
        worker.on('error', reject);
      });
    }),
  );
  const minutes = (performance.now() - started) / 60_000;
  const quantile = (values: number[], q: number) => {
    const sorted = values.slice().sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  };
  const line = (name: string) => {
    const of = outcomes.filter((outcome) => outcome.match === name);
    const rate = of.reduce((sum, outcome) => sum + outcome.share, 0) / of.length;
    // The 95 % interval of a proportion (normal approximation).
    const margin = 1.96 * Math.sqrt((rate * (1 - rate)) / of.length);
    const times = of.flatMap((outcome) => outcome.times);
    return { text: `${(100 * rate).toFixed(1)}% ±${(100 * margin).toFixed(1)} (${of.length} games)`, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
  };
  const hard4 = line('hard 4p');
  const hard2 = line('hard 2p');
  const medium = line('medium 4p');
  const easy = line('easy 4p');
  console.log(`ai: hard 4p ${hard4.text}, 2p ${hard2.text}, decision p50 ${hard4.p50.toFixed(0)} ms p99 ${Math.max(hard4.p99, hard2.p99).toFixed(0)} ms (goals: ≥40%, ≥65%, p99 ≤1000 ms)`);
  console.log(`ai: medium 4p ${medium.text}, decision p99 ${medium.p99.toFixed(1)} ms (goals: >25%, ≤20 ms)`);
  console.log(`ai: easy 4p ${easy.text} (goal: <25%)`);
  console.log(`ai: hard 4p against three medium players ${line('hard vs medium 4p').text} (no goal; a fair share is 25%)`);
  console.log(`ai: tournament of ${jobs.length} games on ${threads} worker threads in ${minutes.toFixed(1)} min`);
}
