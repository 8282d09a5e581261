/**
 * How the table reaches Discord. Two REST queues, so that answers to interactions never wait
 * behind the bot's own channel posts:
 * - `channels`: requests made with the bot token (posts and edits in channels and threads,
 *   threads, direct messages), paced at Discord's global limit for the bot
 *   (`DISCORD_GLOBAL_REST_LIMIT`, 50 requests/s unless Discord granted more);
 * - `answers`: the client's own queue, for interaction callbacks and the interaction's webhook
 *   (follow-ups and their edits), which Discord does not count against that limit.
 *
 * A table message posted as a follow-up of the click that caused it costs no request against
 * the global limit, and can be edited the same way for as long as the interaction's token
 * lives (15 minutes; 14 are used). Past that, or without a click (the turn clock, the
 * autopilot, a restart), the bot token does it.
 */
import { randomBytes } from 'node:crypto';
import { RESTJSONErrorCodes, Routes, type APIChannel, type APIMessage, type APIMessageTopLevelComponent, type REST, type RequestData } from 'discord.js';
import type { Outgoing } from './payload.js';

/** An interaction's webhook: the table may post follow-ups with it and edit them while it lives. */
export interface Via {
  applicationId: string;
  token: string;
  /** The channel (or thread) the interaction happened in: follow-ups appear there. */
  channelId: string;
  /** When the token stops being usable (ms since the epoch). */
  expiresAt: number;
}

/** How long an interaction's token is used: Discord keeps it 15 minutes. */
export const VIA_LIFETIME_MS = 14 * 60_000;

export function viaOf(interaction: { applicationId: string; token: string; channelId: string | null; createdTimestamp: number }): Via | null {
  if (!interaction.channelId) return null;
  return {
    applicationId: interaction.applicationId,
    token: interaction.token,
    channelId: interaction.channelId,
    expiresAt: interaction.createdTimestamp + VIA_LIFETIME_MS,
  };
}

export function usable(via: Via | null | undefined, channelId: string, now = Date.now()): via is Via {
  return Boolean(via && via.channelId === channelId && now < via.expiresAt);
}

/** Discord's error code of a failed request, if it has one. */
export function discordCode(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
}

export function isMissingPermission(error: unknown): boolean {
  const code = discordCode(error);
  return code === RESTJSONErrorCodes.MissingPermissions || code === RESTJSONErrorCodes.MissingAccess;
}

/** Each multipart body's boundary: this process's random part and a count (never in a PNG or GIF by chance). */
const BOUNDARY_PREFIX = `acquire-${randomBytes(12).toString('hex')}-`;
let bodiesEncoded = 0;
const CONTENT_TYPES: Readonly<Record<string, string>> = { png: 'image/png', gif: 'image/gif' };

/**
 * A table message as the REST client sends it: JSON alone, or with its pictures one
 * `multipart/form-data` body built here in a single buffer. Given the files, the REST client
 * builds a web FormData of Blobs that undici then streams part by part; at a few hundred moves a
 * second, each with a board of some 60 KB, that machinery was a share of the event loop's time
 * on its own. Discord reads the same parts either way: each file as `files[n]`, then
 * `payload_json`.
 */
export function requestOf(message: Outgoing): Pick<RequestData, 'body' | 'passThroughBody' | 'headers'> {
  if (message.files.length === 0) return { body: message.body };
  const boundary = `${BOUNDARY_PREFIX}${(bodiesEncoded++).toString(36)}`;
  const parts: Buffer[] = [];
  message.files.forEach((file, index) => {
    const type = CONTENT_TYPES[file.name.split('.').at(-1) ?? ''];
    if (!type || !/^[\w.-]+$/.test(file.name)) throw new Error(`the table uploads PNG and GIF files with plain names, not ${file.name}`);
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[${index}]"; filename="${file.name}"\r\nContent-Type: ${type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  });
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(message.body)}\r\n--${boundary}--\r\n`,
    ),
  );
  return { body: Buffer.concat(parts), passThroughBody: true, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

export class TableTransport {
  constructor(
    /** Bot-token requests, paced at the bot's global limit. */
    readonly channels: REST,
    /** The client's queue: interaction callbacks and webhooks. */
    readonly answers: REST,
  ) {}

  /** Posts with the bot token; returns the message id. */
  async post(channelId: string, message: Outgoing): Promise<string> {
    const sent = (await this.channels.post(Routes.channelMessages(channelId), requestOf(message))) as APIMessage;
    return sent.id;
  }

  async edit(channelId: string, messageId: string, message: Outgoing): Promise<void> {
    await this.channels.patch(Routes.channelMessage(channelId, messageId), requestOf(message));
  }

  /** The channel's latest messages, newest first (to find table messages posted but never recorded). */
  async recentMessages(channelId: string, limit: number): Promise<APIMessage[]> {
    return (await this.channels.get(Routes.channelMessages(channelId), { query: new URLSearchParams({ limit: String(limit) }) })) as APIMessage[];
  }

  /** A message's components as Discord has them (to take its buttons off after a restart). */
  async components(channelId: string, messageId: string): Promise<{ components: APIMessageTopLevelComponent[]; flags: number }> {
    const message = (await this.channels.get(Routes.channelMessage(channelId, messageId))) as APIMessage;
    return { components: (message.components ?? []) as APIMessageTopLevelComponent[], flags: message.flags ?? 0 };
  }

  /** Posts a follow-up on an interaction's webhook (not counted against the global limit). */
  async followUp(via: Via, message: Outgoing): Promise<string> {
    const sent = (await this.answers.post(Routes.webhook(via.applicationId, via.token), {
      ...requestOf(message),
      auth: false,
      query: new URLSearchParams({ wait: 'true' }),
    })) as APIMessage;
    return sent.id;
  }

  async editFollowUp(via: Via, messageId: string, message: Outgoing): Promise<void> {
    await this.answers.patch(Routes.webhookMessage(via.applicationId, via.token, messageId), { ...requestOf(message), auth: false });
  }

  /** Opens a public thread from a message; returns the thread's id. */
  async startThread(channelId: string, messageId: string, name: string): Promise<string> {
    const thread = (await this.channels.post(Routes.threads(channelId, messageId), { body: { name, auto_archive_duration: 10_080 } })) as APIChannel;
    return thread.id;
  }

  /** Sends a direct message. Throws Discord's error (50007 when the user accepts none). */
  async directMessage(userId: string, content: string): Promise<void> {
    const channel = (await this.channels.post(Routes.userChannels(), { body: { recipient_id: userId } })) as APIChannel;
    await this.channels.post(Routes.channelMessages(channel.id), { body: { content, allowed_mentions: { parse: [] } } });
  }
}
