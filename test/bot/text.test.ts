/** Display names in the table's words: shown as typed, never as markdown, links or reversed text. */
import { describe, expect, it } from 'vitest';
import { cutText, escapedName, money } from '../../src/bot/text.js';

describe('a display name in a message', () => {
  it('cannot make a masked link', () => {
    const shown = escapedName('[free nitro](https://evil.example)');
    expect(shown).toBe('\\[free nitro\\]\\(https://evil.example\\)');
    // Markdown reads `[text](url)` as a link only with bare brackets: none is left.
    expect(shown).not.toMatch(/(?<!\\)\[[^\]]*(?<!\\)\]\(/);
  });

  it('cannot apply bold, italics, strike-through or spoilers', () => {
    expect(escapedName('**Ann** __x__ ~~y~~ ||z||')).toBe('\\*\\*Ann\\*\\* \\_\\_x\\_\\_ \\~\\~y\\~\\~ \\|\\|z\\|\\|');
  });

  it('cannot flip the rest of the line with a direction override', () => {
    const shown = escapedName('Eve\u202Edlrow olleh\u202C');
    expect(shown).toBe('Evedlrow olleh');
    expect(shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
  });
});

describe('a name cut to a length', () => {
  it('never splits a character: an emoji is kept whole or left out', () => {
    const name = `${'a'.repeat(30)}🏨🏨`;
    const cut = cutText(name, 32);
    expect(cut.length).toBeLessThanOrEqual(32);
    expect(cut).toBe(`${'a'.repeat(30)}…`);
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut);
    expect(cutText('Ann', 32)).toBe('Ann');
  });
});

describe('an amount of money', () => {
  it('is written with thousands separators, as en-US writes it, whatever its size or sign', () => {
    expect(money(0, 'en')).toBe('$0');
    expect(money(600, 'en')).toBe('$600');
    expect(money(6000, 'en')).toBe('$6,000');
    expect(money(-12_300, 'en')).toBe('$-12,300');
    expect(money(1_234_567, 'en')).toBe('$1,234,567');
    for (let amount = -2_000_000; amount <= 2_000_000; amount += 997) expect(money(amount, 'en')).toBe(`$${amount.toLocaleString('en-US')}`);
    expect(money(2.5, 'en')).toBe('$2.5');
  });
});
