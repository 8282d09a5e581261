import type { APIEmbed, APIMessageTopLevelComponent, APIUser, InteractionResponseType } from 'discord.js';

/** A file part of a multipart request, exactly as discord.js uploaded it. */
export interface UploadedFile {
  /** Form field name, e.g. `files[0]`. */
  field: string;
  filename: string;
  contentType: string;
  /** The bytes; empty in a double that keeps no history (see `DiscordDoubleOptions.keepHistory`). */
  data: Buffer;
  /** The upload's length in bytes, kept even where its bytes are not. */
  size: number;
}

/** An attachment kept on a stored message (uploaded bytes included). */
export interface StoredAttachment {
  id: string;
  filename: string;
  contentType: string;
  /** The bytes; empty in a double that keeps no history (see `DiscordDoubleOptions.keepHistory`). */
  data: Buffer;
  /** The upload's length in bytes, as Discord reports it. */
  size: number;
  description: string | null;
}

/**
 * One message as the double holds it: channel messages, interaction replies (public or
 * ephemeral) and follow-ups all live in the same store, so an update to a message that
 * carries components looks the same whichever route produced it.
 */
export interface StoredMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  author: APIUser;
  /** Discord message type (0 default, 20 chat-input command reply). */
  type: number;
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: StoredAttachment[];
  flags: number;
  /** True when only `visibleTo` can see the message (flag 64). */
  ephemeral: boolean;
  /** The user an ephemeral message is shown to; null for public messages. */
  visibleTo: string | null;
  /** The interaction that produced this message, if any. */
  interactionId: string | null;
  webhookId: string | null;
  createdAt: number;
  editedAt: number | null;
  deleted: boolean;
  /**
   * Who this message notified: set once, when the message appears (a new post, a reply, a
   * follow-up, or the first completion of a deferred reply). Discord never pings on edits.
   */
  pinged: string[];
  /** Files uploaded into this message over its life (creation and edits). */
  uploads: number;
}

/** One REST request the client made, recorded before it was answered. */
export interface RecordedCall {
  method: string;
  /** Path below `/api/v10`, URL-decoded per segment (so `@original` reads as such). */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body (or `payload_json` of a multipart body); null when there was none. */
  body: unknown;
  files: UploadedFile[];
  /** HTTP status the double answered with. */
  status: number;
  /** True when no route matched (answered 404). */
  unhandled: boolean;
  /** The JSON error body when the double refused the request. */
  error: { code: number; message: string } | null;
  /** True when the request counted against the bot's global rate limit (bot-token requests). */
  countsGlobally: boolean;
  /** When the request was counted (Discord's limits decided): its body fully read, as Discord counts it; before that, when it arrived. */
  at: number;
}

/** The initial response a bot gave to an interaction through `/interactions/:id/:token/callback`. */
export interface InteractionCallback {
  type: InteractionResponseType;
  /** The callback's `data` as sent (message fields, modal definition, ...). */
  data: Record<string, unknown>;
  ephemeral: boolean;
  at: number;
}

/** A modal the bot opened (callback type 9). */
export interface ShownModal {
  customId: string;
  title: string;
  components: unknown[];
}

/** What the invoking user saw as a result of one interaction. */
export interface InteractionView {
  callback: InteractionCallback | null;
  /**
   * The `@original` message: the reply for callback types 4/5, or the message the
   * component sits on for types 6/7. Live object: it reflects later edits.
   */
  original: StoredMessage | null;
  followUps: StoredMessage[];
  modal: ShownModal | null;
}
