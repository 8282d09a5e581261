import { announceMessage, type RestEnvironment } from './environment.js';
import { apiErrors } from './errors.js';
import { applyMessageBody, blankMessage } from './messages.js';
import type { Router } from './router.js';
import type { ChannelRecord } from './state.js';
import type { StoredMessage } from './types.js';

/** Channel, message, guild and user routes the bot uses with its own token. */
export function registerChannelRoutes(router: Router, env: RestEnvironment): void {
  const { state } = env;

  const channelOr404 = (channelId: string): ChannelRecord => {
    const channel = state.findChannel(channelId);
    if (!channel) throw apiErrors.unknownChannel();
    return channel;
  };

  // Ephemeral messages exist only for their interaction; channel routes cannot see them.
  const channelMessageOr404 = (channelId: string, messageId: string): StoredMessage => {
    const message = state.messages.get(messageId);
    if (!message || message.channelId !== channelId || message.deleted || message.ephemeral) throw apiErrors.unknownMessage();
    return message;
  };

  router.add('GET', '/users/@me', () => ({ status: 200, json: state.botUser }));
  router.add('GET', '/users/:userId', ({ param }) => {
    const user = state.users.get(param('userId'));
    if (!user) throw apiErrors.unknownUser();
    return { status: 200, json: user };
  });

  router.add('GET', '/guilds/:guildId/channels', ({ param }) => {
    const guild = state.guilds.get(param('guildId'));
    if (!guild) throw apiErrors.unknownGuild();
    return { status: 200, json: guild.channels.map((channel) => state.channelJson(channel)) };
  });
  router.add('GET', '/guilds/:guildId/members/:userId', ({ param }) => {
    const guild = state.guilds.get(param('guildId'));
    if (!guild) throw apiErrors.unknownGuild();
    const member = guild.members.get(param('userId'));
    if (!member) throw apiErrors.unknownMember();
    return { status: 200, json: state.memberJson(guild, member) };
  });

  router.add('GET', '/channels/:channelId', ({ param }) => ({
    status: 200,
    json: state.channelJson(channelOr404(param('channelId'))),
  }));

  router.add('POST', '/channels/:channelId/typing', ({ param }) => {
    channelOr404(param('channelId'));
    return { status: 204 };
  });

  router.add('GET', '/channels/:channelId/messages', ({ param, query }) => {
    const channel = channelOr404(param('channelId'));
    const limit = Math.min(Number(query.get('limit') ?? 50), 100);
    const before = query.get('before');
    const after = query.get('after');
    const found = [...state.messages.values()]
      .filter((m) => m.channelId === channel.id && !m.deleted && !m.ephemeral)
      .filter((m) => (before ? BigInt(m.id) < BigInt(before) : true) && (after ? BigInt(m.id) > BigInt(after) : true))
      .reverse() // Discord lists newest first.
      .slice(0, limit);
    return { status: 200, json: found.map((m) => state.messageJson(m)) };
  });

  router.add('POST', '/channels/:channelId/messages', ({ param, body, files }) => {
    const channel = channelOr404(param('channelId'));
    const message = blankMessage({ channelId: channel.id, guildId: channel.guildId, author: state.botUser });
    applyMessageBody(message, body, files);
    state.messages.set(message.id, message);
    announceMessage(env, 'MESSAGE_CREATE', message);
    return { status: 200, json: state.messageJson(message) };
  });

  router.add('GET', '/channels/:channelId/messages/:messageId', ({ param }) => ({
    status: 200,
    json: state.messageJson(channelMessageOr404(param('channelId'), param('messageId'))),
  }));

  router.add('PATCH', '/channels/:channelId/messages/:messageId', ({ param, body, files }) => {
    const message = channelMessageOr404(param('channelId'), param('messageId'));
    if (message.author.id !== state.botUser.id) throw apiErrors.notAuthor();
    applyMessageBody(message, body, files);
    message.editedAt = Date.now();
    announceMessage(env, 'MESSAGE_UPDATE', message);
    return { status: 200, json: state.messageJson(message) };
  });

  router.add('DELETE', '/channels/:channelId/messages/:messageId', ({ param }) => {
    const message = channelMessageOr404(param('channelId'), param('messageId'));
    message.deleted = true;
    announceMessage(env, 'MESSAGE_DELETE', message);
    return { status: 204 };
  });
}
