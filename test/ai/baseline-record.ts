/**
 * The baseline player's record: its choice at every step of seeded random games under every
 * option, summed up by a hash per game. Recorded once from the baseline as it was before it
 * moved onto the integer core (`npx tsx test/ai/baseline-record.ts > test/ai/fixtures/baseline-choices.json`);
 * test/ai/baseline.test.ts asks today's baseline the same questions and compares.
 */
import { createHash } from 'node:crypto';
import { baselineAction } from '../../src/ai/baseline.js';
import { decidingSeat, type GameOptions, type GameState } from '../../src/engine/index.js';
import { playRandomGame } from '../engine/playout.js';

export interface BaselineCase {
  seed: number;
  players: number;
  options: Partial<GameOptions>;
  /** Decisions asked. */
  decisions: number;
  choices: string;
}

const OPTION_SETS: Partial<GameOptions>[] = [
  {},
  { bonusMode: 'tycoon' },
  { chainSet: 'set2008', founderShare: 'cash' },
  { holdings: 'hidden' },
  { trades: true },
  { unplayable: 'strict' },
  { twoPlayerBank: false },
];

export const BASELINE_GAMES = 300;

export function baselineCases(count: number): Omit<BaselineCase, 'decisions' | 'choices'>[] {
  return Array.from({ length: count }, (_, index) => ({
    seed: 40_000 + index * 13,
    players: 2 + (index % 5),
    options: OPTION_SETS[index % OPTION_SETS.length]!,
  }));
}

/** The baseline's choice for whoever decides, at every state of a seeded random game. */
export function askBaseline(seed: number, players: number, options: Partial<GameOptions>): BaselineCase {
  const choices = createHash('sha256');
  let decisions = 0;
  const ask = (state: GameState) => {
    const seat = decidingSeat(state);
    if (seat === null) return;
    decisions++;
    choices.update(JSON.stringify(baselineAction(state, seat)));
  };
  const game = playRandomGame(seed, players, options, (state) => ask(state));
  void game;
  return { seed, players, options, decisions, choices: choices.digest('hex').slice(0, 16) };
}

if (process.argv[1]?.endsWith('baseline-record.ts')) {
  const cases = baselineCases(BASELINE_GAMES).map(({ seed, players, options }) => askBaseline(seed, players, options));
  process.stdout.write(`${JSON.stringify(cases)}\n`);
}
