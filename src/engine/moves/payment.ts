/** Paying a chain's stockholder bonuses (at a merger or at the end), the two-player bank included. */
import { tileColumn } from '../board.js';
import { distributeBonuses, type Holding } from '../bonuses.js';
import { nextInt } from '../rng.js';
import type { GameEvent } from '../types.js';
import type { Draft } from './draft.js';

/** Bonuses for `chain` at its current size: during a merger, or for every chain at the end. */
export function payBonuses(s: Draft, chain: number, final: boolean, events: GameEvent[]): void {
  const definition = s.chains[chain]!;
  const holdings: Holding[] = s.players.map((player, seat) => ({ holder: seat, shares: player.shares[chain]! }));
  if (s.options.twoPlayerBank) {
    const shares = drawBankHolding(s);
    holdings.push({ holder: 'bank', shares });
    events.push({ type: 'bankStockholder', chain: definition.name, shares });
  }
  const payouts = distributeBonuses(s.options.bonusMode, definition.tier, definition.size, holdings);
  for (const payout of payouts) if (payout.holder !== 'bank') s.players[payout.holder]!.cash += payout.amount;
  events.push({ type: 'bonusesPaid', chain: definition.name, sizeBefore: definition.size, payouts, final });
}

/**
 * The two-player bank's shares: the number on a tile drawn at random from the bag and put
 * back. With the bag empty, a number from 1 to 12 with the same odds as a full bag's.
 */
export function drawBankHolding(s: Draft): number {
  if (s.bag.length > 0) {
    const draw = nextInt(s.rng, s.bag.length);
    s.rng = draw.rng;
    return tileColumn(s.bag[draw.value]!);
  }
  const draw = nextInt(s.rng, 12);
  s.rng = draw.rng;
  return draw.value + 1;
}
