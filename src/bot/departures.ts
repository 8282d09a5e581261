/**
 * Games the bot can no longer reach: a server that removed the bot, a channel or thread that
 * was deleted. Their games are closed at once, so that they neither block the channel nor sit
 * overdue in every turn-clock tick for ever.
 */
import { Events, type Client } from 'discord.js';
import { closeGamesOf, type ShardFilter } from '../store/index.js';
import type { BotContext } from './context.js';

export function watchDepartures(ctx: BotContext): void {
  const close = (where: { guildId: string } | { channelId: string }, why: string) => {
    closeGamesOf(ctx.db, where)
      .then((closed) => {
        if (closed.length > 0) ctx.log.info({ ...where, games: closed.map((game) => game.id) }, `games closed: ${why}`);
      })
      .catch((error: unknown) => ctx.log.error({ err: error, ...where }, 'could not close the games of a departed server or channel'));
  };
  ctx.client.on(Events.GuildDelete, (guild) => {
    // An outage also sends GUILD_DELETE, with the server marked unavailable: its games wait.
    if (!guild.available) return;
    close({ guildId: guild.id }, 'the bot was removed from the server');
  });
  ctx.client.on(Events.ChannelDelete, (channel) => close({ channelId: channel.id }, 'the channel was deleted'));
  ctx.client.on(Events.ThreadDelete, (thread) => close({ channelId: thread.id }, 'the thread was deleted'));
}

/** The shards this client serves, for the store's queries; null when it serves them all. */
export function shardFilterOf(client: Client): ShardFilter | null {
  const { shards, shardCount } = client.options;
  if (!Array.isArray(shards) || !shardCount || shardCount <= 1) return null;
  return { ids: shards, count: shardCount };
}

/**
 * A due game of this process's shards whose server is not in the client's cache: the bot was
 * removed while it was offline (the GUILD_DELETE went unseen). Close those games too.
 */
export async function closeGamesOfMissingGuild(ctx: BotContext, guildId: string): Promise<boolean> {
  if (!ctx.client.isReady() || ctx.client.guilds.cache.has(guildId)) return false;
  const closed = await closeGamesOf(ctx.db, { guildId });
  if (closed.length > 0) ctx.log.info({ guildId, games: closed.map((game) => game.id) }, 'games closed: the bot is no longer in the server');
  return true;
}
