/**
 * When the channel's summary of a game (summary.ts) is edited. It says whose turn it is, so it
 * changes at every new turn, and its edit is the one request a move costs against Discord's
 * global limit (a bot's 50 requests a second in all, by default): everything else a move sends
 * goes through the click's interaction, which that limit does not count. So while a game plays,
 * its summary is edited at most once every `everyMs`: a turn's edit in a quiet window goes out at
 * once, later ones wait for the window's end and only the newest of them is sent. The move's
 * announcement does not wait for the edit, and a game has at most one edit queued at a time, so
 * that with more games than the limit lets through, the summaries fall behind and nothing else
 * does. The end of a game (or its cancelling) is edited at once, after any edit already sent.
 *
 * `npm run bench:load` at 200 games, each making a move every 2–5 s, at Discord's default limit
 * (runs alternated with the build before, two each): the requests a move against the global
 * limit 0.13 against 0.52, and 98.7 and 96.8 moves a second against 76.1 and 76.1 at the same
 * pace. A move's announcement ended with the summary's edit, and the player's panel (their next
 * decision) is answered after it: the edits, 40 a second, queued for a bot-token queue held to 45,
 * and the players, who wait for their panels, moved less often.
 *
 * Kept in this process only: a pending edit is sent when the bot stops (`flush`), and one lost in
 * a crash leaves the summary a turn or so behind until the game's next turn.
 */

/** At most one summary edit a game in this long, while it plays. */
export const SUMMARY_EDIT_MS = 15_000;

type Edit = () => Promise<void>;

interface GameEdits {
  /** The edit waiting for the window's end: the newest asked for. */
  pending: Edit | null;
  /** Ends the window opened by the last edit sent. */
  timer: NodeJS.Timeout;
  /** The edits sent so far, one after the other (an older one must not land after a newer). */
  sent: Promise<void>;
  /** True while the last edit sent is on its way. */
  sending: boolean;
}

export class SummaryEdits {
  private readonly games = new Map<string, GameEdits>();

  constructor(private readonly everyMs: number = SUMMARY_EDIT_MS) {}

  /**
   * A new turn to show: sent now when no edit of this game was sent in the last `everyMs`, else
   * at the window's end, replacing any edit waiting there. Never waited for: the move's
   * announcement goes on while the edit queues for Discord's global limit. `edit` must not throw
   * (a summary that cannot be edited is logged and left).
   */
  soon(gameId: string, edit: Edit): void {
    const waiting = this.games.get(gameId);
    if (waiting) {
      waiting.pending = edit;
      return;
    }
    const game: GameEdits = { pending: null, timer: this.windowOf(gameId), sent: Promise.resolve(), sending: false };
    this.games.set(gameId, game);
    send(game, edit);
  }

  /** The game's last summary (its end, or its cancelling): edited now, after any edit already sent; nothing older is sent after it. */
  async last(gameId: string, edit: Edit): Promise<void> {
    const game = this.games.get(gameId);
    if (!game) return edit();
    clearTimeout(game.timer);
    this.games.delete(gameId);
    await game.sent;
    await edit();
  }

  /** Sends every waiting edit now and waits for all of them (the bot stopping). */
  async flush(): Promise<void> {
    const games = [...this.games.values()];
    this.games.clear();
    await Promise.all(
      games.map(async (game) => {
        clearTimeout(game.timer);
        await game.sent;
        await game.pending?.();
      }),
    );
  }

  private windowOf(gameId: string): NodeJS.Timeout {
    const timer = setTimeout(() => {
      const game = this.games.get(gameId);
      if (!game) return;
      if (game.sending) {
        // The last edit is still queued (more summaries to edit than Discord's limit lets
        // through): the newest waits another window, so that each game has at most one edit in
        // the queue and the edits a second stay within what the limit passes.
        game.timer = this.windowOf(gameId);
        return;
      }
      const edit = game.pending;
      if (!edit) {
        // A quiet window: the game's next turn is edited at once.
        this.games.delete(gameId);
        return;
      }
      game.pending = null;
      game.timer = this.windowOf(gameId);
      send(game, edit);
    }, this.everyMs);
    // A waiting edit must not keep a stopped process alive (stop flushes it first).
    timer.unref();
    return timer;
  }
}

/** Sends `edit` after the game's edits already sent. */
function send(game: GameEdits, edit: Edit): void {
  game.sending = true;
  game.sent = game.sent.then(edit).finally(() => {
    game.sending = false;
  });
}
