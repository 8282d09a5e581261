/**
 * A committed move is always announced. When the announcement failed after the move was
 * written (Discord or the database went away in between), the table is behind the game; the
 * running bot finds such games at every tick and shows them, with what happened since the
 * table last showed them (replayed from the action log), as soon as it can.
 */
import { apply, replay, type GameEvent } from '../engine/index.js';
import { claimCatchUp, getActionLog, getGame, setupOf, unannouncedGames, type ActiveGame, type FinishedGame } from '../store/index.js';
import type { BotContext } from './context.js';
import { shardFilterOf } from './departures.js';
import { announce, keepPlaying } from './game-flow.js';
import { stripStrayTables } from './table/publish.js';

/** The events of the moves the table has not shown yet. */
export async function eventsSinceShown(ctx: BotContext, game: ActiveGame | FinishedGame): Promise<GameEvent[]> {
  const shown = game.publicStateId ?? 0;
  const log = await getActionLog(ctx.db, game.id);
  let state = replay(
    setupOf(game),
    log.filter((entry) => entry.sequence <= shown).map((entry) => entry.action),
  );
  const events: GameEvent[] = [];
  for (const entry of log.filter((entry) => entry.sequence > shown)) {
    const outcome = apply(state, entry.action);
    if (!outcome.ok) break;
    events.push(...outcome.events);
    state = outcome.state;
  }
  return events;
}

/** Shows one game whose table is behind, if it still is; returns whether it posted. */
export async function catchUp(ctx: BotContext, gameId: string, lines: readonly string[] = []): Promise<boolean> {
  const posted = await ctx.locks.run(gameId, async () => {
    const game = await getGame(ctx.db, gameId);
    if (!game || (game.status !== 'active' && game.status !== 'finished') || game.publicStateId === game.state.stateId) return false;
    // Shown by this process, only not written down yet (see table/memory.ts): not behind.
    if (ctx.table.showsUnwritten(game.id, game.state.stateId)) return false;
    if (!(await claimCatchUp(ctx.db, gameId))) return false;
    await stripStrayTables(ctx, game);
    await announce(ctx, game, await eventsSinceShown(ctx, game), lines);
    ctx.log.info({ gameId, stateId: game.state.stateId }, 'table caught up with the game');
    return true;
  });
  if (posted) keepPlaying(ctx, gameId);
  return posted;
}

/** Every game of this process's servers whose table is behind (the tick calls this). */
export async function catchUpAll(ctx: BotContext): Promise<number> {
  let posted = 0;
  for (const { id } of await unannouncedGames(ctx.db, { shards: shardFilterOf(ctx.client), quietForMs: ctx.catchUpAfterMs })) {
    const shown = await catchUp(ctx, id).catch((error: unknown) => {
      ctx.log.warn({ err: error, gameId: id }, 'could not show the game yet');
      return false;
    });
    if (shown) posted++;
  }
  return posted;
}
