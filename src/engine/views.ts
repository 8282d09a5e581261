/**
 * What one player, or a spectator, may see of a game. Other hands and the bag order are never
 * shown; in hidden-holdings games neither are other players' cash and shares until the end.
 */
import { isSafe, sharePrice } from './board.js';
import { seatOf } from './state.js';
import type { GameState, GameView } from './types.js';

/** The view of `playerId`, or the public (spectator) view when null or not seated. */
export function viewFor(state: GameState, playerId: string | null): GameView {
  const seat = playerId === null ? -1 : seatOf(state, playerId);
  const viewerSeat = seat >= 0 ? seat : null;
  const holdingsOpen = state.options.holdings === 'open' || state.phase.kind === 'gameOver';
  return {
    viewerSeat,
    options: { ...state.options },
    players: state.players.map((player, index) => {
      const visible = holdingsOpen || index === viewerSeat;
      return {
        seat: index,
        id: player.id,
        name: player.name,
        cash: visible ? player.cash : null,
        shares: visible ? player.shares.slice() : null,
        handSize: player.hand.length,
        hand: index === viewerSeat ? player.hand.slice() : null,
      };
    }),
    chains: state.chains.map((chain) => ({
      ...chain,
      bankShares: holdingsOpen || viewerSeat !== null ? chain.bankShares : null,
      price: sharePrice(chain.tier, chain.size),
      safe: isSafe(chain.size),
      active: chain.headquarters !== null,
    })),
    board: state.board.slice(),
    bagSize: state.bag.length,
    discarded: state.discarded.slice(),
    currentPlayer: state.currentPlayer,
    firstPlayer: state.firstPlayer,
    turn: state.turn,
    phase: phaseFor(state, viewerSeat, holdingsOpen),
    lastPlacedTile: state.lastPlacedTile,
    stateId: state.stateId,
    netWorthHistory: holdingsOpen ? state.netWorthHistory.map((row) => row.slice()) : null,
    result: state.result ? structuredClone(state.result) : null,
  };
}

export function spectatorView(state: GameState): GameView {
  return viewFor(state, null);
}

/** A trade offer's terms are the two traders' business while holdings are hidden. */
function phaseFor(state: GameState, viewerSeat: number | null, holdingsOpen: boolean): GameView['phase'] {
  const phase = structuredClone(state.phase);
  if (phase.kind === 'tradeOffer' && !holdingsOpen && viewerSeat !== phase.offer.from && viewerSeat !== phase.offer.to) {
    phase.offer.give = { cash: 0, shares: {} };
    phase.offer.receive = { cash: 0, shares: {} };
  }
  return phase;
}
