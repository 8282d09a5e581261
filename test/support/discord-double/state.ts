import { type APIUser, ChannelType, type InteractionType, PermissionFlagsBits, PermissionsBitField, SnowflakeUtil } from 'discord.js';
import type { InteractionCallback, ShownModal, StoredMessage } from './types.js';

/** A fresh 18-19 digit snowflake for "now", like Discord's ids. */
export function newId(): string {
  return SnowflakeUtil.generate().toString();
}

const p = PermissionFlagsBits;

/** Roughly what a new server grants @everyone. */
export const EVERYONE_PERMISSIONS =
  p.ViewChannel |
  p.CreateInstantInvite |
  p.ChangeNickname |
  p.SendMessages |
  p.SendMessagesInThreads |
  p.CreatePublicThreads |
  p.EmbedLinks |
  p.AttachFiles |
  p.AddReactions |
  p.UseExternalEmojis |
  p.ReadMessageHistory |
  p.UseApplicationCommands;

/** What the bot's managed role is invited with: enough to post and maintain game messages. */
export const BOT_PERMISSIONS =
  p.ViewChannel |
  p.SendMessages |
  p.EmbedLinks |
  p.AttachFiles |
  p.ReadMessageHistory |
  p.UseExternalEmojis |
  p.AddReactions |
  p.ManageMessages |
  p.CreatePublicThreads |
  p.SendMessagesInThreads |
  p.ManageThreads;

export interface RoleRecord {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  /** Integration roles (the bot's own) are managed. */
  managed: boolean;
}

export interface MemberRecord {
  userId: string;
  roleIds: string[];
  joinedAt: string;
}

export interface ChannelRecord {
  id: string;
  guildId: string;
  name: string;
  position: number;
  /** Set for a public thread: the text channel it belongs to and who created it. */
  thread?: {
    parentId: string;
    ownerId: string;
    archived: boolean;
    locked: boolean;
    createdAt: number;
  };
}

/** A direct-message channel between the bot and one user. */
export interface DmChannelRecord {
  id: string;
  userId: string;
}

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  channels: ChannelRecord[];
  /** The @everyone role has the guild's id, as on Discord. */
  roles: RoleRecord[];
  members: Map<string, MemberRecord>;
  /** Set once the bot was removed from the server: its routes then answer Missing Access. */
  botRemoved?: boolean;
  /** The server's preferred locale (`guild_locale` of interactions); 'en-US' unless a test sets one. */
  locale?: string;
}

/** Book-keeping for one INTERACTION_CREATE the double dispatched. */
export interface InteractionRecord {
  id: string;
  token: string;
  type: InteractionType;
  userId: string;
  guildId: string;
  channelId: string;
  /** What a human would call it in an error message, e.g. `/acquire start`. */
  label: string;
  /** The message a component or component-opened modal belongs to. */
  sourceMessageId: string | null;
  dispatchedAt: number;
  callback: InteractionCallback | null;
  /** The `@original` message once there is one. */
  originalMessageId: string | null;
  followUpIds: string[];
  /** Set once a deferred response was completed (original edited/deleted or a follow-up sent). */
  followedThrough: boolean;
  modal: ShownModal | null;
  /** The gateway sessions INTERACTION_CREATE went to. */
  deliveredTo: string[];
}

/**
 * Every message by id, and each channel's messages in the order they were posted: the double
 * reads a channel's messages on many requests and test checks, and scanning every message of
 * every channel each time grew with the whole run (a 200-game load run, `npm run bench:load`,
 * spent seconds a minute in it). Messages are never removed (a deleted one is flagged), so a
 * channel's list only grows.
 */
export class MessageIndex extends Map<string, StoredMessage> {
  readonly #byChannel = new Map<string, StoredMessage[]>();
  readonly #versions = new Map<string, number>();

  /** `changedChannels`: where each change is noted for the double's waiting conditions (`DoubleState.changedChannels`). */
  constructor(private readonly changedChannels: Set<string>) {
    super();
  }

  override set(id: string, message: StoredMessage): this {
    let list = this.#byChannel.get(message.channelId);
    if (!list) this.#byChannel.set(message.channelId, (list = []));
    const known = this.get(id);
    const at = known ? list.indexOf(known) : -1;
    if (at >= 0) list[at] = message;
    else list.push(message);
    this.touched(message);
    return super.set(id, message);
  }

  /** `message` was changed in place (edited, deleted): its channel's version moves on. */
  touched(message: StoredMessage): void {
    this.#versions.set(message.channelId, (this.#versions.get(message.channelId) ?? 0) + 1);
    this.changedChannels.add(message.channelId);
  }

  /**
   * A number that changes whenever a message of the channel is posted or changed: what a test
   * computed from a channel's messages holds while it stays the same (the load bench's players
   * re-check their conditions after every request the bot makes, 200 games at a time).
   */
  versionOf(channelId: string): number {
    return this.#versions.get(channelId) ?? 0;
  }

  override delete(): boolean {
    throw new Error('discord-double: messages are flagged deleted, never removed');
  }

  /** The messages of a channel, deleted and ephemeral ones included, oldest first. */
  inChannel(channelId: string): readonly StoredMessage[] {
    return this.#byChannel.get(channelId) ?? [];
  }
}

/** Everything the double knows about its small Discord world. */
export class DoubleState {
  readonly users = new Map<string, APIUser>();
  readonly guilds = new Map<string, GuildRecord>();
  /**
   * Channels where something a test may wait on changed (a message; the answer to an interaction
   * made there) since the double last re-checked what its tests wait for (notifier.ts).
   */
  readonly changedChannels = new Set<string>();
  readonly messages = new MessageIndex(this.changedChannels);
  readonly interactions = new Map<string, InteractionRecord>();
  /** The same interactions by token: each webhook call names its interaction by token only. */
  readonly interactionsByToken = new Map<string, InteractionRecord>();
  /** Registered application commands, keyed by guild id or `global`. */
  readonly commands = new Map<string, Record<string, unknown>[]>();
  /** Direct-message channels, keyed by channel id. */
  readonly dmChannels = new Map<string, DmChannelRecord>();
  /** Users who do not accept direct messages from the bot. */
  readonly closedDms = new Set<string>();
  /** Each user's Discord language (`locale` of their interactions); 'en-US' unless a test sets one. */
  readonly userLocales = new Map<string, string>();

  constructor(readonly botUser: APIUser) {
    this.users.set(botUser.id, botUser);
  }

  get applicationId(): string {
    // Modern applications share their id with their bot user.
    return this.botUser.id;
  }

  createUser(username: string): APIUser {
    const user: APIUser = {
      id: newId(),
      username,
      discriminator: '0',
      global_name: username,
      avatar: null,
      bot: false,
    };
    this.users.set(user.id, user);
    return user;
  }

  findChannel(channelId: string): ChannelRecord | undefined {
    for (const guild of this.guilds.values()) {
      const channel = guild.channels.find((c) => c.id === channelId);
      if (channel) return channel;
    }
    return undefined;
  }

  /** The thread opened from a message (a thread started from a message shares its id). */
  threadStartedBy(messageId: string): ChannelRecord | undefined {
    const channel = this.findChannel(messageId);
    return channel?.thread ? channel : undefined;
  }

  dmChannelJson(dm: DmChannelRecord): Record<string, unknown> {
    const lastMessage = this.messages.inChannel(dm.id).at(-1);
    return { id: dm.id, type: ChannelType.DM, last_message_id: lastMessage?.id ?? null, flags: 0, recipients: [this.userJson(dm.userId)] };
  }

  /** Base permissions of a member: owner and Administrator get everything, others the union of their roles. */
  permissionsOf(guild: GuildRecord, userId: string): bigint {
    if (guild.ownerId === userId) return PermissionsBitField.All;
    const member = guild.members.get(userId);
    let bits = 0n;
    for (const role of guild.roles) {
      if (role.id === guild.id || member?.roleIds.includes(role.id)) bits |= role.permissions;
    }
    return bits & p.Administrator ? PermissionsBitField.All : bits;
  }

  // ---- JSON shapes, as Discord sends them -------------------------------------------------

  userJson(userId: string): APIUser {
    const user = this.users.get(userId);
    if (!user) throw new Error(`discord-double: unknown user ${userId}`);
    return user;
  }

  memberJson(_guild: GuildRecord, member: MemberRecord): Record<string, unknown> {
    return {
      user: this.userJson(member.userId),
      nick: null,
      avatar: null,
      banner: null,
      // Discord lists every role except @everyone.
      roles: member.roleIds,
      joined_at: member.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
    };
  }

  roleJson(role: RoleRecord): Record<string, unknown> {
    return {
      id: role.id,
      name: role.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: role.position,
      permissions: role.permissions.toString(),
      managed: role.managed,
      mentionable: false,
      flags: 0,
      ...(role.managed ? { tags: { bot_id: this.botUser.id } } : {}),
    };
  }

  channelJson(channel: ChannelRecord): Record<string, unknown> {
    const inChannel = this.messages.inChannel(channel.id).filter((m) => !m.ephemeral);
    const lastMessage = inChannel.at(-1);
    if (channel.thread) {
      return {
        id: channel.id,
        type: ChannelType.PublicThread,
        guild_id: channel.guildId,
        name: channel.name,
        parent_id: channel.thread.parentId,
        owner_id: channel.thread.ownerId,
        last_message_id: lastMessage?.id ?? null,
        rate_limit_per_user: 0,
        flags: 0,
        message_count: inChannel.length,
        member_count: 1,
        total_message_sent: inChannel.length,
        thread_metadata: {
          archived: channel.thread.archived,
          auto_archive_duration: 10080,
          archive_timestamp: new Date(channel.thread.createdAt).toISOString(),
          locked: channel.thread.locked,
          create_timestamp: new Date(channel.thread.createdAt).toISOString(),
        },
      };
    }
    return {
      id: channel.id,
      type: ChannelType.GuildText,
      guild_id: channel.guildId,
      name: channel.name,
      position: channel.position,
      permission_overwrites: [],
      nsfw: false,
      topic: null,
      parent_id: null,
      last_message_id: lastMessage?.id ?? null,
      rate_limit_per_user: 0,
      flags: 0,
    };
  }

  /** The full guild object of a GUILD_CREATE dispatch (the extra gateway-only fields included). */
  guildCreateJson(guild: GuildRecord): Record<string, unknown> {
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      banner: null,
      description: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      mfa_level: 0,
      nsfw_level: 0,
      premium_tier: 0,
      premium_subscription_count: 0,
      premium_progress_bar_enabled: false,
      preferred_locale: guild.locale ?? 'en-US',
      features: [],
      application_id: null,
      system_channel_id: guild.channels[0]?.id ?? null,
      system_channel_flags: 0,
      rules_channel_id: null,
      public_updates_channel_id: null,
      safety_alerts_channel_id: null,
      vanity_url_code: null,
      roles: guild.roles.map((role) => this.roleJson(role)),
      emojis: [],
      stickers: [],
      joined_at: guild.members.get(this.botUser.id)?.joinedAt ?? new Date().toISOString(),
      large: false,
      unavailable: false,
      member_count: guild.members.size,
      members: [...guild.members.values()].map((member) => this.memberJson(guild, member)),
      channels: guild.channels.filter((channel) => !channel.thread).map((channel) => this.channelJson(channel)),
      threads: guild.channels.filter((channel) => channel.thread && !channel.thread.archived).map((channel) => this.channelJson(channel)),
      presences: [],
      voice_states: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  messageJson(message: StoredMessage): Record<string, unknown> {
    const interaction = message.interactionId ? this.interactions.get(message.interactionId) : undefined;
    return {
      id: message.id,
      type: message.type,
      channel_id: message.channelId,
      ...(message.guildId ? { guild_id: message.guildId } : {}),
      author: message.author,
      content: message.content,
      timestamp: new Date(message.createdAt).toISOString(),
      edited_timestamp: message.editedAt === null ? null : new Date(message.editedAt).toISOString(),
      tts: false,
      mention_everyone: false,
      mentions: message.pinged.filter((id) => this.users.has(id)).map((id) => this.userJson(id)),
      mention_roles: [],
      attachments: message.attachments.map((attachment) => ({
        id: attachment.id,
        filename: attachment.filename,
        size: attachment.size,
        content_type: attachment.contentType,
        // Served by nothing: discord.js only needs well-formed URLs to build Attachment objects.
        url: `https://cdn.discord-double.invalid/attachments/${message.channelId}/${attachment.id}/${attachment.filename}`,
        proxy_url: `https://media.discord-double.invalid/attachments/${message.channelId}/${attachment.id}/${attachment.filename}`,
        ...(attachment.description === null ? {} : { description: attachment.description }),
        ...(message.ephemeral ? { ephemeral: true } : {}),
      })),
      embeds: message.embeds,
      components: message.components,
      pinned: false,
      flags: message.flags,
      ...(this.threadStartedBy(message.id) ? { thread: this.channelJson(this.threadStartedBy(message.id) as ChannelRecord) } : {}),
      ...(message.webhookId ? { webhook_id: message.webhookId, application_id: this.applicationId } : {}),
      ...(interaction
        ? {
            interaction_metadata: {
              id: interaction.id,
              type: interaction.type,
              user: this.userJson(interaction.userId),
              authorizing_integration_owners: { '0': interaction.guildId },
              ...(interaction.sourceMessageId ? { interacted_message_id: interaction.sourceMessageId } : {}),
            },
          }
        : {}),
    };
  }
}
