/**
 * The end of the game (README "End"; 001 "Ending the game"; 003 "The end of the game"; 000 FAQ):
 * optional declaration, the declaring turn finished with its purchase, final bonuses then
 * liquidation, inactive shares worthless, ties sharing the win, and the stuck-bag ending.
 */
import { describe, expect, it } from 'vitest';
import { canDeclareEnd, currentDecision } from '../../src/engine/index.js';
import { buy, cashAll, declareEnd, eventsOf, place, play, refused, scenario, sharesOf } from './helpers.js';

// Luxor has 40 tiles; 5D makes it 41. Tower has 2 tiles in row H.
const bigLuxor = `
  A LLLLLLLLLLLL
  B LLLLLLLLLLLL
  C LLLLLLLLLLLL
  D LLLL........
  E ............
  F ............
  G ............
  H TT..........
  I ............`;

const bigLuxorGame = () =>
  scenario({
    board: bigLuxor,
    players: [
      { hand: ['5D', '12I'], shares: { Luxor: 5, Imperial: 4 } },
      { hand: ['11I'], shares: { Luxor: 3 } },
      { hand: ['10I'], shares: { Tower: 2 } },
    ],
  });

describe('declaring the end', () => {
  it('is offered once a chain has 41 tiles, and the declaring player still buys', () => {
    const placed = play(bigLuxorGame(), place('p0', '5D')).state;
    expect(currentDecision(placed)).toEqual({ kind: 'buyShares', seat: 0, mayDeclareEnd: true, endDeclared: false });
    const declared = play(placed, declareEnd('p0')).state;
    expect(currentDecision(declared)).toEqual({ kind: 'buyShares', seat: 0, mayDeclareEnd: false, endDeclared: true });
    expect(refused(declared, declareEnd('p0'), 'end/not_allowed')).toBe('You have already declared the end.');
    const { state: over, events } = play(declared, buy('p0', 'Tower'));
    expect(over.phase.kind).toBe('gameOver');
    // Final bonuses: Luxor 41 tiles ($1,000): 10,000 / 5,000; Tower 2 tiles ($200): Cat 2,000, Ann
    // (the share just bought) 1,000. Then every share sold: Ann 5 x 1,000 + 200, Ben 3,000, Cat 400.
    expect(eventsOf(events, 'bonusesPaid').map((event) => [event.chain, event.final, event.payouts.map((payout) => payout.amount)])).toEqual([
      ['Luxor', true, [10000, 5000]],
      ['Tower', true, [2000, 1000]],
    ]);
    expect(cashAll(over)).toEqual([6000 - 200 + 10000 + 1000 + 5200, 6000 + 5000 + 3000, 6000 + 2000 + 400]);
    expect(over.result).toMatchObject({ reason: 'declared' });
    // Bonuses first, then the shares are sold, then the result.
    const kinds = events.map((event) => event.type).filter((type) => ['bonusesPaid', 'sharesLiquidated', 'gameEnded'].includes(type));
    expect(kinds).toEqual(['bonusesPaid', 'bonusesPaid', 'sharesLiquidated', 'sharesLiquidated', 'sharesLiquidated', 'sharesLiquidated', 'gameEnded']);
    expect(over.result!.standings.map((standing) => [standing.name, standing.cash, standing.place])).toEqual([
      ['Ann', 22000, 1],
      ['Ben', 14000, 2],
      ['Cat', 8400, 3],
    ]);
  });

  it('is optional: the player may simply buy and play goes on', () => {
    const after = play(bigLuxorGame(), place('p0', '5D'), buy('p0', 'Luxor')).state;
    expect(after.phase.kind).toBe('placeTile');
    expect(after.currentPlayer).toBe(1);
    // And the next player may declare it after placing their tile.
    expect(currentDecision(play(after, place('p1', '11I')).state)).toMatchObject({ seat: 1, mayDeclareEnd: true });
  });

  it('shares of chains not on the board are worth nothing at the end', () => {
    const over = play(bigLuxorGame(), place('p0', '5D'), declareEnd('p0'), buy('p0')).state;
    expect(sharesOf(over, 0, 'Imperial')).toBe(4);
    expect(over.players[0]!.cash).toBe(6000 + 10000 + 5000);
  });

  it('is refused while no chain has 41 tiles and some chain is not safe', () => {
    const state = scenario({
      board: `
        A LLLLLLLLLLL.
        B ............
        C ............
        D ............
        E ............
        F ............
        G ............
        H TT..........
        I ............`,
      players: [{ hand: ['12I'] }, {}, {}],
    });
    const placed = play(state, place('p0', '12I')).state;
    expect(canDeclareEnd(placed)).toBe(false);
    expect(refused(placed, declareEnd('p0'), 'end/not_allowed')).toBe(
      'The end may be declared only when a chain has 41 or more tiles or every chain on the board is safe.',
    );
  });

  it('is allowed when every chain on the board is safe', () => {
    const state = scenario({
      board: `
        A LLLLLLLLLLL.
        B ............
        C TTTTTTTTTTT.
        D ............
        E ............
        F ............
        G ............
        H ............
        I ............`,
      players: [{ hand: ['12I'], shares: { Tower: 2 } }, { shares: { Tower: 2 } }, { shares: { Luxor: 1 } }],
    });
    const over = play(state, place('p0', '12I'), declareEnd('p0'), buy('p0')).state;
    // Tower 11 tiles ($700): Ann and Ben tie for majority, 10,500 / 2 = 5,250 → 5,300 each, plus
    // 2 x 700. Luxor 11 tiles ($700): Cat alone, 10,500 plus 700.
    expect(cashAll(over)).toEqual([6000 + 5300 + 1400, 6000 + 5300 + 1400, 6000 + 10500 + 700]);
    // Ties share the win.
    expect(over.result!.standings.map((standing) => [standing.seat, standing.place])).toEqual([
      [2, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('ties share the win', () => {
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
      players: [{ hand: ['12I'], shares: { Luxor: 2 } }, { shares: { Luxor: 2 } }, {}],
    });
    const over = play(state, place('p0', '12I'), declareEnd('p0'), buy('p0')).state;
    expect(over.result!.standings.map((standing) => [standing.name, standing.place])).toEqual([
      ['Ann', 1],
      ['Ben', 1],
      ['Cat', 3],
    ]);
  });

  it('a player who cannot afford anything ends the game at once on declaring', () => {
    const state = scenario({ board: bigLuxor, players: [{ hand: ['5D'], cash: 0, shares: { Luxor: 1 } }, {}, {}] });
    const { state: over } = play(state, place('p0', '5D'), declareEnd('p0'));
    expect(over.phase.kind).toBe('gameOver');
    expect(over.players[0]!.cash).toBe(15000 + 1000);
  });
});

describe('the bag runs out', () => {
  // Two safe chains: 1C … 11C are dead.
  const twoSafe = `
    A ............
    B TTTTTTTTTTT.
    C ............
    D LLLLLLLLLLL.
    E ............
    F ............
    G ............
    H ............
    I ............`;

  it('with the bag empty nobody draws, and play goes on while someone can play', () => {
    const state = scenario({ board: twoSafe, bag: [], players: [{ hand: ['12I', '1F'] }, { hand: ['3F'] }, {}] });
    const { state: after, events } = play(state, place('p0', '12I'), buy('p0'));
    expect(eventsOf(events, 'tilesDrawn')).toEqual([]);
    expect(after.players[0]!.hand).toEqual(['1F']);
    expect(after.currentPlayer).toBe(1);
  });

  it('when the bag is empty and no one holds a playable tile, the game ends with final scoring', () => {
    const state = scenario({
      board: twoSafe,
      bag: [],
      players: [{ hand: ['12I', '1C'], shares: { Tower: 2 } }, { hand: ['2C'] }, { hand: ['3C'] }],
    });
    const { state: over, events } = play(state, place('p0', '12I'), buy('p0'));
    expect(over.phase.kind).toBe('gameOver');
    expect(over.result).toMatchObject({ reason: 'noPlayableTiles' });
    // Tower 11 tiles ($700), Ann alone: 7,000 + 3,500, then her 2 shares sold for 1,400.
    expect(eventsOf(events, 'bonusesPaid').map((event) => event.chain)).toEqual(['Luxor', 'Tower']);
    expect(cashAll(over)).toEqual([6000 + 10500 + 1400, 6000, 6000]);
  });
});
