/** What each player may see (README "hands of 6 tiles, hidden"; views.ts). */
import { describe, expect, it } from 'vitest';
import { createGame, spectatorView, viewFor, type GameState } from '../../src/engine/index.js';
import { place, play, scenario } from './helpers.js';
import { playRandomGame } from './playout.js';

const game = () => createGame({ players: ['a', 'b', 'c'].map((id) => ({ id, name: id.toUpperCase() })), seed: 42 });

describe('viewFor', () => {
  it('shows the viewer their own hand and only the size of the others', () => {
    const state = game();
    const view = viewFor(state, 'b');
    expect(view.viewerSeat).toBe(1);
    expect(view.players.map((player) => player.hand)).toEqual([null, state.players[1]!.hand, null]);
    expect(view.players.map((player) => player.handSize)).toEqual([6, 6, 6]);
  });

  it('never shows the bag, only its size', () => {
    const state = game();
    const view = viewFor(state, 'a');
    expect(view.bagSize).toBe(108 - 3 - 18);
    expect(view).not.toHaveProperty('bag');
    expect(view).not.toHaveProperty('rng');
  });

  it('names no tile hidden from the viewer anywhere in it', () => {
    const state = game();
    const text = JSON.stringify(viewFor(state, 'a'));
    const hidden = [...state.bag, ...state.players[1]!.hand, ...state.players[2]!.hand];
    for (const tile of hidden) expect(text).not.toContain(`"${tile}"`);
    for (const tile of state.players[0]!.hand) expect(text).toContain(`"${tile}"`);
  });

  it('a spectator (or a stranger) sees no hand at all', () => {
    const state = game();
    for (const view of [spectatorView(state), viewFor(state, 'someone else')]) {
      expect(view.viewerSeat).toBeNull();
      expect(view.players.every((player) => player.hand === null)).toBe(true);
    }
  });

  it('shows prices, safety and activity of every chain, and the set-aside tiles face up', () => {
    const state = scenario({
      board: `
        A LLLLLLLLLLL.
        B ............
        C TT..........
        D ............
        E ............
        F ............
        G ............
        H ............
        I ............`,
      players: [{}, {}, {}],
    });
    state.discarded = ['5F'];
    const view = spectatorView(state);
    expect(view.chains.slice(0, 3).map((chain) => [chain.name, chain.size, chain.price, chain.safe, chain.active])).toEqual([
      ['Luxor', 11, 700, true, true],
      ['Tower', 2, 200, false, true],
      ['American', 0, 0, false, false],
    ]);
    expect(view.discarded).toEqual(['5F']);
  });

  it('is a copy: changing it does not change the game', () => {
    const state = scenario({ players: [{ hand: ['1A'] }, {}, {}] });
    const view = viewFor(state, 'p0');
    view.players[0]!.hand!.push('2A');
    view.board[0] = 3;
    expect(state.players[0]!.hand).toEqual(['1A']);
    expect(state.board[0]).toBeNull();
    expect(play(state, place('p0', '1A')).state.board[0]).toBe(-1);
  });

  it('copies a merger under way and a trade offer, and shares only the net-worth history, which its type makes read-only', () => {
    const seen: GameState[] = [];
    playRandomGame(7, 4, { trades: true }, (state) => {
      if (state.phase.kind === 'merger' && state.phase.merger.current) seen.push(state);
      if (state.phase.kind === 'tradeOffer') seen.push(state);
    });
    const merger = seen.find((state) => state.phase.kind === 'merger');
    const offer = seen.find((state) => state.phase.kind === 'tradeOffer');
    if (merger?.phase.kind !== 'merger' || offer?.phase.kind !== 'tradeOffer') throw new Error('seed 7 plays no merger or no trade offer');
    const mergerBefore = structuredClone(merger.phase);
    const mergerView = spectatorView(merger);
    if (mergerView.phase.kind !== 'merger') throw new Error('the view shows another phase');
    mergerView.phase.merger.chains.push(6);
    mergerView.phase.merger.pendingDefunct.push(6);
    mergerView.phase.merger.current!.holdersToDecide.push(3);
    expect(merger.phase).toEqual(mergerBefore);

    const offerBefore = structuredClone(offer.phase);
    const offerView = viewFor(offer, offer.players[offer.phase.offer.from]!.id);
    if (offerView.phase.kind !== 'tradeOffer') throw new Error('the view shows another phase');
    expect(offerView.phase).toEqual(offer.phase);
    offerView.phase.offer.give.cash += 100;
    offerView.phase.offer.receive.shares.Luxor = 25;
    expect(offer.phase).toEqual(offerBefore);

    const history = viewFor(merger, 'p0').netWorthHistory!;
    expect(history).toEqual(merger.netWorthHistory);
    // Never run: `npm test` type-checks this file, and a write to the shared rows must not compile.
    void (() => {
      // @ts-expect-error the history is the state's own rows, read-only in a view
      history[0]![0] = 0;
    });
  });
});
