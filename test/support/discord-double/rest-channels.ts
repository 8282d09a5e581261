import { ChannelType, GatewayDispatchEvents, GatewayIntentBits, PermissionFlagsBits } from 'discord.js';
import { announceMessage, type RestEnvironment } from './environment.js';
import { apiErrors } from './errors.js';
import { applyMessageBody, blankMessage, notePings } from './messages.js';
import type { Router } from './router.js';
import { newId, type ChannelRecord, type GuildRecord } from './state.js';
import type { StoredMessage, UploadedFile } from './types.js';

/** Channel, message, guild and user routes the bot uses with its own token. */
export function registerChannelRoutes(router: Router, env: RestEnvironment): void {
  const { state } = env;

  const channelOr404 = (channelId: string): ChannelRecord => {
    const channel = state.findChannel(channelId);
    if (!channel) throw apiErrors.unknownChannel();
    if (guildOf(channel).botRemoved) throw apiErrors.missingAccess();
    return channel;
  };

  const guildOf = (channel: ChannelRecord): GuildRecord => state.guilds.get(channel.guildId) as GuildRecord;

  /** Discord checks the bot's permissions in the channel before it accepts a post. */
  const requirePermissions = (channel: ChannelRecord, needed: bigint): void => {
    const bits = state.permissionsOf(guildOf(channel), state.botUser.id);
    if ((bits & PermissionFlagsBits.ViewChannel) === 0n) throw apiErrors.missingAccess();
    if ((bits & needed) !== needed) throw apiErrors.missingPermissions();
  };

  const postPermissions = (channel: ChannelRecord, body: unknown, files: UploadedFile[]): bigint => {
    let needed = channel.thread ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages;
    if (files.length > 0) needed |= PermissionFlagsBits.AttachFiles;
    if (Array.isArray((body as { embeds?: unknown } | null)?.embeds) && (body as { embeds: unknown[] }).embeds.length > 0)
      needed |= PermissionFlagsBits.EmbedLinks;
    return needed;
  };

  const openThread = (parent: ChannelRecord, id: string, body: unknown): ChannelRecord => {
    if (parent.thread) throw apiErrors.invalidFormBody('channel', 'CHANNEL_TYPE_INVALID', 'Threads cannot be created inside threads.');
    requirePermissions(parent, PermissionFlagsBits.CreatePublicThreads);
    const name = (body as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || name.length < 1 || name.length > 100) {
      throw apiErrors.invalidFormBody('name', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    }
    const guild = guildOf(parent);
    const thread: ChannelRecord = {
      id,
      guildId: guild.id,
      name,
      position: 0,
      thread: { parentId: parent.id, ownerId: state.botUser.id, archived: false, locked: false, createdAt: Date.now() },
    };
    guild.channels.push(thread);
    env.dispatch(GatewayDispatchEvents.ThreadCreate, { ...state.channelJson(thread), newly_created: true }, GatewayIntentBits.Guilds);
    return thread;
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

  router.add('GET', '/channels/:channelId', ({ param }) => {
    const dm = state.dmChannels.get(param('channelId'));
    return { status: 200, json: dm ? state.dmChannelJson(dm) : state.channelJson(channelOr404(param('channelId'))) };
  });

  // A thread started from a message takes the message's id, as on Discord.
  router.add('POST', '/channels/:channelId/messages/:messageId/threads', ({ param, body }) => {
    const parent = channelOr404(param('channelId'));
    const starter = channelMessageOr404(parent.id, param('messageId'));
    if (state.threadStartedBy(starter.id)) throw apiErrors.threadAlreadyCreated();
    const thread = openThread(parent, starter.id, body);
    announceMessage(env, 'MESSAGE_UPDATE', starter);
    return { status: 201, json: state.channelJson(thread) };
  });

  router.add('POST', '/channels/:channelId/threads', ({ param, body }) => {
    const parent = channelOr404(param('channelId'));
    const type = (body as { type?: number } | null)?.type ?? ChannelType.PrivateThread;
    if (type !== ChannelType.PublicThread) throw apiErrors.invalidFormBody('type', 'BASE_TYPE_CHOICES', 'The double only makes public threads.');
    return { status: 201, json: state.channelJson(openThread(parent, newId(), body)) };
  });

  // Renaming, archiving or locking a thread (the bot may edit threads it owns).
  router.add('PATCH', '/channels/:channelId', ({ param, body }) => {
    const channel = channelOr404(param('channelId'));
    if (!channel.thread) throw apiErrors.missingPermissions();
    if (channel.thread.ownerId !== state.botUser.id) requirePermissions(channel, PermissionFlagsBits.ManageThreads);
    const patch = (body ?? {}) as { name?: unknown; archived?: unknown; locked?: unknown };
    if (typeof patch.name === 'string') channel.name = patch.name;
    if (typeof patch.archived === 'boolean') channel.thread.archived = patch.archived;
    if (typeof patch.locked === 'boolean') channel.thread.locked = patch.locked;
    env.dispatch(GatewayDispatchEvents.ThreadUpdate, state.channelJson(channel), GatewayIntentBits.Guilds);
    return { status: 200, json: state.channelJson(channel) };
  });

  // Opening a direct-message channel always works; sending in it fails when the user closed DMs.
  router.add('POST', '/users/@me/channels', ({ body }) => {
    const recipient = String((body as { recipient_id?: unknown } | null)?.recipient_id ?? '');
    if (!state.users.has(recipient)) throw apiErrors.unknownUser();
    let dm = [...state.dmChannels.values()].find((channel) => channel.userId === recipient);
    if (!dm) {
      dm = { id: newId(), userId: recipient };
      state.dmChannels.set(dm.id, dm);
    }
    return { status: 200, json: state.dmChannelJson(dm) };
  });

  router.add('POST', '/channels/:channelId/typing', ({ param }) => {
    channelOr404(param('channelId'));
    return { status: 204 };
  });

  router.add('GET', '/channels/:channelId/messages', ({ param, query }) => {
    const channel = channelOr404(param('channelId'));
    const limit = Math.min(Number(query.get('limit') ?? 50), 100);
    const before = query.get('before');
    const after = query.get('after');
    const found = state.messages
      .inChannel(channel.id)
      .filter((m) => !m.deleted && !m.ephemeral)
      .filter((m) => (before ? BigInt(m.id) < BigInt(before) : true) && (after ? BigInt(m.id) > BigInt(after) : true))
      .reverse() // Discord lists newest first.
      .slice(0, limit);
    return { status: 200, json: found.map((m) => state.messageJson(m)) };
  });

  router.add('POST', '/channels/:channelId/messages', ({ param, body, files }) => {
    const dm = state.dmChannels.get(param('channelId'));
    if (dm) {
      if (state.closedDms.has(dm.userId)) throw apiErrors.cannotMessageUser();
      const message = blankMessage({ channelId: dm.id, guildId: null, author: state.botUser });
      applyMessageBody(message, body, files);
      notePings(message, body);
      state.messages.set(message.id, message);
      return { status: 200, json: state.messageJson(message) };
    }
    const channel = channelOr404(param('channelId'));
    requirePermissions(channel, postPermissions(channel, body, files));
    if (channel.thread?.locked) throw apiErrors.missingPermissions();
    if (channel.thread) channel.thread.archived = false; // Posting in an archived thread reopens it.
    const message = blankMessage({ channelId: channel.id, guildId: channel.guildId, author: state.botUser });
    applyMessageBody(message, body, files);
    notePings(message, body);
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
