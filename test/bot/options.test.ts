/** The start options are read back through their definition: a value Discord never offered is refused. */
import { describe, expect, it } from 'vitest';
import { engineOptions, readStartOptions } from '../../commands/options.js';

function interactionWith(values: Record<string, string | number | boolean>) {
  const get = (name: string) => (name in values ? values[name]! : null);
  return { options: { getString: get, getInteger: get, getBoolean: get } } as unknown as Parameters<typeof readStartOptions>[0];
}

describe('the start options', () => {
  it('read every offered choice into the engine options', () => {
    const read = readStartOptions(
      interactionWith({
        bonus: 'tycoon',
        chains: 'set2008',
        holdings: 'hidden',
        founder_share: 'cash',
        unplayable: 'strict',
        trades: true,
        bank_stockholder: false,
        turn_limit: 600,
        hints: true,
      }),
    );
    expect(read).toMatchObject({ ok: true, values: { turn_limit: 600, hints: true } });
    if (read.ok)
      expect(engineOptions(read.values)).toEqual({
        bonusMode: 'tycoon',
        chainSet: 'set2008',
        holdings: 'hidden',
        founderShare: 'cash',
        unplayable: 'strict',
        trades: true,
        twoPlayerBank: false,
      });
  });

  it('refuse a value outside the choices, naming it', () => {
    expect(readStartOptions(interactionWith({ turn_limit: 7 }))).toEqual({ ok: false, option: 'turn_limit', value: '7' });
    expect(readStartOptions(interactionWith({ bonus: 'generous' }))).toEqual({ ok: false, option: 'bonus', value: 'generous' });
  });
});
