import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GatewayCloseCodes, GatewayDispatchEvents, GatewayOpcodes } from 'discord.js';
import { type WebSocket, WebSocketServer } from 'ws';
import { newId, type DoubleState } from './state.js';

/** The path the gateway is served on, next to the REST API on the same port. */
export const GATEWAY_PATH = '/gateway';

/** What a client sent in IDENTIFY, as the double recorded it. */
export interface Identification {
  sessionId: string;
  /** `[shard id, shard count]`; `[0, 1]` when the client sent none. */
  shard: [number, number];
  intents: number;
}

/** Who gets an INTERACTION_CREATE when several sessions serve its guild. */
export type InteractionDelivery = 'every-session' | 'round-robin';

/** One client connection. Sequence numbers count dispatches per connection, as on Discord. */
class GatewaySession {
  sequence = 0;
  /** Set by IDENTIFY; until then the session receives no dispatches. */
  intents: number | null = null;
  shard: [number, number] = [0, 1];
  readonly sessionId = newId();

  constructor(readonly socket: WebSocket) {}

  send(op: GatewayOpcodes, d: unknown): void {
    this.socket.send(JSON.stringify({ op, d, s: null, t: null }));
  }

  dispatch(event: string, d: unknown): void {
    this.sequence += 1;
    this.socket.send(JSON.stringify({ op: GatewayOpcodes.Dispatch, d, s: this.sequence, t: event }));
  }
}

export interface GatewayDependencies {
  state: DoubleState;
  token: string;
  heartbeatIntervalMs: number;
  interactionDelivery: InteractionDelivery;
  gatewayUrl(): string;
  /** Called after a session became ready, so waiters can re-check. */
  onReady(): void;
}

/**
 * A Discord gateway speaking JSON without compression: HELLO, IDENTIFY → READY plus one
 * GUILD_CREATE per guild (the client stays "not ready" until every guild listed as
 * unavailable in READY has arrived), heartbeat ACKs and numbered dispatches. Sharded sessions
 * get only their guilds' events, by Discord's rule: shard = (guild id >> 22) % shard count.
 */
export class Gateway {
  readonly #server = new WebSocketServer({ noServer: true });
  readonly #sessions = new Set<GatewaySession>();
  readonly identifications: Identification[] = [];
  /** Counts interactions, so round-robin delivery alternates between sessions. */
  #interactionCount = 0;

  constructor(private readonly deps: GatewayDependencies) {}

  /** Hooked to the HTTP server's `upgrade` event. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== GATEWAY_PATH) {
      socket.destroy();
      return;
    }
    this.#server.handleUpgrade(request, socket, head, (ws) => this.#accept(ws, url.searchParams));
  }

  get hasReadySession(): boolean {
    return [...this.#sessions].some((session) => session.intents !== null);
  }

  /**
   * Sends a dispatch to identified sessions (those serving the event's guild, if it has one),
   * only to those with `intent` when one is given.
   */
  dispatch(event: string, data: unknown, intent?: number): void {
    const guildId = event === GatewayDispatchEvents.GuildCreate ? (data as { id: string }).id : (data as { guild_id?: string }).guild_id;
    for (const session of this.#receivers(guildId, intent)) session.dispatch(event, data);
  }

  /** Whether `dispatch(event, data, intent)` for an event of `guildId` would reach any session. */
  wants(intent: number, guildId: string | null): boolean {
    return this.#receivers(guildId ?? undefined, intent).length > 0;
  }

  /** The sessions serving the guild's events, only those with `intent` when one is given. */
  #receivers(guildId: string | undefined, intent?: number): GatewaySession[] {
    const serving = this.#servingSessions(guildId);
    return intent === undefined ? serving : serving.filter((session) => ((session.intents as number) & intent) !== 0);
  }

  /** Sends INTERACTION_CREATE as `interactionDelivery` says; returns the receiving sessions' ids. */
  dispatchInteraction(data: object, guildId: string): string[] {
    const serving = this.#servingSessions(guildId);
    const receivers = this.deps.interactionDelivery === 'round-robin' && serving.length > 0 ? [serving[this.#interactionCount++ % serving.length]!] : serving;
    for (const session of receivers) session.dispatch(GatewayDispatchEvents.InteractionCreate, data);
    return receivers.map((session) => session.sessionId);
  }

  /** Identified sessions, in the order they identified, that receive the guild's events. */
  #servingSessions(guildId: string | undefined): GatewaySession[] {
    return [...this.#sessions].filter((session) => session.intents !== null && (guildId === undefined || servesGuild(session.shard, guildId)));
  }

  /** Drops every connection at once: a test double has no reason to wait for close handshakes. */
  async close(): Promise<void> {
    for (const session of this.#sessions) session.socket.terminate();
    this.#sessions.clear();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #accept(socket: WebSocket, query: URLSearchParams): void {
    const session = new GatewaySession(socket);
    this.#sessions.add(session);
    socket.on('close', () => this.#sessions.delete(session));

    // @discordjs/ws asks for `?v=10&encoding=json`, and adds `compress=zlib-stream` only
    // when the optional zlib-sync package is installed. The double does not compress, so
    // it refuses such connections with a close code the client will not retry.
    const problem =
      query.get('v') !== '10'
        ? `unsupported gateway version ${query.get('v')}`
        : query.get('encoding') !== 'json'
          ? `discord-double only speaks encoding=json, not ${query.get('encoding')}`
          : query.has('compress')
            ? 'discord-double does not implement transport compression (uninstall zlib-sync)'
            : null;
    if (problem) {
      socket.close(GatewayCloseCodes.InvalidAPIVersion, problem);
      return;
    }

    socket.on('message', (raw) => this.#receive(session, raw.toString()));
    session.send(GatewayOpcodes.Hello, { heartbeat_interval: this.deps.heartbeatIntervalMs });
  }

  #receive(session: GatewaySession, text: string): void {
    let payload: { op: GatewayOpcodes; d: unknown };
    try {
      payload = JSON.parse(text) as { op: GatewayOpcodes; d: unknown };
    } catch {
      session.socket.close(GatewayCloseCodes.DecodeError, 'invalid JSON');
      return;
    }
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        session.send(GatewayOpcodes.HeartbeatAck, null);
        break;
      case GatewayOpcodes.Identify:
        this.#identify(session, payload.d as { token: string; intents: number; shard?: [number, number] });
        break;
      case GatewayOpcodes.Resume:
        // Sessions are not kept across connections; `false` tells the client to identify anew.
        session.send(GatewayOpcodes.InvalidSession, false);
        break;
      default:
        // Presence, voice state and member-chunk requests have no effect on the double.
        break;
    }
  }

  #identify(session: GatewaySession, identify: { token: string; intents: number; shard?: [number, number] }): void {
    if (identify.token !== this.deps.token) {
      session.socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    if (session.intents !== null) {
      session.socket.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
      return;
    }
    const [shardId, shardCount] = identify.shard ?? [0, 1];
    if (!Number.isInteger(shardId) || !Number.isInteger(shardCount) || shardCount < 1 || shardId < 0 || shardId >= shardCount) {
      session.socket.close(GatewayCloseCodes.InvalidShard, 'Invalid shard.');
      return;
    }
    session.intents = identify.intents;
    session.shard = [shardId, shardCount];
    this.identifications.push({ sessionId: session.sessionId, shard: session.shard, intents: identify.intents });
    const { state } = this.deps;
    const guilds = [...state.guilds.values()].filter((guild) => guild.members.has(state.botUser.id) && servesGuild(session.shard, guild.id));
    session.dispatch(GatewayDispatchEvents.Ready, {
      v: 10,
      user: { ...state.botUser, verified: true, mfa_enabled: false, flags: 0 },
      guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
      session_id: session.sessionId,
      resume_gateway_url: this.deps.gatewayUrl(),
      shard: session.shard,
      application: { id: state.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
    });
    for (const guild of guilds) session.dispatch(GatewayDispatchEvents.GuildCreate, state.guildCreateJson(guild));
    this.deps.onReady();
  }
}

function servesGuild([shardId, shardCount]: [number, number], guildId: string): boolean {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount)) === shardId;
}
