/**
 * The integer core (`src/engine/core/`) plays the rules as `apply` does:
 * - every recorded differential game without trades, played in the core by the core's random
 *   player, ends in the same final state after the same actions as the record;
 * - at every step of random games under every option, each legal action (and a set of illegal
 *   ones) gives in the core what `apply` gives: the same state, or a refusal that changes nothing;
 * - a state survives the trip into the core and back unchanged.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apply, createGame, currentDecision, legalActions, sharePrice, type Action, type GameOptions, type GameState } from '../../src/engine/index.js';
import { type CoreGame, NO_ACTION, actionKind, PLACE } from '../../src/engine/core/game.js';
import { coreAction, createCoreGame, fromCore, supportsCore, toCore } from '../../src/engine/core/convert.js';
import { RandomPlayer } from '../support/random-player.js';
import type { DifferentialCase } from './differential.js';
import { playRandomGameInCore } from './playout.js';

const recorded = JSON.parse(readFileSync(new URL('./fixtures/differential.json', import.meta.url), 'utf8')) as DifferentialCase[];
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * `expect(actual).toEqual(expected)`, asked only when the two differ (so a failure still shows
 * vitest's diff): the step-by-step comparison below compares some 20,000 whole states, and
 * vitest's matcher on each took most of its time (25–33 s on a busy machine, past the 30 s limit).
 */
function expectEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}

const OPTION_SETS: Partial<GameOptions>[] = [
  {},
  { bonusMode: 'tycoon' },
  { chainSet: 'set2008', founderShare: 'cash' },
  { unplayable: 'strict' },
  { twoPlayerBank: false },
  { holdings: 'hidden', bonusMode: 'tycoon' },
  { trades: true },
];

function setup(seed: number, players: number, options: Partial<GameOptions>) {
  return { players: Array.from({ length: players }, (_, seat) => ({ id: `p${seat}`, name: `Player ${seat + 1}` })), options, seed };
}

/** Actions `apply` refuses, to be refused by the core too: tiles not in hand, chains not offered, too much. */
function illegalActions(state: GameState): Action[] {
  const seat = state.phase.kind === 'merger' && state.phase.merger.current ? state.phase.merger.current.holdersToDecide[0]! : state.currentPlayer;
  const player = state.players[seat]!.id;
  const notInHand = state.bag[0] ?? state.discarded[0];
  const actions: Action[] = [
    { type: 'skipPlacement', player },
    { type: 'redrawHand', player },
    { type: 'declareEnd', player },
    { type: 'foundChain', player, chain: state.chains[0]!.name },
    { type: 'foundChain', player, chain: 'Nowhere' },
    { type: 'chooseSurvivor', player, chain: state.chains[6]!.name },
    { type: 'chooseNextDefunct', player, chain: state.chains[1]!.name },
    { type: 'disposeShares', player, sell: 30, trade: 0 },
    { type: 'disposeShares', player, sell: 0, trade: 1 },
    { type: 'disposeShares', player, sell: -1, trade: 0 },
    { type: 'buyShares', player, chains: [state.chains[2]!.name, state.chains[2]!.name, state.chains[2]!.name, state.chains[2]!.name] },
    { type: 'buyShares', player, chains: [state.chains[5]!.name] },
    { type: 'buyShares', player, chains: ['Nowhere'] },
    { type: 'placeTile', player, tile: '13Z' },
  ];
  if (notInHand) actions.push({ type: 'placeTile', player, tile: notInHand });
  const decision = currentDecision(state);
  if (decision.kind === 'disposeShares') {
    // Just over the edge: one share more than held, one trade more than the bank allows.
    actions.push({ type: 'disposeShares', player, sell: decision.held + 1, trade: 0 });
    actions.push({ type: 'disposeShares', player, sell: 0, trade: decision.maxTrade + 2 });
  }
  if (decision.kind === 'buyShares') {
    // The dearest chain on the board, three times: often more than the cash or the bank's shares.
    const dearest = state.chains.filter((chain) => chain.headquarters !== null).sort((a, b) => sharePrice(b.tier, b.size) - sharePrice(a.tier, a.size))[0];
    if (dearest) actions.push({ type: 'buyShares', player, chains: [dearest.name, dearest.name, dearest.name] });
  }
  return actions;
}

describe('the integer core', () => {
  it('plays every recorded game without trades to the same actions and final state', () => {
    const withoutTrades = recorded.filter((game) => !game.options.trades);
    expect(withoutTrades.length).toBeGreaterThan(1500);
    const differing = withoutTrades.filter((game) => {
      const played = playRandomGameInCore(game.seed, game.players, game.options);
      return hash(JSON.stringify(played.actions)) !== game.actions || hash(JSON.stringify(played.final)) !== game.final;
    });
    expect(differing.map((game) => `seed ${game.seed}, ${game.players} players, ${JSON.stringify(game.options)}`)).toEqual([]);
  });

  it('gives what apply gives for every legal action and refuses what apply refuses, at every step', () => {
    let compared = 0;
    let refused = 0;
    for (let game = 0; game < 14; game++) {
      const options = OPTION_SETS[game % OPTION_SETS.length]!;
      let state = createGame(setup(500 + game, 2 + (game % 5), options));
      const player = new RandomPlayer(game);
      while (state.phase.kind !== 'gameOver') {
        if (!supportsCore(state)) {
          // A trade offer waits for its answer: the core cannot hold one.
          expect(() => toCore(state)).toThrow(/trade offer/);
          const next = apply(state, player.chooseAction(state)!);
          if (!next.ok) throw new Error(next.message);
          state = next.state;
          continue;
        }
        expectEqual(fromCore(toCore(state), state), state);
        const candidates = [...legalActions(state).slice(0, 40), ...illegalActions(state)];
        for (const action of candidates) {
          const expected = apply(state, action);
          const core = toCore(state);
          const accepted = core.act(coreAction(state, action));
          expectEqual({ action, accepted }, { action, accepted: expected.ok });
          if (expected.ok) expectEqual(fromCore(core, state), expected.state);
          else {
            expectEqual(fromCore(core, state), state);
            refused++;
          }
          compared++;
        }
        const next = apply(state, player.chooseAction(state)!);
        if (!next.ok) throw new Error(next.message);
        state = next.state;
      }
      expect(fromCore(toCore(state), state)).toEqual(state);
    }
    expect(compared).toBeGreaterThan(20_000);
    expect(refused).toBeGreaterThan(10_000);
  });

  it('copies a game whole: the copy plays on alone', () => {
    const state = createGame(setup(77, 4, {}));
    const game = toCore(state);
    const copy = game.clone();
    const tile = state.players[state.currentPlayer]!.hand[0]!;
    expect(copy.act(coreAction(state, { type: 'placeTile', player: state.players[state.currentPlayer]!.id, tile }))).toBe(true);
    expect(fromCore(game, state)).toEqual(state);
    expect(fromCore(copy, state).players[state.currentPlayer]!.hand).not.toContain(tile);
  });

  it('takes no action it cannot express', () => {
    const plain = createGame(setup(5, 3, {}));
    const offer: Action = { type: 'offerTrade', player: 'p0', to: 'p1', give: { cash: 100, shares: {} }, receive: { cash: 0, shares: {} } };
    expect(coreAction(plain, offer)).toBe(NO_ACTION);
    const game: CoreGame = toCore(plain);
    expect(game.act(NO_ACTION)).toBe(false);
    const placing = coreAction(plain, { type: 'placeTile', player: 'p0', tile: plain.players[plain.currentPlayer]!.hand[0]! });
    expect(actionKind(placing)).toBe(PLACE);
  });
});

describe('a game dealt straight into the core', () => {
  it("is createGame's game, under every option and player count", () => {
    for (let game = 0; game < 60; game++) {
      const dealt = setup(900 + game, 2 + (game % 5), OPTION_SETS[game % OPTION_SETS.length]!);
      const state = createGame(dealt);
      expect(fromCore(createCoreGame(dealt), state)).toEqual(state);
    }
    const ordered = { ...setup(1, 3, {}), tileOrder: ['12I', '1A', '5E'] };
    expect(fromCore(createCoreGame(ordered), createGame(ordered))).toEqual(createGame(ordered));
    expect(() => createCoreGame(setup(1, 7, {}))).toThrow(/2 to 6 players/);
  });
});
