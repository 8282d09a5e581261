/**
 * Every legal move of whoever decides in a game on the integer core, as the core encodes them:
 * the tournament's MCTS yardstick (bench/yardstick.ts) searches these, and the hard player's
 * playouts choose their own seat's moves within the turn under search from them.
 */
import { HAND_SIZE } from '../engine/board.js';
import {
  BUY_SHARES,
  buyAction,
  type CoreGame,
  declareEndAction,
  disposeAction,
  FOUND_CHAIN,
  foundAction,
  MERGER,
  nextDefunctAction,
  PLACE_TILE,
  placeAction,
  redrawAction,
  skipAction,
  survivorAction,
  UNPLAYABLE,
} from '../engine/core/game.js';

/** Every legal move of whoever decides in `game`, as the core encodes them (baskets as sets). */
export function coreMoves(game: CoreGame): number[] {
  const moves: number[] = [];
  const seat = game.decidingSeat();
  const chains = game.rules.chains;
  switch (game.phase) {
    case PLACE_TILE: {
      for (let position = 0; position < game.handLength[seat]!; position++) {
        const cell = game.hands[seat * HAND_SIZE + position]!;
        if (game.classify(cell) !== UNPLAYABLE) moves.push(placeAction(cell));
      }
      if (moves.length === 0) moves.push(skipAction());
      if (game.mayRedraw()) moves.push(redrawAction());
      return moves;
    }
    case FOUND_CHAIN:
      for (let chain = 0; chain < chains; chain++) if (!game.isActive(chain)) moves.push(foundAction(chain));
      return moves;
    case MERGER: {
      if (game.survivor < 0 || game.defunct < 0) {
        const count = game.survivor < 0 ? game.largest(game.mergerChains, game.mergerChainCount) : game.largest(game.pendingDefunct, game.pendingCount);
        for (let index = 0; index < count; index++)
          moves.push(game.survivor < 0 ? survivorAction(game.candidate(index)) : nextDefunctAction(game.candidate(index)));
        return moves;
      }
      const held = game.shares[seat * chains + game.defunct]!;
      const maxTrade = Math.min(held - (held % 2), game.bankShares[game.survivor]! * 2);
      for (let trade = 0; trade <= maxTrade; trade += 2) for (let sell = 0; sell + trade <= held; sell++) moves.push(disposeAction(sell, trade));
      return moves;
    }
    case BUY_SHARES: {
      if (!game.endDeclared && game.canDeclareEnd()) moves.push(declareEndAction());
      const basket = [0, 0, 0];
      const fill = (count: number, from: number, cash: number) => {
        moves.push(buyAction(count, basket[0], basket[1], basket[2]));
        if (count === 3) return;
        for (let chain = from; chain < chains; chain++) {
          const price = game.price(chain);
          let taken = 0;
          for (let j = 0; j < count; j++) if (basket[j] === chain) taken++;
          if (!game.isActive(chain) || price > cash || game.bankShares[chain]! <= taken) continue;
          basket[count] = chain;
          fill(count + 1, chain, cash - price);
        }
      };
      fill(0, 0, game.cash[seat]!);
      return moves;
    }
    default:
      return moves;
  }
}
