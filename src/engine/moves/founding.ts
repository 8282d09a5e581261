/** Naming the chain a placed tile founded, and the founder's share (or its price in cash). */
import { tileIndex } from '../board.js';
import { chainIndex, priceOf, reject } from '../state.js';
import type { GameEvent, Rejection, Tile } from '../types.js';
import type { Draft } from './draft.js';
import { absorbInto, enterBuyPhase } from './turn.js';

export function foundChain(s: Draft, seat: number, tile: Tile, name: string, events: GameEvent[]): Rejection | null {
  const chainNumber = chainIndex(s, name);
  if (chainNumber < 0) return reject('chain/unknown', `There is no chain called ${name} in this game.`);
  const chain = s.chains[chainNumber]!;
  if (chain.headquarters !== null) return reject('chain/not_available', `${chain.name} is already on the board; choose a chain that is not.`);
  absorbInto(s, tileIndex(tile) as number, chainNumber);
  chain.headquarters = tile;
  const player = s.players[seat]!;
  let founderReward: 'share' | 'cash' | 'none' = 'none';
  let cash = 0;
  if (chain.bankShares > 0) {
    chain.bankShares--;
    player.shares[chainNumber]!++;
    founderReward = 'share';
  } else if (s.options.founderShare === 'cash') {
    cash = priceOf(s, chainNumber);
    player.cash += cash;
    founderReward = 'cash';
  }
  events.push({ type: 'chainFounded', seat, chain: chain.name, size: chain.size, founderReward, cash });
  enterBuyPhase(s, events);
  return null;
}
