/**
 * What one player, or a spectator, may see of a game. Other hands and the bag order are never
 * shown; in hidden-holdings games neither are other players' cash and shares until the end.
 */
import { isSafe, sharePrice } from './board.js';
import { copyPhase } from './moves/draft.js';
import { seatOf } from './state.js';
import { ANOTHER_HOLDER, type GameState, type GameView, type Holdings } from './types.js';

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
    // Field by field, not `{ ...chain, price, ... }`: a spread that adds properties cost most of
    // a view (the bot makes several a move).
    chains: state.chains.map((chain) => ({
      name: chain.name,
      tier: chain.tier,
      size: chain.size,
      bankShares: holdingsOpen || viewerSeat !== null ? chain.bankShares : null,
      headquarters: chain.headquarters,
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
    // Shared, not copied: read-only in the view's type, and the engine never changes a row it
    // has written (`appendTo` adds a row to a new list).
    netWorthHistory: holdingsOpen ? state.netWorthHistory : null,
    result: state.result ? structuredClone(state.result) : null,
  };
}

export function spectatorView(state: GameState): GameView {
  return viewFor(state, null);
}

/**
 * A copy of the phase (structuredClone cost more than the rest of a view), with a trade offer's
 * terms left out for anyone but the two traders while holdings are hidden.
 */
function phaseFor(state: GameState, viewerSeat: number | null, holdingsOpen: boolean): GameView['phase'] {
  const phase = state.phase;
  switch (phase.kind) {
    case 'merger': {
      const copy = copyPhase(phase); // the engine's own copy of a merger under way (moves/draft.ts)
      const current = copy.kind === 'merger' ? copy.merger.current : null;
      // Who still decides would tell who holds the defunct chain: a person is told only "a holder".
      if (current && !holdingsOpen) current.holdersToDecide = holdersSeenBy(current.holdersToDecide, viewerSeat);
      return copy;
    }
    case 'tradeOffer': {
      const { offer } = phase;
      const terms = holdingsOpen || viewerSeat === offer.from || viewerSeat === offer.to;
      const give = terms ? copyHoldings(offer.give) : { cash: 0, shares: {} };
      const receive = terms ? copyHoldings(offer.receive) : { cash: 0, shares: {} };
      return { kind: 'tradeOffer', offer: { from: offer.from, to: offer.to, give, receive }, redrawn: phase.redrawn, tradeOffers: phase.tradeOffers };
    }
    default:
      return { ...phase };
  }
}

/** With hidden holdings, only whether the viewer decides now, later, or not (types.ts, `holdersToDecide`). */
function holdersSeenBy(holders: number[], viewerSeat: number | null): number[] {
  if (viewerSeat !== null && holders[0] === viewerSeat) return [viewerSeat];
  return viewerSeat !== null && holders.includes(viewerSeat) ? [ANOTHER_HOLDER, viewerSeat] : [ANOTHER_HOLDER];
}

const copyHoldings = (holdings: Holdings): Holdings => ({ cash: holdings.cash, shares: { ...holdings.shares } });
