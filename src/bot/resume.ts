/**
 * Start-up: pick up every game in progress on this process's servers. A table message that may
 * not show the latest move (the process died in between, or moves within a turn edited it) is
 * brought up to date in place; turn clocks missing a
 * deadline are armed; overdue ones are left to the next tick. Nothing is applied twice: every
 * move still goes through the store's version guard.
 */
import { t } from '../i18n/index.js';
import { activeGameIds, getGame } from '../store/index.js';
import type { BotContext } from './context.js';
import { eventsSinceShown } from './catch-up.js';
import { announce, keepPlaying } from './game-flow.js';
import { stripStrayTables } from './table/publish.js';
import { ensureClock } from './turn-clock.js';

export async function resumeGames(ctx: BotContext): Promise<number> {
  let resumed = 0;
  for (const { id, guildId } of await activeGameIds(ctx.db)) {
    if (!ctx.client.guilds.cache.has(guildId)) continue;
    await ctx.locks
      .run(id, async () => {
        const game = await getGame(ctx.db, id);
        if (game?.status !== 'active') return;
        if (game.publicStateId !== game.state.stateId) {
          // Behind: perhaps a table message was posted and never recorded (the process died in between).
          await stripStrayTables(ctx, game);
          await announce(ctx, game, await eventsSinceShown(ctx, game), [t(game.language, 'table.restarted')]);
        }
        await ensureClock(ctx, game);
        resumed++;
      })
      .then(() => {
        // A computer player's (or an autopilot's) turn that the restart interrupted goes on.
        keepPlaying(ctx, id);
      })
      .catch((error: unknown) => ctx.log.error({ err: error, gameId: id }, 'could not resume a game'));
  }
  return resumed;
}
