/**
 * The engine's "perft": thousands of seeded random games over every player count and option,
 * with the conservation laws checked after every action and every game replayed from its log.
 */
import { describe, expect, it } from 'vitest';
import { ALL_TILES, SHARES_PER_CHAIN, replay, type GameOptions, type GameState } from '../../src/engine/index.js';
import { playRandomGame } from './playout.js';

/**
 * The options (and the player count) cycle every 420 games; `npm test` plays every combination
 * five times, CI (.ci/run) 10,000 games. PROPERTY_GAMES sets the number.
 */
const CYCLE = 420;
const GAMES = Number(process.env.PROPERTY_GAMES ?? 5 * CYCLE);

/** Option sets cycled through the games, so every option is played in both settings. */
function optionsFor(game: number): Partial<GameOptions> {
  return {
    bonusMode: game % 2 === 0 ? 'classic' : 'tycoon',
    chainSet: game % 3 === 0 ? 'set2008' : 'classic',
    founderShare: game % 5 < 2 ? 'cash' : 'none',
    unplayable: game % 7 < 2 ? 'strict' : 'replace',
    holdings: game % 4 === 0 ? 'hidden' : 'open',
    trades: game % 6 === 0,
    ...(game % 10 === 1 ? { twoPlayerBank: false } : {}),
  };
}

function checkInvariants(state: GameState): void {
  for (const player of state.players) {
    if (player.cash < 0) throw new Error(`${player.name} has negative cash ${player.cash}`);
    if (player.hand.length > 6) throw new Error(`${player.name} holds ${player.hand.length} tiles`);
  }
  state.chains.forEach((chain, index) => {
    const held = state.players.reduce((sum, player) => sum + player.shares[index]!, 0);
    if (held + chain.bankShares !== SHARES_PER_CHAIN) throw new Error(`${chain.name}: ${held} held + ${chain.bankShares} in bank`);
    const onBoard = state.board.filter((cell) => cell === index).length;
    if (onBoard !== chain.size) throw new Error(`${chain.name}: size ${chain.size}, board ${onBoard}`);
    if ((chain.headquarters === null) !== (chain.size === 0)) throw new Error(`${chain.name}: headquarters and size disagree`);
    if (chain.size === 1) throw new Error(`${chain.name} has one tile`);
  });
  const placed = state.board.filter((cell) => cell !== null).length;
  const held = state.players.reduce((sum, player) => sum + player.hand.length, 0);
  if (placed + held + state.bag.length + state.discarded.length !== ALL_TILES.length) throw new Error('tiles are missing or doubled');
  const everyTile = new Set([...state.bag, ...state.discarded, ...state.players.flatMap((player) => player.hand)]);
  if (everyTile.size !== ALL_TILES.length - placed) throw new Error('a tile is in two places');
}

describe(`${GAMES} random complete games`, () => {
  // Split in blocks (one cycle of the options each) so a failure names a small range of seeds.
  const BLOCK = CYCLE;
  for (let first = 0; first < GAMES; first += BLOCK) {
    it(`games ${first}–${Math.min(first + BLOCK, GAMES) - 1}: invariants hold after every action, every game ends, the log replays`, () => {
      let ended = 0;
      for (let game = first; game < Math.min(first + BLOCK, GAMES); game++) {
        const players = 2 + (game % 5);
        const { setup, actions, final } = playRandomGame(game + 1, players, optionsFor(game), checkInvariants);
        expect(final.phase.kind).toBe('gameOver');
        expect(final.result?.standings).toHaveLength(players);
        expect(replay(setup, actions)).toEqual(final);
        ended++;
      }
      expect(ended).toBe(Math.min(first + BLOCK, GAMES) - first);
      // CPU-bound: a block took up to 67 s on this two-core machine under other engineers' load.
    }, 120_000);
  }
});
