/**
 * The differential record: seeded random games under every option, each summed up by hashes
 * of its actions, every event and its final state. Recorded once from the engine as it was
 * before a rewrite of its insides (`npx tsx test/engine/differential.ts > test/engine/fixtures/differential.json`);
 * the test plays the same games through today's engine and compares, game by game.
 */
import { createHash } from 'node:crypto';
import type { GameOptions } from '../../src/engine/index.js';
import { playRandomGame } from './playout.js';

export interface DifferentialCase {
  seed: number;
  players: number;
  options: Partial<GameOptions>;
  actions: string;
  events: string;
  final: string;
}

const OPTION_SETS: Partial<GameOptions>[] = [
  {},
  { bonusMode: 'tycoon' },
  { chainSet: 'set2008' },
  { holdings: 'hidden' },
  { trades: true },
  { unplayable: 'strict' },
  { founderShare: 'cash' },
  { twoPlayerBank: false },
  { bonusMode: 'tycoon', chainSet: 'set2008', trades: true, founderShare: 'cash', holdings: 'hidden' },
];

export function differentialCases(count: number): Omit<DifferentialCase, 'actions' | 'events' | 'final'>[] {
  return Array.from({ length: count }, (_, index) => ({
    seed: 10_000 + index * 7,
    players: 2 + (index % 5),
    options: OPTION_SETS[index % OPTION_SETS.length]!,
  }));
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A game summed up, played one `apply` per action. */
export function summarise(seed: number, players: number, options: Partial<GameOptions>): DifferentialCase {
  const events = createHash('sha256');
  const game = playRandomGame(seed, players, options, (_state, stepEvents) => {
    events.update(JSON.stringify(stepEvents));
  });
  return {
    seed,
    players,
    options,
    actions: hash(JSON.stringify(game.actions)),
    events: events.digest('hex').slice(0, 16),
    final: hash(JSON.stringify(game.final)),
  };
}

export const DIFFERENTIAL_GAMES = 2000;

if (process.argv[1]?.endsWith('differential.ts')) {
  const cases = differentialCases(DIFFERENTIAL_GAMES).map(({ seed, players, options }) => summarise(seed, players, options));
  process.stdout.write(`${JSON.stringify(cases)}\n`);
}
