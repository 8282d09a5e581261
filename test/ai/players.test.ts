/**
 * Every level answers every decision legally under every option, deterministically for a
 * seed, and from the player's view alone: what it may not see cannot change its choice.
 */
import { describe, expect, it } from 'vitest';
import { chooseAction, type Player } from '../../src/ai/index.js';
import { determinize, hiddenTiles } from '../../src/ai/determinize.js';
import { apply, createGame, decidingSeat, legalActions, viewFor, type Action, type GameOptions, type GameState } from '../../src/engine/index.js';
import { RandomPlayer } from '../support/random-player.js';
import { midGame } from './mid-game.js';

/** A seat: a computer player, or a random player that also makes trade offers for the others to answer. */
type Seat = Player | 'random';

/** A whole game with every seat played by a computer player; fails on any refused action. */
function playWith(levels: Seat[], options: Partial<GameOptions>, seed: number): { state: GameState; answered: Set<string> } {
  let state = createGame({ players: levels.map((_, seat) => ({ id: `s${seat}`, name: `Seat ${seat}` })), options, seed });
  const random = new RandomPlayer(seed);
  const answered = new Set<string>();
  for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
    if (step > 3000) throw new Error('the game did not end');
    const seat = decidingSeat(state)!;
    const level = levels[seat]!;
    let action: Action | null;
    if (level === 'random' && state.options.trades && state.phase.kind === 'placeTile' && state.phase.tradeOffers === 0 && state.players[seat]!.cash >= 100) {
      // An offer to each other seat in turn: $100 for one share of the first chain on the board, or for nothing.
      const active = state.chains.find((chain) => chain.headquarters !== null);
      const to = state.players[(seat + 1 + (state.turn % (state.players.length - 1))) % state.players.length]!.id;
      action = {
        type: 'offerTrade',
        player: state.players[seat]!.id,
        to,
        give: { cash: 100, shares: {} },
        receive: { cash: 0, shares: active && state.turn % 2 ? { [active.name]: 1 } : {} },
      };
    } else if (level === 'random') {
      action = random.chooseAction(state)!;
      // A random offer may be empty or unaffordable: then any legal move.
      if (!apply(state, action).ok) action = legalActions(state)[0]!;
    } else {
      // The hard player held to 100 ms a decision: these games check legality, not strength.
      action = chooseAction(viewFor(state, state.players[seat]!.id), { level, seed: seed + step, budgetMs: 100 });
      expect(action, `${level} found no action`).not.toBeNull();
      if (state.phase.kind === 'tradeOffer') answered.add(level);
    }
    const outcome = apply(state, action!);
    if (!outcome.ok) throw new Error(`${level} played an illegal move: ${outcome.message}`);
    state = outcome.state;
  }
  return { state, answered };
}

const CASES: { levels: Seat[]; options: Partial<GameOptions> }[] = [
  { levels: ['easy', 'medium'], options: {} },
  { levels: ['medium', 'easy', 'baseline'], options: { bonusMode: 'tycoon', chainSet: 'set2008' } },
  { levels: ['hard', 'baseline'], options: { holdings: 'hidden' } },
  { levels: ['hard', 'medium', 'easy'], options: { bonusMode: 'tycoon', unplayable: 'strict' } },
  { levels: ['easy', 'medium', 'baseline', 'easy'], options: { trades: true, unplayable: 'strict' } },
  { levels: ['hard', 'easy', 'medium', 'baseline', 'medium'], options: { chainSet: 'set2008', founderShare: 'cash' } },
  { levels: ['medium', 'medium', 'easy', 'baseline', 'easy', 'medium'], options: { founderShare: 'cash', holdings: 'hidden' } },
  { levels: ['hard', 'easy', 'medium'], options: { trades: true, chainSet: 'set2008', twoPlayerBank: false } },
  { levels: ['hard', 'baseline'], options: { twoPlayerBank: false, unplayable: 'strict' } },
];

describe('computer players', () => {
  it.each(CASES)('finish a game legally: $levels with $options', ({ levels, options }) => {
    const end = playWith(levels, options, 42 + levels.length).state;
    expect(end.result?.standings).toHaveLength(levels.length);
  });

  it('answer the trade offers made to them, with open and hidden holdings', () => {
    for (const holdings of ['open', 'hidden'] as const) {
      const { answered } = playWith(['random', 'easy', 'medium', 'hard'], { trades: true, holdings }, 11);
      expect([...answered].sort(), holdings).toEqual(['easy', 'hard', 'medium']);
    }
  }, 120_000); // two whole games with a hard player (held to 100 ms a decision)

  it('choose the same action for the same seed, whatever the level', () => {
    const state = midGame(4, {}, 5, 40);
    const view = viewFor(state, state.players[decidingSeat(state)!]!.id);
    for (const level of ['easy', 'medium', 'hard', 'baseline'] as const) {
      // A budget the search cannot reach: its playouts, not the clock, end it.
      expect(chooseAction(view, { level, seed: 9, budgetMs: 60_000 }), level).toEqual(chooseAction(view, { level, seed: 9, budgetMs: 60_000 }));
    }
  }, 60_000); // hard plays out its 3,000 playouts, twice

  it('cannot cheat: states differing only in what the player may not see give the same action', () => {
    for (const holdings of ['open', 'hidden'] as const) {
      for (const steps of [30, 60, 90]) {
        const state = midGame(4, { holdings }, 77 + steps, steps);
        const seat = decidingSeat(state)!;
        const me = state.players[seat]!.id;
        const twins = [otherWorld(state, seat, 12345), bagReordered(state)];
        for (const twin of twins) {
          // What the player sees is the same, to the letter.
          expect(viewFor(twin, me)).toEqual(viewFor(state, me));
          for (const level of ['easy', 'medium', 'hard', 'baseline'] as const) {
            expect(chooseAction(viewFor(twin, me), { level, seed: 3, budgetMs: 60_000 }), `${level}, ${holdings} holdings`).toEqual(
              chooseAction(viewFor(state, me), { level, seed: 3, budgetMs: 60_000 }),
            );
          }
        }
        // The worlds really differ in what is hidden.
        expect(twins[0]!.players.filter((_, other) => other !== seat).map((player) => player.hand)).not.toEqual(
          state.players.filter((_, other) => other !== seat).map((player) => player.hand),
        );
        if (holdings === 'hidden') {
          expect(twins[0]!.players.map((player) => [player.cash, player.shares])).not.toEqual(state.players.map((player) => [player.cash, player.shares]));
        }
      }
    }
  }, 180_000); // 24 hard searches of 3,000 playouts each

  it('never looks at a hidden tile: the tiles it samples are exactly those it cannot see', () => {
    const state = midGame(3, {}, 8, 50);
    const seat = decidingSeat(state)!;
    const hidden = [...state.bag, ...state.players.filter((_, other) => other !== seat).flatMap((player) => player.hand)].sort();
    expect(hiddenTiles(viewFor(state, state.players[seat]!.id)).sort()).toEqual(hidden);
  });
});

/**
 * The same game as the player sees it, everything hidden from them changed: the others' hands
 * and the bag dealt anew, the random source, and with hidden holdings the others' cash and
 * their shares moved between them (the totals, which the bank's counts reveal, kept).
 */
function otherWorld(state: GameState, seat: number, seed: number): GameState {
  const twin = determinize(viewFor(state, state.players[seat]!.id), seed);
  twin.netWorthHistory = state.netWorthHistory;
  if (state.options.holdings === 'hidden') {
    const others = twin.players.filter((_, other) => other !== seat);
    others.forEach((player, index) => (player.cash = 3000 + 1700 * index));
    twin.chains.forEach((_, chain) => {
      const total = state.players.reduce((sum, player, other) => sum + (other === seat ? 0 : player.shares[chain]!), 0);
      others.forEach((player, index) => (player.shares[chain] = index === others.length - 1 ? total : 0));
    });
  }
  return twin;
}

/** The same game with only the bag's order changed (reversed). */
function bagReordered(state: GameState): GameState {
  return { ...state, bag: state.bag.slice().reverse(), rng: state.rng ^ 0x5bd1e995 };
}
