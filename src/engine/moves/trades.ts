/** Player-to-player trades (an option): offers by the player in turn, answers, withdrawals. */
import { chainIndex, reject, seatOf } from '../state.js';
import { SHARES_PER_CHAIN } from '../board.js';
import type { Action, GameEvent, GameState, Holdings, Phase, Rejection } from '../types.js';
import type { Draft } from './draft.js';

export const MAX_TRADE_OFFERS_PER_TURN = 3;

export function offerTrade(s: Draft, seat: number, action: Extract<Action, { type: 'offerTrade' }>, events: GameEvent[]): Rejection | null {
  const phase = s.phase as Extract<Phase, { kind: 'placeTile' }>;
  if (!s.options.trades) return reject('trade/not_allowed', 'Trades between players are off in this game.');
  if (phase.tradeOffers >= MAX_TRADE_OFFERS_PER_TURN)
    return reject('trade/not_allowed', `You may make at most ${MAX_TRADE_OFFERS_PER_TURN} trade offers a turn.`);
  const to = seatOf(s, action.to);
  if (to < 0 || to === seat) return reject('trade/invalid', 'Offer a trade to another player in this game.');
  const problem = holdingsProblem(s, action.give) ?? holdingsProblem(s, action.receive);
  if (problem) return reject('trade/invalid', problem);
  if (isEmpty(action.give) && isEmpty(action.receive)) return reject('trade/invalid', 'A trade must exchange something.');
  const beyond = beyondWhatExists(s, seat, action);
  if (beyond) return reject('trade/invalid', beyond);
  const lack = lacking(s, seat, action.give);
  if (lack) return reject('trade/invalid', `You cannot offer that: ${lack}.`);
  // With open holdings everyone can see what the other player has, so an offer they could not
  // accept is refused now; with hidden holdings that would reveal their holdings, so their
  // Accept is refused instead (`acceptShortfall`).
  if (s.options.holdings === 'open') {
    const theirs = lacking(s, to, action.receive);
    if (theirs) return reject('trade/invalid', `That offer could not be accepted: ${theirs}.`);
  }
  const offer = { from: seat, to, give: action.give, receive: action.receive };
  s.phase = { kind: 'tradeOffer', offer, redrawn: phase.redrawn, tradeOffers: phase.tradeOffers + 1 };
  events.push({ type: 'tradeOffered', from: seat, to, give: action.give, receive: action.receive });
  return null;
}

export function answerTrade(s: Draft, phase: Extract<Phase, { kind: 'tradeOffer' }>, accept: boolean, events: GameEvent[]): Rejection | null {
  const { offer } = phase;
  if (accept) {
    const lack = lacking(s, offer.to, offer.receive);
    if (lack) return reject('trade/invalid', `You cannot accept: ${lack}.`);
    transfer(s, offer.from, offer.to, offer.give);
    transfer(s, offer.to, offer.from, offer.receive);
  }
  events.push({ type: 'tradeAnswered', from: offer.from, to: offer.to, accepted: accept });
  s.phase = { kind: 'placeTile', redrawn: phase.redrawn, tradeOffers: phase.tradeOffers };
  return null;
}

export function holdingsProblem(s: Draft, holdings: Holdings): string | null {
  if (!Number.isInteger(holdings.cash) || holdings.cash < 0) return 'Cash in a trade must be a whole number of dollars, zero or more.';
  for (const [name, count] of Object.entries(holdings.shares)) {
    if (chainIndex(s, name) < 0) return `There is no chain called ${name} in this game.`;
    if (!Number.isInteger(count) || count < 0) return 'Share counts must be whole numbers, zero or more.';
  }
  return null;
}

export function isEmpty(holdings: Holdings): boolean {
  return holdings.cash === 0 && Object.values(holdings.shares).every((count) => count === 0);
}

/** What `seat` lacks to hand over `holdings`, or null. */
export function lacking(s: Draft, seat: number, holdings: Holdings): string | null {
  const player = s.players[seat]!;
  if (player.cash < holdings.cash) return `${player.name} has less than $${holdings.cash.toLocaleString('en-US')}`;
  for (const [name, count] of Object.entries(holdings.shares)) {
    const chain = chainIndex(s, name);
    if (player.shares[chain]! < count) return `${player.name} holds fewer than ${count} ${s.chains[chain]!.name} shares`;
  }
  return null;
}

export function transfer(s: Draft, from: number, to: number, holdings: Holdings): void {
  const giver = s.players[from]!;
  const taker = s.players[to]!;
  giver.cash -= holdings.cash;
  taker.cash += holdings.cash;
  for (const [name, count] of Object.entries(holdings.shares)) {
    const chain = chainIndex(s, name);
    giver.shares[chain]! -= count;
    taker.shares[chain]! += count;
  }
}

export function withdrawTrade(s: Draft, seat: number, phase: Extract<Phase, { kind: 'tradeOffer' }>, events: GameEvent[]): Rejection | null {
  if (seat !== phase.offer.from) return reject('trade/not_allowed', 'Only the player who made the offer can withdraw it.');
  events.push({ type: 'tradeWithdrawn', from: phase.offer.from, to: phase.offer.to });
  s.phase = { kind: 'placeTile', redrawn: phase.redrawn, tradeOffers: phase.tradeOffers };
  return null;
}

/**
 * An offer asking for more than the whole game holds: more shares than players own of a chain
 * (the bank's count is public), or more cash than the other players have together.
 */
function beyondWhatExists(s: Draft, seat: number, action: Extract<Action, { type: 'offerTrade' }>): string | null {
  for (const [name, count] of Object.entries(action.receive.shares)) {
    const chain = s.chains[chainIndex(s, name)]!;
    const heldByOthers = SHARES_PER_CHAIN - chain.bankShares - s.players[seat]!.shares[chainIndex(s, name)]!;
    if (count > heldByOthers)
      return `Only ${heldByOthers} ${chain.name} share${heldByOthers === 1 ? ' is' : 's are'} held by other players; you asked for ${count}.`;
  }
  const othersCash = s.players.reduce((sum, player, other) => (other === seat ? sum : sum + player.cash), 0);
  if (action.receive.cash > othersCash) return 'There is not that much cash among the other players.';
  return null;
}

/** Why the player answering an offer could not accept it (they lack what is asked), or null. */
export function acceptShortfall(
  state: Pick<GameState, 'phase'> & { chains: readonly { name: string }[] } & { players: readonly { cash: number | null; shares: readonly number[] | null }[] },
): string | null {
  if (state.phase.kind !== 'tradeOffer') return null;
  const { offer } = state.phase;
  const player = state.players[offer.to];
  if (!player || player.cash === null || player.shares === null) return null;
  if (player.cash < offer.receive.cash) return `you have less than $${offer.receive.cash.toLocaleString('en-US')}`;
  for (const [name, count] of Object.entries(offer.receive.shares)) {
    const chain = chainIndex(state, name);
    if ((player.shares[chain] ?? 0) < count) return `you hold fewer than ${count} ${state.chains[chain]!.name} shares`;
  }
  return null;
}
