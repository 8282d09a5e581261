/** Reading the trade form: "2 Tower, 1 Luxor" and "500" into engine holdings. */
import type { GameState, Holdings } from '../engine/index.js';

export type TradeForm = { ok: true; give: Holdings; receive: Holdings } | { ok: false; message: string };

export function parseTradeForm(field: (id: string) => string, state: GameState): TradeForm {
  const give = parseSide(field('giveShares'), field('giveCash'), state);
  if (typeof give === 'string') return { ok: false, message: give };
  const receive = parseSide(field('getShares'), field('getCash'), state);
  if (typeof receive === 'string') return { ok: false, message: receive };
  return { ok: true, give, receive };
}

function parseSide(sharesText: string, cashText: string, state: GameState): Holdings | string {
  const cashDigits = cashText.replace(/[$,\s]/g, '');
  if (cashDigits !== '' && !/^\d{1,7}$/.test(cashDigits)) return `"${cashText.slice(0, 20)}" is not an amount of cash: write a whole number of dollars, like 500.`;
  const shares: Record<string, number> = {};
  for (const part of sharesText.split(/[,;]|\band\b/).map((text) => text.trim()).filter(Boolean)) {
    const match = /^(\d{1,2})\s*x?\s+([A-Za-z]+)$/.exec(part);
    const chain = match ? state.chains.find((candidate) => candidate.name.toLowerCase() === match[2]!.toLowerCase()) : undefined;
    if (!match || !chain) return `"${part.slice(0, 30)}" is not a number of shares of a chain in this game, like "2 ${state.chains[0]!.name}".`;
    shares[chain.name] = (shares[chain.name] ?? 0) + Number(match[1]);
  }
  return { cash: cashDigits === '' ? 0 : Number(cashDigits), shares };
}
