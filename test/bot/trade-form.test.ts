/** The trade form: what a player types into it, read into engine holdings or refused with a reason. */
import { describe, expect, it } from 'vitest';
import { parseTradeForm } from '../../src/bot/features/trades.js';
import { createGame } from '../../src/engine/index.js';
import { say } from '../../src/i18n/index.js';

const state = createGame({
  players: [
    { id: 'a', name: 'Ann' },
    { id: 'b', name: 'Bob' },
  ],
  seed: 1,
});
const form = (fields: Partial<Record<'giveShares' | 'giveCash' | 'getShares' | 'getCash', string>>) =>
  parseTradeForm((id) => fields[id as keyof typeof fields] ?? '', state);

describe('the trade form', () => {
  it('reads shares by chain name in any case, summing repeats, and cash with or without $ and commas', () => {
    expect(form({ giveShares: '2 tower, 1 Luxor and 1 TOWER', giveCash: '$1,500', getShares: '3 Festival', getCash: '0' })).toEqual({
      ok: true,
      give: { cash: 1500, shares: { Tower: 3, Luxor: 1 } },
      receive: { cash: 0, shares: { Festival: 3 } },
    });
    expect(form({ getCash: ' 500 ' })).toEqual({ ok: true, give: { cash: 0, shares: {} }, receive: { cash: 500, shares: {} } });
  });

  it('refuses cash written with spaces or signs inside, rather than guessing', () => {
    for (const cash of [' 5 0 0 ', '5 00', '-500', '1e3', '0x10', '12.50', '$', '1,50', '99999999']) {
      const read = form({ giveCash: cash });
      expect(read.ok, cash).toBe(false);
      if (!read.ok) expect(say('en', read.message)).toMatch(/is not an amount of cash/);
    }
  });

  it('refuses shares of a chain not in the game, or written without a count', () => {
    for (const shares of ['2 Sackson', 'Tower', 'two Tower', '2', '123 Tower']) {
      const read = form({ giveShares: shares });
      expect(read.ok, shares).toBe(false);
      if (!read.ok) expect(say('en', read.message)).toMatch(/is not a number of shares of a chain in this game/);
    }
  });

  it('quotes what was typed cut short, never inside a character', () => {
    const read = form({ giveShares: `2 ${'🏨'.repeat(40)}` });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(say('en', read.message)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
