/** The trade form: what a player types into it, read into engine holdings or refused with a reason. */
import { describe, expect, it } from 'vitest';
import { lackingFor, parseTradeForm, tradeAnswerPanel } from '../../src/bot/features/trades.js';
import { apply, createGame, viewFor } from '../../src/engine/index.js';
import type { ActiveGame } from '../../src/store/index.js';

const state = createGame({ players: [{ id: 'a', name: 'Ann' }, { id: 'b', name: 'Bob' }], seed: 1 });
const form = (fields: Partial<Record<'giveShares' | 'giveCash' | 'getShares' | 'getCash', string>>) => parseTradeForm((id) => fields[id as keyof typeof fields] ?? '', state);

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
      if (!read.ok) expect(read.message).toMatch(/is not an amount of cash/);
    }
  });

  it('refuses shares of a chain not in the game, or written without a count', () => {
    for (const shares of ['2 Sackson', 'Tower', 'two Tower', '2', '123 Tower']) {
      const read = form({ giveShares: shares });
      expect(read.ok, shares).toBe(false);
      if (!read.ok) expect(read.message).toMatch(/is not a number of shares of a chain in this game/);
    }
  });

  it('quotes what was typed cut short, never inside a character', () => {
    const read = form({ giveShares: `2 ${'🏨'.repeat(40)}` });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('an offer the other player could not accept', () => {
  const setup = (holdings: 'open' | 'hidden') => {
    const game = createGame({ players: [{ id: 'a', name: 'Ann' }, { id: 'b', name: 'B*b' }], seed: 4, options: { trades: true, holdings } });
    const from = game.players[game.currentPlayer]!;
    const to = game.players.find((player) => player.id !== from.id)!;
    const offered = apply(game, { type: 'offerTrade', player: from.id, to: to.id, give: { cash: 100, shares: {} }, receive: { cash: 0, shares: { Tower: 2 } } });
    if (!offered.ok) throw new Error(offered.message);
    return { state: offered.state, from, to };
  };

  it('is refused when made in an open game, saying what the other player lacks', () => {
    const { state, to } = setup('open');
    const spectator = viewFor(state, null);
    const seat = state.players.findIndex((player) => player.id === to.id);
    expect(lackingFor(spectator.players[seat]!, { cash: 0, shares: { Tower: 2 } }, spectator)).toMatch(/holds 0 Tower shares, fewer than the 2 asked/);
    expect(lackingFor(spectator.players[seat]!, { cash: 7000, shares: {} }, spectator)).toMatch(/has \$6,000, less than the \$7,000 asked/);
    expect(lackingFor(spectator.players[seat]!, { cash: 500, shares: {} }, spectator)).toBeNull();
  });

  it('cannot be accepted with hidden holdings: the recipient’s Accept is disabled, with the reason', () => {
    const { state, to } = setup('hidden');
    // Nobody else can tell: the spectator sees no holdings.
    const seat = state.players.findIndex((player) => player.id === to.id);
    const spectator = viewFor(state, null);
    expect(lackingFor(spectator.players[seat]!, { cash: 0, shares: { Tower: 2 } }, spectator)).toBeNull();
    const game = { id: 'g1', state } as unknown as ActiveGame;
    const panel = tradeAnswerPanel(game, viewFor(state, to.id), '');
    expect(panel.content).toContain('You cannot accept: you hold 0 Tower shares, fewer than the 2 asked.');
    const buttons = panel.components.flatMap((row) => row.toJSON().components) as { label?: string; disabled?: boolean }[];
    expect(buttons.find((button) => button.label === 'Accept')?.disabled).toBe(true);
    expect(buttons.find((button) => button.label === 'Decline')?.disabled).toBe(false);
  });
});
