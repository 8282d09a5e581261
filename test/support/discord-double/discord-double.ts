import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayDispatchEvents, PermissionFlagsBits, type APIUser, type RESTOptions } from 'discord.js';
import type { RestEnvironment } from './environment.js';
import { Gateway, GATEWAY_PATH, type Identification, type InteractionDelivery } from './gateway.js';
import {
  type ButtonClickInput,
  InteractionDispatcher,
  type InteractionHandle,
  type ModalSubmitInput,
  type SelectMenuInput,
  type SlashCommandInput,
  type UserRef,
} from './interactions.js';
import { ChangeNotifier } from './notifier.js';
import { DISCORD_RATE_LIMITS, RateLimiter, type RateLimitOptions } from './rate-limits.js';
import { registerApplicationRoutes } from './rest-application.js';
import { registerChannelRoutes } from './rest-channels.js';
import { registerInteractionRoutes } from './rest-interactions.js';
import { handleRestRequest } from './rest-server.js';
import { Router } from './router.js';
import { BOT_PERMISSIONS, DoubleState, EVERYONE_PERMISSIONS, newId, type ChannelRecord, type GuildRecord, type MemberRecord } from './state.js';
import type { RecordedCall, StoredMessage } from './types.js';

export interface DiscordDoubleOptions {
  /** Username of the bot account. Default `Acquire`. */
  botName?: string;
  /** How long the bot has to acknowledge an interaction. Default 3000 ms, as on Discord. */
  interactionDeadlineMs?: number;
  /** Sent in HELLO. Default 41250 ms, as on Discord; the client heartbeats on its own timer. */
  heartbeatIntervalMs?: number;
  /**
   * Who receives an interaction when several sessions serve its guild (several bot processes
   * logged in with the same shard): each of them (default), or one after the other.
   */
  interactionDelivery?: InteractionDelivery;
  /**
   * Discord's rate limits (default: Discord's own, 50 requests/s globally and 5 messages per 5 s
   * per channel). Tests that play fast may shorten the channel window; the bot must still obey
   * the headers, exactly as it must on Discord.
   */
  rateLimits?: Partial<RateLimitOptions>;
  /**
   * Whether the double keeps what tests look back on (default true): every request in `calls`,
   * bodies and uploads included, and the bytes of every attached file. A load run (`npm run
   * bench:load`) sets false: it keeps only the request counts (`callCounts`) and each file's size,
   * for otherwise a few minutes of boards held gigabytes and the double's own collector took a
   * share of the cores it shares with the bot.
   */
  keepHistory?: boolean;
}

export interface CreateGuildOptions {
  name?: string;
  /** Names of the text channels; the first is the guild's system channel. Default `['acquire']`. */
  channels?: string[];
  /** Human members to create: a count (`player1`, `player2`, ...) or usernames. Default 4. */
  users?: number | string[];
}

/** What `createGuild` made; `users[0]` owns the guild. */
export interface GuildFixture {
  id: string;
  name: string;
  /** The first text channel. */
  channelId: string;
  channels: ChannelRecord[];
  users: APIUser[];
  ownerId: string;
}

/** See `DiscordDouble.channelActivity`. */
export interface ChannelActivity {
  messagesPosted: number;
  imagesUploaded: number;
  pings: { messageId: string; userId: string; at: number }[];
}

/** The options to spread into `new Client({ ... })` so discord.js talks to the double. */
export interface DoubleClientOptions {
  rest: Partial<RESTOptions>;
}

/**
 * A local stand-in for Discord's REST API and gateway that an unmodified discord.js
 * Client logs in to. REST and gateway share one OS-chosen port on 127.0.0.1:
 * `http://127.0.0.1:<port>/api/v10/...` and `ws://127.0.0.1:<port>/gateway`.
 */
export class DiscordDouble {
  /** The bot token the client must log in with. */
  readonly token: string;
  readonly botUser: APIUser;
  /** Every REST request, in arrival order (none kept with `keepHistory: false`). */
  readonly calls: RecordedCall[] = [];
  /** REST requests so far, all of them and those counted against the global limit (kept either way). */
  readonly callCounts = { all: 0, global: 0 };

  readonly #state: DoubleState;
  readonly #notifier: ChangeNotifier;
  readonly #gateway: Gateway;
  readonly #dispatcher: InteractionDispatcher;
  readonly #router = new Router();
  readonly #server: Server;
  readonly #rateLimits: RateLimitOptions;
  #port: number | null = null;

  constructor(options: DiscordDoubleOptions = {}) {
    this.botUser = {
      id: newId(),
      username: options.botName ?? 'Acquire',
      discriminator: '0',
      global_name: null,
      avatar: null,
      bot: true,
    };
    // Shaped like a real token (base64 id, timestamp, HMAC) because discord.js logs it censored by parts.
    this.token = [Buffer.from(this.botUser.id).toString('base64url'), randomBytes(4).toString('base64url'), randomBytes(27).toString('base64url')].join('.');
    this.#state = new DoubleState(this.botUser);
    this.#notifier = new ChangeNotifier(this.#state.changedChannels);
    this.#rateLimits = { ...DISCORD_RATE_LIMITS, ...options.rateLimits };
    const rateLimiter = new RateLimiter(this.#rateLimits);

    this.#gateway = new Gateway({
      state: this.#state,
      token: this.token,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      interactionDelivery: options.interactionDelivery ?? 'every-session',
      gatewayUrl: () => this.gatewayUrl,
      onReady: () => this.#notifier.changed(),
    });
    const interactionDeadlineMs = options.interactionDeadlineMs ?? 3_000;
    this.#dispatcher = new InteractionDispatcher(this.#state, this.#gateway, this.#notifier, this.calls, interactionDeadlineMs);

    const env: RestEnvironment = {
      state: this.#state,
      token: this.token,
      gatewayUrl: () => this.gatewayUrl,
      dispatch: (event, data, intent) => this.#gateway.dispatch(event, data, intent),
      wants: (intent, guildId) => this.#gateway.wants(intent, guildId),
      interactionDeadlineMs,
    };
    registerApplicationRoutes(this.#router, env);
    registerChannelRoutes(this.#router, env);
    registerInteractionRoutes(this.#router, env);

    const keepHistory = options.keepHistory ?? true;
    const record = (call: RecordedCall) => {
      this.callCounts.all += 1;
      if (call.countsGlobally) this.callCounts.global += 1;
      if (keepHistory) this.calls.push(call);
      this.#notifier.changed();
    };
    this.#server = createServer((req, res) => {
      void handleRestRequest({ router: this.#router, token: this.token, rateLimiter, record, keepUploads: keepHistory }, req, res);
    });
    this.#server.on('upgrade', (req, socket, head) => this.#gateway.handleUpgrade(req, socket, head));
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    this.#port = (this.#server.address() as AddressInfo).port;
  }

  /**
   * Closes the gateway sockets and every HTTP connection (undici keeps them alive), then the
   * server. Destroy clients first: a client that loses its gateway keeps trying to reconnect.
   */
  async stop(): Promise<void> {
    await this.#gateway.close();
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }

  /** Base URL for the `rest.api` client option (the client appends `/v10`). */
  get restUrl(): string {
    return `http://127.0.0.1:${this.#listeningPort()}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.#listeningPort()}${GATEWAY_PATH}`;
  }

  /**
   * Client options that point discord.js at the double. The gateway needs none: the client
   * learns its URL from `GET /gateway/bot`.
   */
  clientOptions(): DoubleClientOptions {
    return {
      rest: {
        api: this.restUrl,
        version: '10',
        // The client paces itself to the limit the double enforces, as discord.js does on Discord.
        globalRequestsPerSecond: this.#rateLimits.globalPerSecond,
        // The double never fails transiently; retrying would only repeat (and delay) a real error.
        retries: 0,
        // Avatar and attachment URLs are never fetched, but keep them off the real CDN anyway.
        cdn: `http://127.0.0.1:${this.#listeningPort()}/cdn`,
      },
    };
  }

  #listeningPort(): number {
    if (this.#port === null) throw new Error('discord-double: call start() first');
    return this.#port;
  }

  // ---- world building -----------------------------------------------------------------------

  createUser(username: string): APIUser {
    return this.#state.createUser(username);
  }

  /**
   * A guild the bot is in, with text channels and human members. Create guilds before the
   * client logs in; a guild created later reaches connected clients as GUILD_CREATE, like a
   * server the bot was just invited to.
   */
  createGuild(options: CreateGuildOptions = {}): GuildFixture {
    const userSpec = options.users ?? 4;
    const names = typeof userSpec === 'number' ? Array.from({ length: userSpec }, (_, i) => `player${i + 1}`) : userSpec;
    const users = names.map((name) => this.#state.createUser(name));
    const id = newId();
    const joinedAt = new Date().toISOString();
    const botRoleId = newId();
    const guild: GuildRecord = {
      id,
      name: options.name ?? 'Acquire Test Server',
      ownerId: users[0]?.id ?? this.botUser.id,
      channels: (options.channels ?? ['acquire']).map((name, position) => ({ id: newId(), guildId: id, name, position })),
      roles: [
        { id, name: '@everyone', permissions: EVERYONE_PERMISSIONS, position: 0, managed: false },
        { id: botRoleId, name: this.botUser.username, permissions: BOT_PERMISSIONS, position: 1, managed: true },
      ],
      members: new Map<string, MemberRecord>([
        [this.botUser.id, { userId: this.botUser.id, roleIds: [botRoleId], joinedAt }],
        ...users.map((user): [string, MemberRecord] => [user.id, { userId: user.id, roleIds: [], joinedAt }]),
      ]),
    };
    this.#state.guilds.set(id, guild);
    this.#gateway.dispatch(GatewayDispatchEvents.GuildCreate, this.#state.guildCreateJson(guild));
    const channels = guild.channels;
    return { id, name: guild.name, channelId: (channels[0] as ChannelRecord).id, channels, users, ownerId: guild.ownerId };
  }

  /** Makes an existing user a member; the client learns about them from their next interaction. */
  addMember(guildId: string, user: UserRef): void {
    const userId = typeof user === 'string' ? user : user.id;
    if (!this.#state.users.has(userId)) throw new Error(`discord-double: unknown user ${userId}`);
    this.#guildRecord(guildId).members.set(userId, { userId, roleIds: [], joinedAt: new Date().toISOString() });
  }

  /**
   * Gives a member Manage Guild through a role, as a server admin would. The new role is
   * announced (GUILD_ROLE_CREATE, a Guilds-intent event); the member's roles reach the
   * client with their next interaction, since member updates need a privileged intent.
   */
  grantManageGuild(guildId: string, user: UserRef): void {
    const guild = this.#guildRecord(guildId);
    const userId = typeof user === 'string' ? user : user.id;
    const member = guild.members.get(userId);
    if (!member) throw new Error(`discord-double: user ${userId} is not a member of guild ${guildId}`);
    let role = guild.roles.find((r) => r.name === 'Game Admin');
    if (!role) {
      role = { id: newId(), name: 'Game Admin', permissions: PermissionFlagsBits.ManageGuild, position: guild.roles.length, managed: false };
      guild.roles.push(role);
      this.#gateway.dispatch(GatewayDispatchEvents.GuildRoleCreate, { guild_id: guild.id, role: this.#state.roleJson(role) });
    }
    if (!member.roleIds.includes(role.id)) member.roleIds.push(role.id);
  }

  /** Takes permissions away from the bot's own role, as a server admin editing it would. */
  revokeBotPermissions(guildId: string, permissions: bigint): void {
    const guild = this.#guildRecord(guildId);
    const role = guild.roles.find((r) => r.managed);
    if (!role) throw new Error(`discord-double: guild ${guildId} has no bot role`);
    role.permissions &= ~permissions;
    // @everyone may grant the same bits; take them from it too so the bot really lacks them.
    const everyone = guild.roles.find((r) => r.id === guild.id);
    if (everyone) everyone.permissions &= ~permissions;
    for (const changed of [role, everyone]) {
      if (changed) this.#gateway.dispatch(GatewayDispatchEvents.GuildRoleUpdate, { guild_id: guild.id, role: this.#state.roleJson(changed) });
    }
  }

  /** The language of a user's Discord client: the `locale` of their interactions from now on. */
  setLocale(user: UserRef, locale: string): void {
    this.#state.userLocales.set(typeof user === 'string' ? user : user.id, locale);
  }

  /** A server's preferred locale: the `guild_locale` of interactions made there from now on. */
  setGuildLocale(guildId: string, locale: string): void {
    const guild = this.#state.guilds.get(guildId);
    if (!guild) throw new Error(`no guild ${guildId}`);
    guild.locale = locale;
  }

  /** The user turns off direct messages from server members: the bot's DMs to them fail with 50007. */
  closeDirectMessages(user: UserRef): void {
    this.#state.closedDms.add(typeof user === 'string' ? user : user.id);
  }

  /** The direct messages the bot sent a user, oldest first. */
  directMessages(user: UserRef): StoredMessage[] {
    const userId = typeof user === 'string' ? user : user.id;
    const dm = [...this.#state.dmChannels.values()].find((channel) => channel.userId === userId);
    return dm ? this.#state.messages.inChannel(dm.id).filter((m) => !m.deleted) : [];
  }

  /** The threads opened under a text channel, oldest first. */
  threads(channelId: string): ChannelRecord[] {
    const parent = this.#state.findChannel(channelId);
    const guild = parent ? this.#state.guilds.get(parent.guildId) : undefined;
    return guild?.channels.filter((channel) => channel.thread?.parentId === channelId) ?? [];
  }

  /** The bot is kicked from a server: GUILD_DELETE reaches it, and the server's routes answer Missing Access. */
  removeBotFromGuild(guildId: string): void {
    const guild = this.#guildRecord(guildId);
    guild.botRemoved = true;
    guild.members.delete(this.botUser.id);
    this.#gateway.dispatch(GatewayDispatchEvents.GuildDelete, { id: guild.id });
  }

  /** A moderator deletes a channel (its threads go with it): CHANNEL_DELETE / THREAD_DELETE reach the bot. */
  deleteChannel(channelId: string): void {
    const channel = this.#state.findChannel(channelId);
    if (!channel) throw new Error(`discord-double: unknown channel ${channelId}`);
    const guild = this.#guildRecord(channel.guildId);
    const doomed = guild.channels.filter((c) => c.id === channelId || c.thread?.parentId === channelId);
    guild.channels = guild.channels.filter((c) => !doomed.includes(c));
    for (const gone of doomed) {
      const json = this.#state.channelJson(gone);
      if (gone.thread) {
        this.#gateway.dispatch(GatewayDispatchEvents.ThreadDelete, { id: gone.id, guild_id: guild.id, parent_id: gone.thread.parentId, type: json.type });
      } else {
        this.#gateway.dispatch(GatewayDispatchEvents.ChannelDelete, json);
      }
    }
  }

  /**
   * What the bot did in one channel or thread, as its readers felt it: public messages the bot
   * posted (deleted ones included), files it uploaded into them (on creation and on edits), and
   * every ping, in order.
   */
  channelActivity(channelId: string): ChannelActivity {
    const posted = this.#state.messages.inChannel(channelId).filter((m) => !m.ephemeral && m.author.id === this.botUser.id);
    return {
      messagesPosted: posted.length,
      imagesUploaded: posted.reduce((sum, m) => sum + m.uploads, 0),
      pings: posted.flatMap((m) => m.pinged.map((userId) => ({ messageId: m.id, userId, at: m.createdAt }))),
    };
  }

  #guildRecord(guildId: string): GuildRecord {
    const guild = this.#state.guilds.get(guildId);
    if (!guild) throw new Error(`discord-double: unknown guild ${guildId}`);
    return guild;
  }

  // ---- acting as users ----------------------------------------------------------------------

  /** Sends a chat-input command as `user`; options follow the registered command's schema when there is one. */
  slashCommand(input: SlashCommandInput): InteractionHandle {
    return this.#dispatcher.slashCommand(input);
  }

  /** Clicks an enabled button on a message the user can see. */
  clickButton(input: ButtonClickInput): InteractionHandle {
    return this.#dispatcher.clickButton(input);
  }

  /** Clicks a button that need not be on the message (stale, replayed or forged custom ids). */
  forgedClick(input: ButtonClickInput): InteractionHandle {
    return this.#dispatcher.forgedClick(input);
  }

  /** Picks values in a select menu on a message the user can see. */
  /**
   * An interaction of a shape Discord does not document: `send` builds it as usual (a click, a
   * command, a form), and `reshape` rewrites the payload before it goes out (drop its message,
   * make its custom id a number, …). The interaction is routed to the server it was built for.
   */
  malformed(reshape: (payload: Record<string, unknown>) => Record<string, unknown>, send: (double: this) => InteractionHandle): InteractionHandle {
    this.#dispatcher.reshape = reshape;
    try {
      return send(this);
    } finally {
      this.#dispatcher.reshape = null;
    }
  }

  selectMenu(input: SelectMenuInput): InteractionHandle {
    return this.#dispatcher.selectMenu(input);
  }

  /** Submits the modal the bot opened in answer to `modalOf`, as the same user. */
  submitModal(input: ModalSubmitInput): InteractionHandle {
    return this.#dispatcher.submitModal(input);
  }

  // ---- reading state ------------------------------------------------------------------------

  /** Any message by id, deleted or ephemeral ones included. */
  message(messageId: string): StoredMessage | undefined {
    return this.#state.messages.get(messageId);
  }

  /**
   * Changes whenever a message of the channel (ephemeral ones included) is posted, edited or
   * deleted: whatever a test reads from `channelMessages` is the same while this is.
   */
  channelVersion(channelId: string): number {
    return this.#state.messages.versionOf(channelId);
  }

  /** The public messages currently in a channel, oldest first, in their latest state. */
  channelMessages(channelId: string): StoredMessage[] {
    return this.#state.messages.inChannel(channelId).filter((m) => !m.deleted && !m.ephemeral);
  }

  /** What a user sees in a channel: the public messages plus the ephemeral ones addressed to them. */
  messagesSeenBy(user: UserRef, channelId: string): StoredMessage[] {
    const userId = typeof user === 'string' ? user : user.id;
    return this.#state.messages.inChannel(channelId).filter((m) => !m.deleted && (!m.ephemeral || m.visibleTo === userId));
  }

  /** Registered application commands, global or for one guild, as Discord returned them. */
  registeredCommands(guildId?: string): Record<string, unknown>[] {
    return this.#state.commands.get(guildId ?? 'global') ?? [];
  }

  /** Every IDENTIFY the gateway accepted, in order (closed sessions included). */
  get identifications(): readonly Identification[] {
    return this.#gateway.identifications;
  }

  /** Requests no route matched: a test can assert this stays empty. */
  get unhandledCalls(): RecordedCall[] {
    return this.calls.filter((call) => call.unhandled);
  }

  /**
   * Waits until `condition` holds, re-checking after every REST call and gateway event; with
   * `channelId`, a condition that reads only that channel's messages, re-checked only when they
   * change (cheaper with many waits at once).
   */
  waitFor(
    condition: () => boolean,
    { timeoutMs = 2_000, description = 'condition', channelId }: { timeoutMs?: number; description?: string; channelId?: string } = {},
  ): Promise<void> {
    return this.#notifier.waitFor(condition, timeoutMs, () => `discord-double: ${description} still false after ${timeoutMs} ms`, channelId);
  }
}
