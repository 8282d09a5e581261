/** Buying up to three shares of chains on the board. */
import { MAX_PURCHASES } from '../board.js';
import { chainIndex, isActive, priceOf, reject } from '../state.js';
import type { GameEvent, GameState, Rejection } from '../types.js';
import type { Draft } from './draft.js';
import { endTurn, finishGame } from './turn.js';

export function buyShares(s: Draft, seat: number, names: readonly string[], endDeclared: boolean, events: GameEvent[]): Rejection | null {
  const player = s.players[seat]!;
  const chains: number[] = [];
  for (const name of names) {
    const chain = chainIndex(s, name);
    if (chain < 0) return reject('chain/unknown', `There is no chain called ${name} in this game.`);
    chains.push(chain);
  }
  const refused = basketRefusal(s, player.cash, chains);
  if (refused) return refused;
  const cost = basketCost(s, chains);
  for (const chain of chains) {
    s.chains[chain]!.bankShares--;
    player.shares[chain]!++;
  }
  player.cash -= cost;
  if (chains.length > 0) events.push({ type: 'sharesBought', seat, chains: chains.map((chain) => s.chains[chain]!.name), cost });
  if (endDeclared) finishGame(s, 'declared', events);
  else endTurn(s, events);
  return null;
}

/**
 * Why a basket (chain indexes, in any order) may not be bought with `cash` now, or null when it
 * may: the rule of a purchase in one place, for the move itself and for the buy panel, which
 * asks it of every button it shows (`viewerBasketCheck`). An index that names no chain (a forged
 * button) is refused as an unknown chain.
 */
export function basketRefusal(s: Pick<GameState, 'chains'>, cash: number, chains: readonly number[]): Rejection | null {
  if (chains.length > MAX_PURCHASES) return reject('buy/too_many', `You may buy at most ${MAX_PURCHASES} shares a turn.`);
  for (const chain of chains) {
    if (!Number.isInteger(chain) || s.chains[chain] === undefined) return reject('chain/unknown', `There is no chain number ${chain} in this game.`);
    if (!isActive(s, chain)) return reject('buy/inactive_chain', `${s.chains[chain]!.name} is not on the board, so its shares cannot be bought.`);
  }
  for (let position = 0; position < chains.length; position++) {
    const chain = chains[position]!;
    if (chains.indexOf(chain) !== position) continue; // each chain once, where it is first named
    let wanted = 0;
    for (const other of chains) if (other === chain) wanted++;
    const bank = s.chains[chain]!.bankShares;
    if (wanted > bank) return reject('shares/bank_short', `The bank has only ${bank} ${s.chains[chain]!.name} shares left.`);
  }
  const cost = basketCost(s, chains);
  if (cost > cash) return reject('buy/not_enough_cash', `Those shares cost $${cost.toLocaleString('en-US')} and you have $${cash.toLocaleString('en-US')}.`);
  return null;
}

function basketCost(s: Pick<GameState, 'chains'>, chains: readonly number[]): number {
  let cost = 0;
  for (const chain of chains) cost += priceOf(s, chain);
  return cost;
}
