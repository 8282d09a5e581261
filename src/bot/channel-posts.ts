/**
 * The bot's own posts and edits in channels go through a REST queue of their own, limited to
 * Discord's global rate (`DISCORD_GLOBAL_REST_LIMIT`, 50 requests a second by default), so that
 * answers to interactions (which Discord does not count against that limit) never wait behind
 * a burst of table messages in the client's queue.
 */
import { MessagePayload, Routes, type APIMessage, type MessageCreateOptions, type MessageEditOptions, type SendableChannels } from 'discord.js';
import type { BotContext } from './context.js';

export async function postToChannel(ctx: BotContext, channel: SendableChannels, options: MessageCreateOptions): Promise<{ id: string }> {
  const payload = MessagePayload.create(channel, options);
  const { body, files } = await payload.resolveBody().resolveFiles();
  const sent = (await ctx.channelRest.post(Routes.channelMessages(channel.id), { body, files: files ?? [] })) as APIMessage;
  return { id: sent.id };
}

export async function editChannelMessage(ctx: BotContext, channel: SendableChannels, messageId: string, options: MessageEditOptions): Promise<void> {
  const payload = MessagePayload.create(channel, options);
  const { body, files } = await payload.resolveBody().resolveFiles();
  await ctx.channelRest.patch(Routes.channelMessage(channel.id, messageId), { body, files: files ?? [] });
}
