/** The baseline computer player follows docs/ai-baseline.md rule by rule. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baselineAction } from '../../src/ai/baseline.js';
import { chooseAction } from '../../src/ai/index.js';
import { viewFor } from '../../src/engine/index.js';
import { scenario } from '../support/notation.js';
import { play, place, survivor, THREE_CHAINS_BOARD as board } from '../engine/helpers.js';
import { askBaseline, BASELINE_GAMES, type BaselineCase } from './baseline-record.js';

describe('the baseline player', () => {
  it('places the tile that founds a chain before one that grows a chain it holds, and that before nothing', () => {
    // 12I stands alone, 5A grows Luxor (held 2: 50 + 10), 2C founds a chain next to 1C (+100).
    const state = scenario({ board, players: [{ hand: ['12I', '5A', '2C'], shares: { Luxor: 2 } }, {}] });
    expect(baselineAction(state, 0)).toEqual({ type: 'placeTile', player: 'p0', tile: '2C' });
    const noFounding = scenario({ board, players: [{ hand: ['12I', '5A'], shares: { Luxor: 2 } }, {}] });
    expect(baselineAction(noFounding, 0)).toEqual({ type: 'placeTile', player: 'p0', tile: '5A' });
    // Growing a chain it does not hold scores nothing: the first tile in hand order wins the tie.
    const unheld = scenario({ board, players: [{ hand: ['12I', '5A'] }, {}] });
    expect(baselineAction(unheld, 0)).toEqual({ type: 'placeTile', player: 'p0', tile: '12I' });
  });

  it('founds an expensive chain when it has $1,500 or more, else the cheapest tier with a chain free', () => {
    const rich = play(scenario({ board, players: [{ hand: ['2C'] }, {}] }), place('p0', '2C')).state;
    expect(baselineAction(rich, 0)).toEqual({ type: 'foundChain', player: 'p0', chain: 'Imperial' });
    const poor = play(scenario({ board, players: [{ hand: ['2C'], cash: 1000 }, {}] }), place('p0', '2C')).state;
    // Both cheap chains (Tower, Luxor) are on the board: the first medium one, in chain order.
    expect(baselineAction(poor, 0)).toEqual({ type: 'foundChain', player: 'p0', chain: 'American' });
  });

  it('buys by its score: a chain it holds first, then large, then another chain', () => {
    // After placing 12I it buys: Luxor held 3 (20 + 9 + 15 + 8 + 0) beats Continental (15 + 4 + 10).
    const state = play(scenario({ board, players: [{ hand: ['12I'], shares: { Luxor: 3 } }, {}] }), place('p0', '12I')).state;
    expect(baselineAction(state, 0)).toEqual({ type: 'buyShares', player: 'p0', chains: ['Luxor', 'Luxor', 'Luxor'] });
    const none = play(scenario({ board, players: [{ hand: ['12I'] }, {}] }), place('p0', '12I')).state;
    // Continental (15 + 4 + 10 = 29) over Luxor (15 + 8 = 23) and Tower (15 + 4 = 19); then Luxor
    // (23) over Tower (19) and Continental again (4 + 10 = 14); then Tower (19).
    expect(baselineAction(none, 0)).toEqual({ type: 'buyShares', player: 'p0', chains: ['Continental', 'Luxor', 'Tower'] });
  });

  it('declines every trade offer', () => {
    const state = scenario({
      board,
      options: { trades: true },
      players: [{ hand: ['12I'], shares: { Luxor: 2 } }, {}],
      phase: {
        kind: 'tradeOffer',
        offer: { from: 0, to: 1, give: { cash: 5000, shares: {} }, receive: { cash: 0, shares: {} } },
        redrawn: false,
        tradeOffers: 1,
      },
    });
    expect(baselineAction(state, 1)).toEqual({ type: 'answerTrade', player: 'p1', accept: false });
  });
});

describe('the baseline player, merger rules', () => {
  // Luxor 4 tiles and Tower 2 meet at 5A (Luxor survives); 6D grows Continental.
  const mergeBoard = board;
  const merge = (shares: Record<string, number>, hand: string[]) => baselineAction(scenario({ board: mergeBoard, players: [{ hand, shares }, {}] }), 0);

  it('scores a merger 30 + 3 × held of the survivor plus 20 + 2 × held of the others, against 50 + 5 × held for growing', () => {
    // Luxor 1, Tower 2: 33 + 24 = 57 beats growing Continental held 1 (55).
    expect(merge({ Luxor: 1, Tower: 2, Continental: 1 }, ['6D', '5A'])).toMatchObject({ tile: '5A' });
    // Luxor 1, Tower 1: 33 + 22 = 55 ties with 55: the first tile in hand order wins.
    expect(merge({ Luxor: 1, Tower: 1, Continental: 1 }, ['6D', '5A'])).toMatchObject({ tile: '6D' });
    expect(merge({ Luxor: 1, Tower: 1, Continental: 1 }, ['5A', '6D'])).toMatchObject({ tile: '5A' });
    // Nothing held in the survivor: only 20 + 4 = 24, below growing (55).
    expect(merge({ Tower: 2, Continental: 1 }, ['6D', '5A'])).toMatchObject({ tile: '6D' });
    // Holding neither merged chain: the merger scores nothing, like a lone tile; the first wins.
    expect(merge({}, ['12I', '5A'])).toMatchObject({ tile: '12I' });
  });

  it('names the survivor of a tie by 10 × held + tier bonus, and the first tied defunct chain', () => {
    const tie = `
      A LL.CC.......
      B ............
      C ............
      D ............
      E ............
      F ............
      G ............
      H ............
      I ............`;
    const atTie = (shares: Record<string, number>) => play(scenario({ board: tie, players: [{ hand: ['3A'], shares }, {}] }), place('p0', '3A')).state;
    // Nothing held: the expensive Continental (2) over the cheap Luxor (0).
    expect(baselineAction(atTie({}), 0)).toEqual({ type: 'chooseSurvivor', player: 'p0', chain: 'Continental' });
    // One Luxor share: 10 over 2.
    expect(baselineAction(atTie({ Luxor: 1 }), 0)).toEqual({ type: 'chooseSurvivor', player: 'p0', chain: 'Luxor' });
    const three = `
      A LL.TT.......
      B ..C.........
      C ..C.........
      D ............
      E ............
      F ............
      G ............
      H ............
      I ............`;
    // Luxor, Tower and Continental, two tiles each: Continental survives, then Luxor and Tower tie as defunct chains.
    const state = play(scenario({ board: three, players: [{ hand: ['3A'] }, {}] }), place('p0', '3A'), survivor('p0', 'Continental')).state;
    expect(baselineAction(state, 0)).toEqual({ type: 'chooseNextDefunct', player: 'p0', chain: 'Luxor' });
  });

  const merged = (row: string, tile: string, shares: Record<string, number>, other: Record<string, number> = {}) =>
    play(scenario({ board: `A ${row}\n${'............\n'.repeat(8)}`, players: [{ hand: [tile], shares }, { shares: other }] }), place('p0', tile)).state;

  it('trades as many as it may when one survivor share is worth more than two defunct ones, and keeps the rest', () => {
    // Continental (5 tiles, $700) absorbs Luxor (2 tiles, $200): 700 > 400.
    expect(baselineAction(merged('LL.CCCCC....', '3A', { Luxor: 5 }), 0)).toEqual({ type: 'disposeShares', player: 'p0', sell: 0, trade: 4 });
    // The bank holds one Continental share: two Luxor shares traded, three kept.
    expect(baselineAction(merged('LL.CCCCC....', '3A', { Luxor: 5 }, { Continental: 24 }), 0)).toEqual({
      type: 'disposeShares',
      player: 'p0',
      sell: 0,
      trade: 2,
    });
    // A single share cannot be traded: sold.
    expect(baselineAction(merged('LL.CCCCC....', '3A', { Luxor: 1 }), 0)).toEqual({ type: 'disposeShares', player: 'p0', sell: 1, trade: 0 });
  });

  it('sells everything when a survivor share is worth no more than two defunct ones', () => {
    // Tower (6 tiles, $600) absorbs American (3 tiles, $400): 600 < 800.
    expect(baselineAction(merged('TTTTTT.AAA..', '7A', { American: 3 }), 0)).toEqual({ type: 'disposeShares', player: 'p0', sell: 3, trade: 0 });
    // American (3 tiles, $400) absorbs Luxor (2 tiles, $200): 400 is not more than 400.
    expect(baselineAction(merged('LL.AAA......', '3A', { Luxor: 4 }), 0)).toEqual({ type: 'disposeShares', player: 'p0', sell: 4, trade: 0 });
  });
});

describe('the baseline player, buying and the end', () => {
  it('counts (1,200 − price) / 100 when its cash is under $2,000', () => {
    // Tower 5 tiles ($500): 15 + 10 = 25; American 2 tiles ($300): 15 + 4 + 5 = 24.
    const row = 'TTTTT.AA....';
    const bought = (cash: number) => {
      const state = play(scenario({ board: `A ${row}\n${'............\n'.repeat(8)}`, players: [{ hand: ['12I'], cash }, {}] }), place('p0', '12I')).state;
      return baselineAction(state, 0);
    };
    expect(bought(6000)).toMatchObject({ chains: ['Tower', 'American', 'Tower'] });
    // Poor: Tower 25 + 7 = 32, American 24 + 9 = 33; then Tower 32 over American 18; then American 18 over Tower 17.
    expect(bought(1900)).toMatchObject({ chains: ['American', 'Tower', 'American'] });
    // $700: American ($300), then Tower ($500) is out of reach and American (18) is bought again; then $100 buys nothing.
    expect(bought(700)).toMatchObject({ chains: ['American', 'American'] });
  });

  const safe = `
    A CCCCCCCCCCC.
    B ............
    C IIIIIIIIIII.
    D ............
    E ............
    F ............
    G ............
    H ............
    I ..........x.`;

  it('declares the end when it may and its net worth is the highest (ties count), else buys', () => {
    const atBuy = (cash: number[], options = {}) =>
      play(scenario({ board: safe, options, players: [{ hand: ['1E'], cash: cash[0] }, { cash: cash[1] }, { cash: cash[2] }] }), place('p0', '1E')).state;
    expect(baselineAction(atBuy([6000, 5000, 6000]), 0)).toEqual({ type: 'declareEnd', player: 'p0' });
    expect(baselineAction(atBuy([6000, 5000, 6100]), 0)).toMatchObject({ type: 'buyShares' });
    // Hidden holdings: it cannot compare, so it declares whenever it may (asked through its view).
    const hidden = atBuy([6000, 5000, 9000], { holdings: 'hidden' });
    expect(chooseAction(viewFor(hidden, 'p0'), { level: 'baseline', seed: 1 })).toEqual({ type: 'declareEnd', player: 'p0' });
  });

  it('redraws a hand with no playable tile when the rules allow, else skips the placement', () => {
    // 1B and 2B would merge the two safe chains.
    const stuck = (options: object) => scenario({ board: safe, options, players: [{ hand: ['1B', '2B'] }, {}] });
    expect(baselineAction(stuck({}), 0)).toEqual({ type: 'redrawHand', player: 'p0' });
    expect(baselineAction(stuck({ unplayable: 'strict', trades: true }), 0)).toEqual({ type: 'skipPlacement', player: 'p0' });
  });
});

describe('the baseline against its recorded choices', () => {
  const recorded = JSON.parse(readFileSync(new URL('./fixtures/baseline-choices.json', import.meta.url), 'utf8')) as BaselineCase[];

  it('makes at every step of 300 recorded games the choice it made before it moved onto the integer core', () => {
    expect(recorded.length).toBe(BASELINE_GAMES);
    expect(recorded.reduce((sum, game) => sum + game.decisions, 0)).toBeGreaterThan(40_000);
    const differing = recorded.filter((game) => {
      const now = askBaseline(game.seed, game.players, game.options);
      return now.decisions !== game.decisions || now.choices !== game.choices;
    });
    expect(differing.map((game) => `seed ${game.seed}, ${game.players} players, ${JSON.stringify(game.options)}`)).toEqual([]);
  });
});
