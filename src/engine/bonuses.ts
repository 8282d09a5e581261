/** Stockholder bonuses: who takes which place, tie splits and the $100 round-up. */
import { bonusOfPlace, placesPaid, priceRow, roundUpToHundred } from './board.js';
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
  const shares = holdings.map((holding) => holding.shares);
  const amounts = shares.map(() => 0);
  bonusAmounts(mode, tier, size, shares, amounts);
  return holdings
    .map((holding, index) => ({ holder: holding.holder, shares: holding.shares, amount: amounts[index]! }))
    .filter((payout) => payout.amount > 0)
    .sort((a, b) => b.shares - a.shares);
}

/**
 * The same rule as `distributeBonuses`, by position: `amounts[i]` becomes what the holder of
 * `shares[i]` shares takes (0 for nothing). No ranking is built: a holder's group starts at the
 * place after every holder with more shares, and holds as many places as it has members. The
 * integer core pays bonuses with it in its inner loop, allocating nothing.
 */
export function bonusAmounts(mode: BonusMode, tier: Tier, size: number, shares: ArrayLike<number>, amounts: { [index: number]: number; length: number }): void {
  const count = amounts.length;
  const row = priceRow(tier, size);
  const places = row < 0 ? 0 : placesPaid(mode);
  let holders = 0;
  for (let i = 0; i < count; i++) {
    amounts[i] = 0;
    if (shares[i]! > 0) holders++;
  }
  if (holders === 0 || places === 0) return;
  for (let i = 0; i < count; i++) {
    const mine = shares[i]!;
    if (mine <= 0) continue;
    if (holders === 1) {
      // A sole holder takes majority and minority (classic), primary and tertiary (tycoon).
      amounts[i] = bonusOfPlace(mode, row, 0) + bonusOfPlace(mode, row, places - 1);
      return;
    }
    let above = 0;
    let tied = 0;
    for (let j = 0; j < count; j++) {
      if (shares[j]! > mine) above++;
      else if (shares[j] === mine) tied++;
    }
    if (above >= places) continue;
    let pot = 0;
    for (let place = above; place < Math.min(above + tied, places); place++) pot += bonusOfPlace(mode, row, place);
    amounts[i] = roundUpToHundred(pot / tied);
  }
}
