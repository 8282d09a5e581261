/** Stockholder bonuses: who takes which place, tie splits and the $100 round-up. */
import { bonusPlaces, roundUpToHundred } from './board.js';
import type { BonusMode, BonusPayout, Tier } from './types.js';

export interface Holding {
  holder: number | 'bank';
  shares: number;
}

/**
 * The bonuses paid for a chain of `size` tiles among `holdings`.
 *
 * Holders are ranked by shares. Each group of equal holders occupies as many places as it has
 * members, from the first place still free, and shares the sum of those places' bonuses,
 * rounded up to $100 each. In classic mode a tie for majority therefore splits majority plus
 * minority and no minority is paid. A single holder takes majority and minority in classic,
 * and primary and tertiary in tycoon (file 003); with two tycoon holders the tertiary is not
 * paid, which the place-filling rule gives by itself.
 */
export function distributeBonuses(mode: BonusMode, tier: Tier, size: number, holdings: readonly Holding[]): BonusPayout[] {
  const ranked = holdings.filter((holding) => holding.shares > 0).sort((a, b) => b.shares - a.shares);
  const places = bonusPlaces(mode, tier, size);
  const first = ranked[0];
  if (!first || places.length === 0) return [];
  if (ranked.length === 1) {
    const amount = mode === 'classic' ? (places[0] ?? 0) + (places[1] ?? 0) : (places[0] ?? 0) + (places[2] ?? 0);
    return [{ holder: first.holder, shares: first.shares, amount }];
  }
  const payouts: BonusPayout[] = [];
  let place = 0;
  for (let start = 0; start < ranked.length && place < places.length; ) {
    let end = start;
    while (end < ranked.length && ranked[end]?.shares === ranked[start]?.shares) end++;
    const tied = ranked.slice(start, end);
    const pot = places.slice(place, place + tied.length).reduce((sum, bonus) => sum + bonus, 0);
    const each = roundUpToHundred(pot / tied.length);
    for (const holding of tied) payouts.push({ holder: holding.holder, shares: holding.shares, amount: each });
    place += tied.length;
    start = end;
  }
  return payouts;
}
