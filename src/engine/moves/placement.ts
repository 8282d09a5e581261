/** Placing a tile (founding, growing or merging as it falls), and redrawing a dead hand. */
import { classifyCell, isPlayable, unplayableReason } from '../analysis.js';
import { ALL_TILES, tileIndex } from '../board.js';
import { hasPlayableTile, reject } from '../state.js';
import type { GameEvent, Rejection, Tile } from '../types.js';
import { appendTo, type Draft } from './draft.js';
import { startMerger } from './merger.js';
import { absorbInto, autoSkipIfNothingElse, drawUpToHandSize, enterBuyPhase } from './turn.js';

export function placeTile(s: Draft, seat: number, rawTile: string, events: GameEvent[]): Rejection | null {
  const index = tileIndex(rawTile);
  const player = s.players[seat]!;
  const tile = index === undefined ? rawTile : (ALL_TILES[index] as Tile);
  const handPosition = player.hand.indexOf(tile);
  if (index === undefined || handPosition < 0) return reject('tile/not_in_hand', `${rawTile} is not one of your tiles.`);
  const outcome = classifyCell(s.board, s.chains, index);
  if (!isPlayable(outcome)) return reject('tile/unplayable', unplayableReason(tile, outcome, s.chains));

  removeAt(player.hand, handPosition);
  s.board[index] = -1;
  s.lastPlacedTile = tile;
  events.push({ type: 'tilePlaced', seat, tile });
  switch (outcome.kind) {
    case 'found':
      s.phase = { kind: 'foundChain', tile };
      return null;
    case 'grow': {
      const chain = s.chains[outcome.chain]!;
      absorbInto(s, index, outcome.chain);
      events.push({ type: 'chainGrew', chain: chain.name, size: chain.size });
      break;
    }
    case 'merge':
      startMerger(s, seat, tile, outcome.chains, events);
      return null;
    default:
      break;
  }
  enterBuyPhase(s, events);
  return null;
}

/** Removes one item, keeping the order: `splice` builds a removed-items array this never needs. */
function removeAt<T>(items: T[], position: number): void {
  for (let i = position; i < items.length - 1; i++) items[i] = items[i + 1] as T;
  items.length--;
}

export function redrawHand(s: Draft, seat: number, alreadyRedrawn: boolean, events: GameEvent[]): Rejection | null {
  if (s.options.unplayable !== 'replace') return reject('redraw/not_allowed', 'This game is played without redrawing unplayable hands.');
  if (alreadyRedrawn) return reject('redraw/not_allowed', 'You have already redrawn your hand this turn.');
  if (hasPlayableTile(s, seat)) return reject('redraw/not_allowed', 'You hold a tile you can play, so you cannot redraw your hand.');
  if (s.bag.length === 0) return reject('redraw/not_allowed', 'The bag is empty, so there is nothing to redraw.');
  const player = s.players[seat]!;
  const revealed = player.hand;
  player.hand = [];
  appendTo(s, 'discarded', revealed);
  events.push({ type: 'handRedrawn', seat, revealed });
  drawUpToHandSize(s, seat, events);
  s.phase = { kind: 'placeTile', redrawn: true, tradeOffers: s.phase.kind === 'placeTile' ? s.phase.tradeOffers : 0 };
  autoSkipIfNothingElse(s, events);
  return null;
}
