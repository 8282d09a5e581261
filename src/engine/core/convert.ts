/**
 * A game into the integer core and back: `toCore(state)` and `fromCore(game, state)` give back
 * the same JSON state `apply` would have made (field order included, so the two hash alike), and
 * `toAction` names a core action as an `Action`.
 */
import { ALL_TILES, CHAIN_SETS, HAND_SIZE, MAX_PURCHASES, SHARES_PER_CHAIN, STARTING_CASH, tileIndex } from '../board.js';
import { checkedOptions, deal, type GameSetup } from '../setup.js';
import { chainIndex, standingsOf } from '../state.js';
import type { Action, Cell, GameOptions, GameState, MergerState, Phase, Tier, Tile } from '../types.js';
import {
  BUY,
  BUY_SHARES,
  CoreGame,
  DECLARED,
  DECLARE_END,
  DISPOSE,
  EMPTY,
  FOUND,
  FOUND_CHAIN,
  GAME_OVER,
  LOOSE,
  MERGER,
  NEXT_DEFUNCT,
  NO_PLAYABLE_TILES,
  PLACE,
  PLACE_TILE,
  REDRAW,
  SKIP,
  SURVIVOR,
  TIERS,
  actionFirst,
  actionKind,
  actionSecond,
  NO_ACTION,
  basketChain,
  buyAction,
  declareEndAction,
  disposeAction,
  foundAction,
  nextDefunctAction,
  placeAction,
  redrawAction,
  skipAction,
  survivorAction,
  type CoreRules,
} from './game.js';

/** A cell and a chain no game has: actions naming them are refused. */
const NOT_A_CELL = 255;
const NOT_A_CHAIN = 7;

/** Whether the core can take this state: any but one waiting for the answer to a trade offer. */
export function supportsCore(state: GameState): boolean {
  return state.phase.kind !== 'tradeOffer';
}

const cellOfTile = (tile: Tile): number => tileIndex(tile)!;

/** Each chain's tier as a number, by a loop: `Int8Array.from` with a mapping goes through the iterator protocol (0.6–1 µs, once a game). */
function tierNumbers(chains: readonly { tier: Tier }[]): Int8Array {
  const tiers = new Int8Array(chains.length);
  for (let chain = 0; chain < chains.length; chain++) tiers[chain] = TIERS.indexOf(chains[chain]!.tier);
  return tiers;
}

function coreRules(options: GameOptions, players: number, chains: readonly { tier: Tier }[]): CoreRules {
  return {
    players,
    chains: chains.length,
    tiers: tierNumbers(chains),
    bonusMode: options.bonusMode,
    founderGetsCash: options.founderShare === 'cash',
    replaceUnplayable: options.unplayable === 'replace',
    twoPlayerBank: options.twoPlayerBank,
    trades: options.trades,
    hiddenHoldings: options.holdings === 'hidden',
  };
}

/**
 * A new game straight into the core: `createGame`'s game (the same deal from the same seed),
 * without building its JSON state first. Throws SetupError as `createGame` does.
 */
export function createCoreGame(setup: GameSetup): CoreGame {
  const options = checkedOptions(setup);
  const { rng, bag, opening, firstPlayer, hands } = deal(setup);
  const chains = CHAIN_SETS[options.chainSet];
  const game = new CoreGame(coreRules(options, setup.players.length, chains));
  for (const cell of opening) game.board[cell] = LOOSE;
  game.bankShares.fill(SHARES_PER_CHAIN);
  game.cash.fill(STARTING_CASH);
  hands.forEach((hand, seat) => {
    for (let position = 0; position < hand.length; position++) game.hands[seat * HAND_SIZE + position] = hand[position]!;
    game.handLength[seat] = hand.length;
  });
  for (let position = 0; position < bag.length; position++) game.bag[position] = bag[position]!;
  game.bagEnd = bag.length;
  game.rng = rng;
  game.currentPlayer = firstPlayer;
  game.firstPlayer = firstPlayer;
  game.chainsChanged();
  return game;
}

/** The game of `state` in the core. Throws for a game `supportsCore` refuses. */
export function toCore(state: GameState): CoreGame {
  if (!supportsCore(state)) throw new Error('the integer core cannot hold a trade offer');
  const chains = state.chains.length;
  const game = new CoreGame(coreRules(state.options, state.players.length, state.chains));
  // Loops, not forEach: computer players convert a state for every game they play out.
  const board = state.board;
  for (let cell = 0; cell < board.length; cell++) game.board[cell] = board[cell] ?? EMPTY;
  for (let index = 0; index < chains; index++) {
    const chain = state.chains[index]!;
    game.size[index] = chain.size;
    game.bankShares[index] = chain.bankShares;
    game.headquarters[index] = chain.headquarters === null ? -1 : cellOfTile(chain.headquarters);
  }
  for (let seat = 0; seat < state.players.length; seat++) {
    const player = state.players[seat]!;
    game.cash[seat] = player.cash;
    for (let chain = 0; chain < chains; chain++) game.shares[seat * chains + chain] = player.shares[chain]!;
    for (let position = 0; position < player.hand.length; position++) game.hands[seat * HAND_SIZE + position] = cellOfTile(player.hand[position]!);
    game.handLength[seat] = player.hand.length;
  }
  for (let position = 0; position < state.bag.length; position++) game.bag[position] = cellOfTile(state.bag[position]!);
  game.bagEnd = state.bag.length;
  game.chainsChanged();
  for (const tile of state.discarded) game.discarded.push(cellOfTile(tile));
  for (const row of state.netWorthHistory) for (const worth of row) game.netWorthHistory.push(worth);
  game.rng = state.rng;
  game.currentPlayer = state.currentPlayer;
  game.firstPlayer = state.firstPlayer;
  game.turn = state.turn;
  game.stateId = state.stateId;
  game.lastPlacedTile = state.lastPlacedTile === null ? -1 : cellOfTile(state.lastPlacedTile);
  game.result = state.result === null ? 0 : state.result.reason === 'declared' ? DECLARED : NO_PLAYABLE_TILES;
  const phase = state.phase;
  switch (phase.kind) {
    case 'placeTile':
      game.phase = PLACE_TILE;
      game.redrawn = phase.redrawn;
      game.tradeOffers = phase.tradeOffers;
      break;
    case 'foundChain':
      game.phase = FOUND_CHAIN;
      game.foundingTile = cellOfTile(phase.tile);
      break;
    case 'buyShares':
      game.phase = BUY_SHARES;
      game.endDeclared = phase.endDeclared;
      break;
    case 'merger': {
      const merger = phase.merger;
      game.phase = MERGER;
      game.mergerTile = cellOfTile(merger.tile);
      game.mergemaker = merger.mergemaker;
      game.mergerChains.set(merger.chains);
      game.mergerChainCount = merger.chains.length;
      game.survivor = merger.survivor ?? -1;
      game.pendingDefunct.set(merger.pendingDefunct);
      game.pendingCount = merger.pendingDefunct.length;
      game.defunct = merger.current?.chain ?? -1;
      game.defunctSizeBefore = merger.current?.sizeBefore ?? 0;
      game.holdersToDecide.set(merger.current?.holdersToDecide ?? []);
      game.holdersStart = 0;
      game.holdersEnd = merger.current?.holdersToDecide.length ?? 0;
      break;
    }
    default:
      game.phase = GAME_OVER;
  }
  return game;
}

const tileAt = (cell: number): Tile => ALL_TILES[cell]!;

/** The JSON state of a core game; `like` is any state of the same game (its seats, chains and options). */
export function fromCore(game: CoreGame, like: GameState): GameState {
  const chains = game.rules.chains;
  const players = like.players.map((player, seat) => ({
    id: player.id,
    name: player.name,
    cash: game.cash[seat]!,
    shares: Array.from(game.shares.subarray(seat * chains, (seat + 1) * chains)),
    hand: game.hands.slice(seat * HAND_SIZE, seat * HAND_SIZE + game.handLength[seat]!).map(tileAt),
  }));
  const history: number[][] = [];
  for (let row = 0; row < game.netWorthHistory.length; row += game.rules.players) history.push(game.netWorthHistory.slice(row, row + game.rules.players));
  return {
    schema: like.schema,
    options: like.options,
    players,
    chains: like.chains.map((chain, index) => ({
      name: chain.name,
      tier: chain.tier,
      size: game.size[index]!,
      bankShares: game.bankShares[index]!,
      headquarters: game.headquarters[index]! < 0 ? null : tileAt(game.headquarters[index]!),
    })),
    board: game.board.slice(0, ALL_TILES.length).map((cell): Cell => (cell === EMPTY ? null : cell)),
    bag: game.bag.slice(game.bagStart, game.bagEnd).map(tileAt),
    discarded: game.discarded.map(tileAt),
    rng: game.rng,
    currentPlayer: game.currentPlayer,
    firstPlayer: game.firstPlayer,
    turn: game.turn,
    phase: phaseOf(game),
    lastPlacedTile: game.lastPlacedTile < 0 ? null : tileAt(game.lastPlacedTile),
    stateId: game.stateId,
    netWorthHistory: history,
    result: game.result === 0 ? null : { reason: game.result === DECLARED ? 'declared' : 'noPlayableTiles', standings: standingsOf(players) },
  };
}

function phaseOf(game: CoreGame): Phase {
  switch (game.phase) {
    case PLACE_TILE:
      return { kind: 'placeTile', redrawn: game.redrawn, tradeOffers: game.tradeOffers };
    case FOUND_CHAIN:
      return { kind: 'foundChain', tile: tileAt(game.foundingTile) };
    case BUY_SHARES:
      return { kind: 'buyShares', endDeclared: game.endDeclared };
    case MERGER: {
      const merger: MergerState = {
        tile: tileAt(game.mergerTile),
        mergemaker: game.mergemaker,
        chains: Array.from(game.mergerChains.subarray(0, game.mergerChainCount)),
        survivor: game.survivor < 0 ? null : game.survivor,
        pendingDefunct: Array.from(game.pendingDefunct.subarray(0, game.pendingCount)),
        current:
          game.defunct < 0
            ? null
            : {
                chain: game.defunct,
                sizeBefore: game.defunctSizeBefore,
                holdersToDecide: Array.from(game.holdersToDecide.subarray(game.holdersStart, game.holdersEnd)),
              },
      };
      return { kind: 'merger', merger };
    }
    default:
      return { kind: 'gameOver' };
  }
}

/** A core action as the `Action` of whoever decides now in `game`; `like` names seats and chains. */
export function toAction(game: CoreGame, action: number, like: GameState): Action {
  const player = like.players[game.decidingSeat()]!.id;
  const chain = (index: number) => like.chains[index]!.name;
  const first = actionFirst(action);
  switch (actionKind(action)) {
    case PLACE:
      return { type: 'placeTile', player, tile: tileAt(first) };
    case SKIP:
      return { type: 'skipPlacement', player };
    case REDRAW:
      return { type: 'redrawHand', player };
    case FOUND:
      return { type: 'foundChain', player, chain: chain(first) };
    case SURVIVOR:
      return { type: 'chooseSurvivor', player, chain: chain(first) };
    case NEXT_DEFUNCT:
      return { type: 'chooseNextDefunct', player, chain: chain(first) };
    case DISPOSE:
      return { type: 'disposeShares', player, sell: first, trade: actionSecond(action) };
    case BUY:
      return { type: 'buyShares', player, chains: Array.from({ length: first }, (_, position) => chain(basketChain(action, position))) };
    case DECLARE_END:
      return { type: 'declareEnd', player };
    default:
      throw new Error(`not a core action: ${action}`);
  }
}

/**
 * An `Action` as a core action for `state` (the same state the core game was made from). What
 * the core cannot express (a trade, a name that is no chain, a count that is no whole number)
 * becomes an action the core refuses, as `apply` would.
 */
export function coreAction(state: GameState, action: Action): number {
  const chain = (name: string) => {
    const index = chainIndex(state, name);
    return index < 0 ? NOT_A_CHAIN : index;
  };
  switch (action.type) {
    case 'placeTile':
      return placeAction(tileIndex(action.tile) ?? NOT_A_CELL);
    case 'skipPlacement':
      return skipAction();
    case 'redrawHand':
      return redrawAction();
    case 'foundChain':
      return foundAction(chain(action.chain));
    case 'chooseSurvivor':
      return survivorAction(chain(action.chain));
    case 'chooseNextDefunct':
      return nextDefunctAction(chain(action.chain));
    case 'disposeShares': {
      const count = (value: number) => Number.isInteger(value) && value >= 0 && value <= 255;
      return count(action.sell) && count(action.trade) ? disposeAction(action.sell, action.trade) : NO_ACTION;
    }
    case 'buyShares': {
      if (action.chains.length > MAX_PURCHASES) return NO_ACTION;
      const [first = 0, second = 0, third = 0] = action.chains.map(chain);
      return buyAction(action.chains.length, first, second, third);
    }
    case 'declareEnd':
      return declareEndAction();
    default:
      return NO_ACTION;
  }
}
