/**
 * A full game state consistent with what one player sees: the computer players simulate on
 * these. Every tile not on the board, not in the viewer's hand and not set aside is hidden;
 * a world deals those at random to the other hands and the bag. With hidden holdings the
 * others' shares are dealt at random from what the bank and the viewer do not hold, and their
 * cash is guessed as the viewer's own. Nothing here reads anything the view does not show.
 */
import { ALL_TILES, SHARES_PER_CHAIN, tileName, type GameState, type GameView, type Phase, type Tile } from '../engine/index.js';
import { nextInt, shuffle } from '../engine/rng.js';

/** The tiles the viewer cannot see: in other hands or in the bag, in no particular order. */
export function hiddenTiles(view: GameView): Tile[] {
  const seen = new Set<string>(view.discarded);
  view.board.forEach((cell, index) => {
    if (cell !== null) seen.add(tileName(index));
  });
  for (const tile of view.players[view.viewerSeat ?? -1]?.hand ?? []) seen.add(tile);
  return ALL_TILES.filter((tile) => !seen.has(tile)) as Tile[];
}

export function determinize(view: GameView, seed: number): GameState {
  const viewer = view.viewerSeat;
  if (viewer === null) throw new Error('a computer player needs a seat');
  let rng = seed >>> 0;
  const dealt = shuffle(hiddenTiles(view), rng);
  rng = dealt.rng;
  const pool = dealt.items;
  const me = view.players[viewer]!;
  const myCash = me.cash ?? 0;
  // Others' shares with hidden holdings: what neither the bank nor the viewer holds, dealt at random.
  const shares = view.players.map((player) => (player.shares ? player.shares.slice() : view.chains.map(() => 0)));
  const hiddenSeats = view.players.filter((player) => player.shares === null).map((player) => player.seat);
  if (hiddenSeats.length > 0) {
    view.chains.forEach((chain, index) => {
      let loose = SHARES_PER_CHAIN - (chain.bankShares ?? 0) - view.players.reduce((sum, player) => sum + (player.shares?.[index] ?? 0), 0);
      while (loose-- > 0) {
        const draw = nextInt(rng, hiddenSeats.length);
        rng = draw.rng;
        shares[hiddenSeats[draw.value]!]![index]! += 1;
      }
    });
  }
  const players = view.players.map((player) => ({
    id: player.id,
    name: player.name,
    cash: player.cash ?? myCash,
    shares: shares[player.seat]!,
    hand: player.seat === viewer ? (me.hand ?? []).slice() : pool.splice(0, player.handSize),
  }));
  return {
    schema: 1,
    options: view.options,
    players,
    chains: view.chains.map((chain) => ({
      name: chain.name,
      tier: chain.tier,
      size: chain.size,
      bankShares: chain.bankShares ?? 0,
      headquarters: chain.headquarters,
    })),
    board: view.board.slice(),
    bag: pool.slice(0, view.bagSize),
    discarded: view.discarded.slice(),
    rng,
    currentPlayer: view.currentPlayer,
    firstPlayer: view.firstPlayer,
    turn: view.turn,
    phase: phaseInWorld(view, shares),
    lastPlacedTile: view.lastPlacedTile,
    stateId: view.stateId,
    netWorthHistory: [],
    result: view.result,
  };
}

/**
 * The view's phase, except that a merger's holders still to decide, which a hidden-holdings view
 * does not name (src/engine/views.ts), are worked out from the shares this world dealt: the
 * viewer where the view puts it, the world's other holders around it in the merger's order.
 */
function phaseInWorld(view: GameView, shares: number[][]): Phase {
  const phase = structuredClone(view.phase);
  const hidden = view.players.some((player) => player.shares === null);
  if (phase.kind !== 'merger' || !phase.merger.current || !hidden) return phase;
  const current = phase.merger.current;
  const viewer = view.viewerSeat!;
  const players = view.players.length;
  const order = Array.from({ length: players }, (_, offset) => (phase.merger.mergemaker + offset) % players);
  const holders = order.filter((seat) => seat !== viewer && shares[seat]![current.chain]! > 0);
  const after = (seat: number) => holders.filter((other) => order.indexOf(other) > order.indexOf(seat));
  const listed = current.holdersToDecide;
  if (listed[0] === viewer) current.holdersToDecide = [viewer, ...after(viewer)];
  else if (listed.includes(viewer)) {
    // Another holder decides first: the world's holders before the viewer, else its neighbour.
    const before = holders.filter((seat) => order.indexOf(seat) < order.indexOf(viewer));
    current.holdersToDecide = [...(before.length > 0 ? before : [order[order.indexOf(viewer) - 1]!]), viewer, ...after(viewer)];
  } else {
    const first = holders[0] ?? order.find((seat) => seat !== viewer)!;
    current.holdersToDecide = [first, ...after(first)];
  }
  return phase;
}
