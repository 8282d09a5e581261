/** Queries a prompt or a computer player asks (queries.ts): whose decision, what is legal, what a tile would do. */
import { describe, expect, it } from 'vitest';
import {
  canBuyBasket,
  currentDecision,
  handEffects,
  isSafeChain,
  legalActions,
  mergerBonusPreview,
  netWorth,
  purchaseOptions,
  sharePriceOf,
  tileEffect,
  whatIsAwaited,
  type Decision,
  type GameState,
  apply,
  viewFor,
  viewerBasketCheck,
} from '../../src/engine/index.js';
import { playRandomGame } from './playout.js';
import { buy, declareEnd, dispose, keep, place, play, scenario, survivor } from './helpers.js';

// Luxor and Tower, 3 tiles each, meet at 4A; Festival (2 tiles) in row C; a lone tile at 1E.
const board = `
  A LLL.TTT.....
  B ............
  C FF..........
  D ............
  E x...........
  F ............
  G ............
  H ............
  I ............`;

const game = (): GameState =>
  scenario({
    board,
    players: [
      { hand: ['4A', '3C', '2E', '9I', '4C'], shares: { Luxor: 1 } },
      { shares: { Luxor: 3 } },
      { shares: { Luxor: 2, Festival: 1 } },
      { shares: { Tower: 2 } },
    ],
  });

const brief = (decision: Decision) => ('seat' in decision ? `${decision.kind}:${decision.seat}` : decision.kind);

describe('whose decision it is', () => {
  it('the player in turn places; the mergemaker picks the survivor; each holder in order decides; the buyer buys', () => {
    let state = game();
    const seen: string[] = [brief(currentDecision(state))];
    state = play(state, place('p0', '4A')).state;
    seen.push(brief(currentDecision(state)));
    expect(whatIsAwaited(state)).toBe('waiting for Ann to choose the surviving chain.');
    state = play(state, survivor('p0', 'Tower')).state;
    for (const player of ['p0', 'p1', 'p2']) {
      seen.push(brief(currentDecision(state)));
      state = play(state, keep(player)).state;
    }
    seen.push(brief(currentDecision(state)));
    state = play(state, buy('p0')).state;
    seen.push(brief(currentDecision(state)));
    expect(seen).toEqual(['placeTile:0', 'chooseSurvivor:0', 'disposeShares:0', 'disposeShares:1', 'disposeShares:2', 'buyShares:0', 'placeTile:1']);
  });

  it('the disposal decision carries the defunct chain, price and trade limit', () => {
    const state = play(game(), place('p0', '4A'), survivor('p0', 'Tower'), keep('p0')).state;
    expect(currentDecision(state)).toEqual({ kind: 'disposeShares', seat: 1, defunct: 'Luxor', survivor: 'Tower', held: 3, price: 300, maxTrade: 2 });
    expect(whatIsAwaited(state)).toBe('waiting for Ben to decide about their Luxor shares.');
  });

  it('nobody decides once the game is over', () => {
    const state = { ...game(), phase: { kind: 'gameOver' as const } };
    expect(currentDecision(state)).toEqual({ kind: 'gameOver' });
    expect(legalActions(state)).toEqual([]);
  });
});

describe('legal actions', () => {
  it('placing: each playable tile in the hand', () => {
    expect(legalActions(game()).map((action) => (action.type === 'placeTile' ? action.tile : action.type))).toEqual(['4A', '3C', '2E', '9I', '4C']);
  });

  it('founding: every chain not on the board', () => {
    const state = play(game(), place('p0', '2E')).state;
    expect(legalActions(state).map((action) => (action.type === 'foundChain' ? action.chain : ''))).toEqual([
      'American',
      'Worldwide',
      'Imperial',
      'Continental',
    ]);
  });

  it('disposing: every mix of selling and trading two for one', () => {
    const state = play(game(), place('p0', '4A'), survivor('p0', 'Tower'), keep('p0')).state;
    const mixes = legalActions(state).map((action) => (action.type === 'disposeShares' ? `${action.sell}/${action.trade}` : ''));
    expect(mixes).toEqual(['0/0', '1/0', '2/0', '3/0', '0/2', '1/2']);
    expect(play(state, dispose('p1', 1, 2)).state.players[1]!.cash).toBe(6000 + 3000 + 300);
  });

  it('buying: every affordable basket of up to three, and the declaration when allowed', () => {
    const state = scenario({ board, players: [{ hand: ['9I'], cash: 600 }, {}, {}] });
    const placed = play(state, place('p0', '9I')).state;
    // Luxor and Tower at $300, Festival at $300: baskets costing at most $600.
    expect(purchaseOptions(placed, 0)).toEqual([
      [],
      ['Luxor'],
      ['Luxor', 'Luxor'],
      ['Luxor', 'Tower'],
      ['Luxor', 'Festival'],
      ['Tower'],
      ['Tower', 'Tower'],
      ['Tower', 'Festival'],
      ['Festival'],
      ['Festival', 'Festival'],
    ]);
    expect(legalActions(placed)).toHaveLength(10);
    // A cart by chain index, in any order: Festival (4) then Luxor (0) is the Luxor+Festival basket.
    expect(canBuyBasket(placed, 0, [4, 0])).toBe(true);
    expect(canBuyBasket(placed, 0, [0, 0, 0])).toBe(false); // $900 with $600
    expect(canBuyBasket(placed, 0, [2])).toBe(false); // American is not on the board
    expect(legalActions(placed).some((action) => action.type === 'declareEnd')).toBe(false);
  });
});

describe("the buy panel's basket check", () => {
  it('allows exactly the baskets the move accepts, in every buying turn of three games, open and hidden holdings', () => {
    // Every basket of up to four chain indexes drawn from the seven chains and one past them.
    const indexes = [0, 1, 2, 3, 4, 5, 6, 7];
    const baskets: number[][] = [[]];
    for (let size = 1; size <= 4; size++)
      for (const basket of baskets.filter((b) => b.length === size - 1))
        for (const chain of indexes) if (basket.length === 0 || chain >= basket.at(-1)!) baskets.push([...basket, chain]);
    let allowed = 0;
    let refused = 0;
    for (const [seed, options] of [
      [3, {}],
      [8, { holdings: 'hidden' }],
      [12, {}],
    ] as const) {
      playRandomGame(seed, 4, options, (state) => {
        if (state.phase.kind !== 'buyShares') return;
        const player = state.players[state.currentPlayer]!;
        const mayBuy = viewerBasketCheck(viewFor(state, player.id));
        for (const basket of baskets) {
          const names = basket.map((chain) => state.chains[chain]?.name ?? 'Nowhere');
          const accepted = apply(state, { type: 'buyShares', player: player.id, chains: names }).ok;
          // In any order: the panel's cart lists chains in the order clicked.
          expect(mayBuy(basket.slice().reverse()), `${names.join('+')} with $${player.cash}`).toBe(accepted);
          if (accepted) allowed++;
          else refused++;
        }
      });
    }
    expect(allowed).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });

  it('allows nothing to a spectator, whose view shows no cash', () => {
    const state = play(scenario({ board, players: [{ hand: ['9I'], cash: 600 }, {}, {}] }), place('p0', '9I')).state;
    expect(viewerBasketCheck(viewFor(state, 'p0'))([0])).toBe(true);
    expect(viewerBasketCheck(viewFor(state, null))([0])).toBe(false);
    expect(viewerBasketCheck(viewFor(state, null))([])).toBe(false);
  });

  it('refuses what no cart holds: a fraction, a negative or a far chain number', () => {
    const state = play(scenario({ board, players: [{ hand: ['9I'], cash: 600 }, {}, {}] }), place('p0', '9I')).state;
    const mayBuy = viewerBasketCheck(viewFor(state, 'p0'));
    expect(mayBuy([0, 0])).toBe(true); // two Luxor, $600
    for (const forged of [[0.5], [1.5], [-1], [-8], [9], [13], [0, 0, 0, 0]]) expect(mayBuy(forged), String(forged)).toBe(false);
  });
});

describe('what each tile would do', () => {
  it('describes every tile of a hand, in board order', () => {
    expect(handEffects(game(), 'p0').map((effect) => `${effect.tile}: ${effect.description}`)).toEqual([
      '4A: merges Luxor and Tower',
      '3C: grows Festival',
      '4C: stands alone',
      '2E: founds a chain',
      '9I: stands alone',
    ]);
    expect(handEffects(game(), 'nobody')).toEqual([]);
  });

  it('tileEffect names the chains involved', () => {
    expect(tileEffect(game(), '4A')).toEqual({ tile: '4A', kind: 'merge', playable: true, chains: ['Luxor', 'Tower'], description: 'merges Luxor and Tower' });
    expect(tileEffect(game(), '3C')).toMatchObject({ kind: 'grow', chains: ['Festival'] });
  });
});

describe('prices, bonuses and net worth', () => {
  it('share prices and safety by chain name', () => {
    const state = game();
    expect([sharePriceOf(state, 'Luxor'), sharePriceOf(state, 'festival'), sharePriceOf(state, 'Imperial')]).toEqual([300, 300, 0]);
    expect(isSafeChain(state, 'Luxor')).toBe(false);
  });

  it('previews the bonuses a merging tile would pay', () => {
    const state = scenario({
      board: `
        A LLLL.TT.....
        B ............
        C ............
        D ............
        E ............
        F ............
        G ............
        H ............
        I ............`,
      players: [{ hand: ['5A'], shares: { Tower: 3 } }, { shares: { Tower: 2 } }, {}],
    });
    expect(mergerBonusPreview(state, '5A')).toEqual([
      {
        chain: 'Tower',
        sizeBefore: 2,
        payouts: [
          { holder: 0, shares: 3, amount: 2000 },
          { holder: 1, shares: 2, amount: 1000 },
        ],
      },
    ]);
    expect(mergerBonusPreview(state, '9I')).toEqual([]);
    // And the merger pays what was previewed.
    expect(play(state, place('p0', '5A')).state.players.map((player) => player.cash)).toEqual([8000, 7000, 6000]);
  });

  it('net worth is cash plus shares at current prices; shares of chains off the board count nothing', () => {
    const state = scenario({ board, players: [{ cash: 1000, shares: { Luxor: 2, Festival: 1, Imperial: 5 } }, {}, {}] });
    expect(netWorth(state, 0)).toBe(1000 + 2 * 300 + 300);
  });

  it('a net worth row is recorded after every turn', () => {
    const state = scenario({ board, players: [{ hand: ['9I'], shares: { Luxor: 2 } }, { hand: ['12G'] }, {}] });
    const after = play(state, place('p0', '9I'), buy('p0', 'Luxor'), place('p1', '12G'), buy('p1')).state;
    expect(after.netWorthHistory).toEqual([
      [5700 + 900, 6000, 6000],
      [5700 + 900, 6000, 6000],
    ]);
  });
});

describe('declaration in legal actions', () => {
  it('is listed when a chain is 41+ or all chains are safe', () => {
    const state = scenario({
      board: `
        A LLLLLLLLLLL.
        B ............
        C ............
        D ............
        E ............
        F ............
        G ............
        H ............
        I ............`,
      players: [{ hand: ['9I'] }, {}, {}],
    });
    const placed = play(state, place('p0', '9I')).state;
    expect(legalActions(placed)).toContainEqual(declareEnd('p0'));
  });
});

describe('what a tile would do, asked during a merger', () => {
  // All seven chains on the board; 5A merges Luxor (4) and Tower (2). Ben holds 5B, under the
  // merging tile, and 2F, which would found an eighth chain were it not for the chain the merger frees.
  const state = () =>
    scenario({
      board: `
        A LLLL.TT.....
        B ............
        C AA.....WW.FF
        D ............
        E ...II.CC....
        F x...........
        G ............
        H ............
        I ............`,
      players: [{ hand: ['5A'] }, { hand: ['5B', '2F', '10G'], shares: { Tower: 1 } }, {}],
    });

  it("answers for the board as the merger will leave it: the merging tile is the survivor's", () => {
    const mid = play(state(), place('p0', '5A')).state;
    expect(mid.phase.kind).toBe('merger');
    expect(handEffects(mid, 'p1').map((effect) => `${effect.tile}: ${effect.description}`)).toEqual([
      '5B: grows Luxor',
      '2F: founds a chain',
      '10G: stands alone',
    ]);
    // And that is what the tiles do once the merger is over.
    const after = play(mid, keep('p1'), buy('p0')).state;
    expect(handEffects(after, 'p1').map((effect) => effect.description)).toEqual(['grows Luxor', 'founds a chain', 'stands alone']);
  });

  it('before the survivor is chosen, the first of the largest chains stands for it', () => {
    const tie = scenario({
      board: `
        A LLL.TTT.....
        B ............
        C ............
        D ............
        E ............
        F ............
        G ............
        H ............
        I ............`,
      players: [{ hand: ['4A', '4B'] }, {}, {}],
    });
    const mid = play(tie, place('p0', '4A')).state;
    expect(tileEffect(mid, '4B').description).toBe('grows Luxor');
    expect(tileEffect(play(mid, survivor('p0', 'Tower')).state, '4B').description).toBe('grows Tower');
  });
});
