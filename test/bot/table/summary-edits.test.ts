/**
 * The schedule of a game's summary edits (src/bot/table/summary-edits.ts): at most one a window
 * while the game plays and one on its way, the newest state always shown in the end, the game's
 * last at once and never overwritten by an older one, nothing waited for but the last.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SummaryEdits } from '../../../src/bot/table/summary-edits.js';

const WINDOW_MS = 10_000;

describe('summary edits', () => {
  let shown: string[];
  /** An edit that shows `what` when it runs. */
  const showing = (what: string) => async () => {
    shown.push(what);
  };
  /** An edit that shows `what` only when `land` is called, as a request queued behind Discord's limit. */
  const queued = (what: string) => {
    let land!: () => void;
    const edit = () => new Promise<void>((resolve) => (land = () => resolve(void shown.push(what))));
    return { edit, land: () => land() };
  };
  /** Lets the edits sent so far run (they run after the call that sends them, not in it). */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
  });
  afterEach(() => vi.useRealTimers());

  it('edits a turn at once in a quiet window, and of the turns that follow within it only the newest, at its end', async () => {
    const edits = new SummaryEdits(WINDOW_MS);
    edits.soon('g', showing('turn 1'));
    await settle();
    expect(shown).toEqual(['turn 1']);
    edits.soon('g', showing('turn 2'));
    edits.soon('g', showing('turn 3'));
    await vi.advanceTimersByTimeAsync(WINDOW_MS - 1);
    expect(shown).toEqual(['turn 1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual(['turn 1', 'turn 3']);
    // The edit at the window's end opened another; a turn within it waits for its end too.
    edits.soon('g', showing('turn 4'));
    await settle();
    expect(shown).toEqual(['turn 1', 'turn 3']);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(shown).toEqual(['turn 1', 'turn 3', 'turn 4']);
    // A window with nothing to send ends the waiting: the next turn is edited at once.
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    edits.soon('g', showing('turn 5'));
    await settle();
    expect(shown).toEqual(['turn 1', 'turn 3', 'turn 4', 'turn 5']);
  });

  it('keeps each game to its own window', async () => {
    const edits = new SummaryEdits(WINDOW_MS);
    edits.soon('a', showing('a 1'));
    edits.soon('b', showing('b 1'));
    edits.soon('a', showing('a 2'));
    await settle();
    expect(shown).toEqual(['a 1', 'b 1']);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(shown).toEqual(['a 1', 'b 1', 'a 2']);
  });

  it('edits the game’s last summary at once, drops the turn waiting, and sends nothing after it', async () => {
    const edits = new SummaryEdits(WINDOW_MS);
    edits.soon('g', showing('turn 1'));
    edits.soon('g', showing('turn 2'));
    await edits.last('g', showing('over'));
    expect(shown).toEqual(['turn 1', 'over']);
    await vi.advanceTimersByTimeAsync(3 * WINDOW_MS);
    expect(shown).toEqual(['turn 1', 'over']);
  });

  it('is not waited for, and sends the last summary after an edit still on its way, not before it', async () => {
    const edits = new SummaryEdits(WINDOW_MS);
    const turn = queued('turn 1');
    expect(edits.soon('g', turn.edit)).toBeUndefined();
    const over = edits.last('g', showing('over'));
    await settle();
    expect(shown).toEqual([]);
    turn.land();
    await over;
    expect(shown).toEqual(['turn 1', 'over']);
  });

  it('keeps one edit of a game on its way at a time: the newest waits while the last is still queued', async () => {
    const edits = new SummaryEdits(WINDOW_MS);
    const first = queued('turn 1');
    edits.soon('g', first.edit);
    edits.soon('g', showing('turn 2'));
    await vi.advanceTimersByTimeAsync(2 * WINDOW_MS);
    expect(shown).toEqual([]);
    first.land();
    await settle();
    expect(shown).toEqual(['turn 1']);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(shown).toEqual(['turn 1', 'turn 2']);
  });

  it('sends every waiting edit when flushed (the bot stopping), and nothing afterwards', async () => {
    const edits = new SummaryEdits(WINDOW_MS);
    edits.soon('a', showing('a 1'));
    edits.soon('a', showing('a 2'));
    edits.soon('b', showing('b 1'));
    await edits.flush();
    expect(shown).toEqual(['a 1', 'b 1', 'a 2']);
    await vi.advanceTimersByTimeAsync(3 * WINDOW_MS);
    expect(shown).toEqual(['a 1', 'b 1', 'a 2']);
  });
});
