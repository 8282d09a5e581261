/**
 * The flow of a turn: the buy phase, the draw at its end (with dead tiles replaced), passing
 * the turn, skipping a placement that cannot be made, and the end of the game.
 */
import { connectedUnincorporated, isPermanentlyDeadTile, someTileMayBeDead } from '../analysis.js';
import { HAND_SIZE } from '../board.js';
import { canBuyAnything, canDeclareEnd, hasPlayableTile, isActive, netWorths, priceOf, reject, standingsOf } from '../state.js';
import type { GameEvent, GameResult, Rejection } from '../types.js';
import { appendTo, takeFromBag, type Draft } from './draft.js';
import { payBonuses } from './payment.js';

export function enterBuyPhase(s: Draft, events: GameEvent[]): void {
  s.phase = { kind: 'buyShares', endDeclared: false };
  // Nothing to decide (nothing affordable, no end to declare): the turn simply goes on.
  if (!canBuyAnything(s, s.currentPlayer) && !canDeclareEnd(s)) endTurn(s, events);
}

export function skipPlacement(s: Draft, seat: number, events: GameEvent[]): void {
  events.push({ type: 'placementSkipped', seat });
  enterBuyPhase(s, events);
}

export function drawUpToHandSize(s: Draft, seat: number, events: GameEvent[]): void {
  const hand = s.players[seat]!.hand;
  const count = Math.min(HAND_SIZE - hand.length, s.bag.length);
  if (count <= 0) return;
  for (const tile of takeFromBag(s, count)) hand.push(tile);
  events.push({ type: 'tilesDrawn', seat, count });
}

export function endTurn(s: Draft, events: GameEvent[]): void {
  const seat = s.currentPlayer;
  drawUpToHandSize(s, seat, events);
  if (s.options.unplayable === 'replace') {
    // After the normal draw, every permanently dead tile in the hand (the one just drawn
    // included) is set aside face up and replaced, once a turn; a dead tile among the
    // replacements waits for the next turn (README "Options", files 001 and 003).
    const player = s.players[seat]!;
    const dead = someTileMayBeDead(s.chains) ? player.hand.filter((tile) => isPermanentlyDeadTile(s.board, s.chains, tile)) : [];
    if (dead.length > 0) {
      player.hand = player.hand.filter((tile) => !dead.includes(tile));
      appendTo(s, 'discarded', dead);
      events.push({ type: 'deadTilesReplaced', seat, revealed: dead });
      drawUpToHandSize(s, seat, events);
    }
  }
  appendTo(s, 'netWorthHistory', [netWorths(s)]);
  s.turn++;
  if (isStuck(s)) {
    finishGame(s, 'noPlayableTiles', events);
    return;
  }
  const next = (seat + 1) % s.players.length;
  s.currentPlayer = next;
  s.phase = { kind: 'placeTile', redrawn: false, tradeOffers: 0 };
  events.push({ type: 'turnPassed', from: seat, to: next });
  autoSkipIfNothingElse(s, events);
}

/**
 * No tile anyone holds can be played and nothing can change that: the bag is empty, or (with
 * the strict rule, where hands are never redrawn) every hand is full so no one draws again.
 */
export function isStuck(s: Draft): boolean {
  const noMoreDraws = s.bag.length === 0 || (s.options.unplayable === 'strict' && s.players.every((player) => player.hand.length >= HAND_SIZE));
  return noMoreDraws && !s.players.some((_, seat) => hasPlayableTile(s, seat));
}

/**
 * When the player in turn can do nothing but skip the placement (no playable tile, no redraw
 * left, no trades to offer), skip it for them rather than ask for a pointless click.
 */
export function autoSkipIfNothingElse(s: Draft, events: GameEvent[]): void {
  const phase = s.phase;
  if (phase.kind !== 'placeTile' || s.options.trades) return;
  const seat = s.currentPlayer;
  if (hasPlayableTile(s, seat)) return;
  const mayRedraw = s.options.unplayable === 'replace' && !phase.redrawn && s.bag.length > 0;
  if (!mayRedraw) skipPlacement(s, seat, events);
}

export function finishGame(s: Draft, reason: GameResult['reason'], events: GameEvent[]): void {
  for (let chain = 0; chain < s.chains.length; chain++) if (isActive(s, chain)) payBonuses(s, chain, true, events);
  for (const [seat, player] of s.players.entries()) {
    for (let chain = 0; chain < s.chains.length; chain++) {
      const count = player.shares[chain]!;
      if (count === 0 || !isActive(s, chain)) continue;
      const cash = count * priceOf(s, chain);
      player.cash += cash;
      player.shares[chain] = 0;
      s.chains[chain]!.bankShares += count;
      events.push({ type: 'sharesLiquidated', seat, chain: s.chains[chain]!.name, shares: count, cash });
    }
  }
  appendTo(s, 'netWorthHistory', [netWorths(s)]);
  const result: GameResult = { reason, standings: standingsOf(s.players) };
  s.result = result;
  s.phase = { kind: 'gameOver' };
  events.push({ type: 'gameEnded', result });
}

/** The tile at `index` and every unincorporated tile connected to it join `chain`. */
export function absorbInto(s: Draft, index: number, chain: number): void {
  const group = connectedUnincorporated(s.board, index);
  for (const cell of group) s.board[cell] = chain;
  s.chains[chain]!.size += group.length;
}

/** Declaring the end during the buy phase; with nothing left to buy the game ends at once. */
export function declareEnd(s: Draft, seat: number, phase: { kind: 'buyShares'; endDeclared: boolean }, events: GameEvent[]): Rejection | null {
  if (phase.endDeclared) return reject('end/not_allowed', 'You have already declared the end.');
  if (!canDeclareEnd(s))
    return reject('end/not_allowed', 'The end may be declared only when a chain has 41 or more tiles or every chain on the board is safe.');
  phase.endDeclared = true;
  events.push({ type: 'endDeclared', seat });
  if (!canBuyAnything(s, seat)) finishGame(s, 'declared', events);
  return null;
}
