/**
 * `npm run bench:ai [-- --games N] [-- --full]`: the computer players' tournament (docs/ai.md),
 * seeds fixed and seats rotated so every seat order is played equally, games spread over worker
 * threads. A tied first place counts 1/k of a win; every rate is printed with its games and a
 * 95 % interval. The default (64 games a row, 16 for the rows without a goal: budgets, medium
 * against the yardsticks, easy) takes some minutes; `--full` plays 400 and 100; `--only TEXT`
 * plays only the rows whose name contains TEXT.
 *
 *   hard against 3 baselines (goal ≥ 90 %), 3 medium players (≥ 75 %), 3 MCTS yardsticks
 *   (bench/yardstick.ts, ≥ 50 %); hard against 1 baseline (2 players, ≥ 65 %)
 *   medium against 3 baselines (> 25 %), easy against 3 baselines (< 25 %)
 *   hard's strength against its budget (50 ms, 200 ms, 1 s a decision, no cap on playouts)
 *   trades on: trades completed per game, hard's rate against 3 medium players, on against off
 *   time per decision: hard p50 / p99 (goal p99 ≤ 1 s), medium p99 (≤ 20 ms), the yardstick's p50
 *
 * For development, `--lineup a,b,c,d` adds a row of those entrants (the first under test), with
 * `hard#N` (hard held to N playouts a decision with no clock, so load cannot bias a comparison),
 * `hard#N/S` (a shortlist of S) and `hard#N/S/H` (playouts H turns deep; 0: to the game's end).
 */
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { apply, createGame, decidingSeat, viewFor, type Action, type GameOptions, type GameView } from '../src/engine/index.js';
import { chooseAction, type Player } from '../src/ai/index.js';
import { HARD_SETTINGS, hardAction } from '../src/ai/hard.js';
import { yardstickAction } from './yardstick.js';

/** A seat: a level, the baseline, the MCTS yardstick, or hard held to a budget (ms) with no cap on playouts. */
type Entrant = Player | 'yardstick' | `hard@${number}` | `hard#${number}` | `hard#${number}/${number}` | `hard#${number}/${number}/${number}`;

interface Match {
  name: string;
  lineup: Entrant[];
  games: number;
  options?: Partial<GameOptions>;
}

interface GameJob {
  match: string;
  lineup: Entrant[];
  options: Partial<GameOptions>;
  seed: number;
  /** The lineup is rotated by this many seats, so the player under test sits everywhere in turn. */
  rotation: number;
}

interface GameOutcome {
  match: string;
  /** The win share of the player under test (lineup[0]). */
  share: number;
  /** Milliseconds per decision of the player under test, and of the yardstick seats. */
  times: number[];
  yardstickTimes: number[];
  /** Trades accepted in the game, by anyone. */
  trades: number;
}

function choose(view: GameView, entrant: Entrant, seed: number): Action | null {
  if (entrant === 'yardstick') return yardstickAction(view, seed);
  const budget = /^hard@(\d+)$/.exec(entrant);
  if (budget) return hardAction(view, seed, { ...HARD_SETTINGS, playouts: 1_000_000 }, Number(budget[1]));
  // Development entrants: hard held to a fixed count of playouts (and shortlist, and horizon), no clock.
  const fixed = /^hard#(\d+)(?:\/(\d+))?(?:\/(\d+))?$/.exec(entrant);
  if (fixed) {
    const settings = { ...HARD_SETTINGS, playouts: Number(fixed[1]) };
    if (fixed[2]) settings.shortlist = Number(fixed[2]);
    if (fixed[3]) settings.horizon = Number(fixed[3]);
    const action = hardAction(view, seed, settings, Number.POSITIVE_INFINITY);
    if (action) return action;
  }
  if (fixed) return chooseAction(view, { level: 'hard', seed });
  return chooseAction(view, { level: entrant as Player, seed, trades: true });
}

function playGame(job: GameJob): GameOutcome {
  const seats = job.lineup.map((_, seat) => job.lineup[(seat + job.rotation) % job.lineup.length]!);
  const tested = job.rotation === 0 ? 0 : job.lineup.length - job.rotation;
  let state = createGame({ players: seats.map((_, seat) => ({ id: `s${seat}`, name: `Seat ${seat + 1}` })), options: job.options, seed: job.seed });
  const times: number[] = [];
  const yardstickTimes: number[] = [];
  let trades = 0;
  for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
    if (step > 5000) throw new Error(`game ${job.seed} did not end`);
    const seat = decidingSeat(state)!;
    const started = performance.now();
    const action = choose(viewFor(state, state.players[seat]!.id), seats[seat]!, job.seed * 7919 + step);
    if (seat === tested) times.push(performance.now() - started);
    else if (seats[seat] === 'yardstick') yardstickTimes.push(performance.now() - started);
    if (!action) throw new Error(`no action for ${seats[seat]} in game ${job.seed}`);
    const outcome = apply(state, action);
    if (!outcome.ok) throw new Error(`${seats[seat]} played an illegal move in game ${job.seed}: ${outcome.message}`);
    if (action.type === 'answerTrade' && action.accept) trades++;
    state = outcome.state;
  }
  const first = state.result!.standings.filter((standing) => standing.place === 1);
  const share = first.some((standing) => standing.seat === tested) ? 1 / first.length : 0;
  return { match: job.match, share, times, yardstickTimes, trades };
}

if (!isMainThread) {
  // One game at a time, as the main thread hands them out: no thread idles while another has many left.
  parentPort!.on('message', (job: GameJob | 'done') => {
    if (job === 'done') process.exit(0);
    parentPort!.postMessage(playGame(job));
  });
} else {
  const full = process.argv.includes('--full');
  const arg = process.argv.indexOf('--games');
  const games = arg >= 0 ? Number(process.argv[arg + 1]) : full ? 400 : 64;
  if (!Number.isInteger(games) || games < 4) throw new Error('--games takes a whole number, 4 or more (a multiple of 4 plays every deal from every seat)');
  const quarter = Math.max(4, 4 * Math.round(games / 16));
  const medium3: Entrant[] = ['medium', 'medium', 'medium'];
  // In this order: each row is printed as soon as its games are in, the goals first.
  const matches: Match[] = [
    { name: 'hard vs 3 medium', lineup: ['hard', ...medium3], games },
    { name: 'hard vs 3 yardsticks', lineup: ['hard', 'yardstick', 'yardstick', 'yardstick'], games },
    { name: 'hard vs 3 baselines', lineup: ['hard', 'baseline', 'baseline', 'baseline'], games },
    { name: 'hard vs 3 medium, trades on', lineup: ['hard', ...medium3], games, options: { trades: true } },
    ...[50, 200, 1000].map((ms): Match => ({ name: `hard@${ms} ms vs 3 medium`, lineup: [`hard@${ms}`, ...medium3], games: quarter })),
    { name: 'hard vs 1 baseline', lineup: ['hard', 'baseline'], games },
    { name: 'medium vs 3 baselines', lineup: ['medium', 'baseline', 'baseline', 'baseline'], games },
    { name: 'medium vs 3 yardsticks', lineup: ['medium', 'yardstick', 'yardstick', 'yardstick'], games: quarter },
    { name: 'easy vs 3 baselines', lineup: ['easy', 'baseline', 'baseline', 'baseline'], games: quarter },
  ];
  const goals: Record<string, string> = {
    'hard vs 3 medium': 'goal ≥ 75%',
    'hard vs 3 yardsticks': 'goal ≥ 50% (a fair share is 25%)',
    'hard vs 3 baselines': 'goal ≥ 90%',
    'hard vs 1 baseline': 'goal ≥ 65%',
    'medium vs 3 baselines': 'goal > 25%',
    'medium vs 3 yardsticks': 'no goal',
    'easy vs 3 baselines': 'goal < 25%',
  };
  // `--lineup a,b,c,d`: one more row, the first entrant under test (e.g. hard#10000,hard#3000,hard#3000,hard#3000).
  const lineupArg = process.argv.indexOf('--lineup');
  if (lineupArg >= 0) {
    const lineup = process.argv[lineupArg + 1]!.split(',') as Entrant[];
    matches.unshift({ name: lineup.join(' '), lineup, games });
  }
  const only = process.argv.indexOf('--only');
  const chosen = only >= 0 ? matches.filter((match) => match.name.includes(process.argv[only + 1] ?? '')) : matches;
  // Each deal (seed) is played once from every seat: the player under test meets the same
  // tiles in every seat order, so the luck of the deal cancels out.
  const jobs: GameJob[] = chosen.flatMap((match) =>
    Array.from({ length: match.games }, (_, index) => ({
      match: match.name,
      lineup: match.lineup,
      options: match.options ?? {},
      seed: 1000 + Math.floor(index / match.lineup.length),
      rotation: index % match.lineup.length,
    })),
  );
  const threads = Math.max(1, Math.min(availableParallelism(), jobs.length));
  const started = performance.now();
  const outcomes: GameOutcome[] = [];
  const quantile = (values: number[], q: number) => {
    const sorted = values.slice().sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  };
  const of = (name: string) => outcomes.filter((outcome) => outcome.match === name);
  /** A win rate with its 95 % interval (Wilson's, sound near 0 and 100 % too) and its games. */
  const rate = (name: string) => {
    const played = of(name);
    const n = played.length;
    const p = played.reduce((sum, outcome) => sum + outcome.share, 0) / n;
    const z = 1.96;
    const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
    const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
    const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
    return `${percent(p)} (95% ${percent(Math.max(0, centre - half))}–${percent(Math.min(1, centre + half))}, ${n} games)`;
  };
  const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
  const row = (match: Match) => {
    const times = of(match.name).flatMap((outcome) => outcome.times);
    const time = `decision p50 ${ms(quantile(times, 0.5))} p99 ${ms(quantile(times, 0.99))}`;
    let text = goals[match.name] ?? (match.name.startsWith('hard@') ? 'strength against budget (playouts uncapped)' : '');
    if (match.options?.trades) {
      const perGame = of(match.name).reduce((sum, outcome) => sum + outcome.trades, 0) / of(match.name).length;
      const off = of('hard vs 3 medium').length > 0 ? `against ${rate('hard vs 3 medium').split(' (')[0]} with trades off; ` : '';
      text = `${off}${perGame.toFixed(2)} trades completed per game`;
    }
    console.log(`ai: ${match.name.padEnd(30)} ${rate(match.name)}  ${text}; ${time}`);
  };
  await Promise.all(
    Array.from({ length: threads }, () => {
      // Workers run this same TypeScript file: they register tsx's loader first, as `tsx` did here.
      const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
      const worker = new Worker(bootstrap, { eval: true });
      const next = () => worker.postMessage(jobs.shift() ?? 'done');
      return new Promise<void>((resolve, reject) => {
        worker.on('message', (outcome: GameOutcome) => {
          outcomes.push(outcome);
          const match = chosen.find((candidate) => candidate.name === outcome.match)!;
          if (of(match.name).length === match.games) row(match);
          next();
        });
        worker.on('online', next);
        worker.on('exit', () => resolve());
        worker.on('error', reject);
      });
    }),
  );
  const minutes = (performance.now() - started) / 60_000;
  const hardTimes = outcomes
    .filter((outcome) => chosen.some((match) => match.name === outcome.match && match.lineup[0] === 'hard'))
    .flatMap((outcome) => outcome.times);
  const mediumTimes = of('medium vs 3 baselines').flatMap((outcome) => outcome.times);
  const yardstickTimes = outcomes.flatMap((outcome) => outcome.yardstickTimes);
  // Only what the rows played measure (`--only` may leave some out).
  const times = [
    hardTimes.length > 0 ? `hard p50 ${ms(quantile(hardTimes, 0.5))} p99 ${ms(quantile(hardTimes, 0.99))} (goal p99 ≤ 1000 ms)` : '',
    mediumTimes.length > 0 ? `medium p99 ${ms(quantile(mediumTimes, 0.99))} (goal ≤ 20 ms)` : '',
    yardstickTimes.length > 0 ? `yardstick p50 ${ms(quantile(yardstickTimes, 0.5))}` : '',
  ].filter(Boolean);
  if (times.length > 0) console.log(`ai: decision time: ${times.join(', ')}`);
  console.log(`ai: tournament of ${outcomes.length} games on ${threads} worker threads in ${minutes.toFixed(1)} min`);
}
