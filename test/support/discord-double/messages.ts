import { ComponentType, EmbedType, MessageFlags, type APIEmbed, type APIMessageTopLevelComponent } from 'discord.js';
import { walkComponents } from './components.js';
import { apiErrors } from './errors.js';
import { newId } from './state.js';
import type { StoredAttachment, StoredMessage, UploadedFile } from './types.js';

/** Flags a bot may set itself when sending or editing; ephemeral is decided by the route. */
const SETTABLE_FLAGS = MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2;

type MessageBody = Record<string, unknown>;

/**
 * Applies a create/edit body to a message the way Discord does: fields that are present
 * replace the old value, absent fields stay. Validation runs on a copy, so a rejected
 * request leaves the stored message untouched.
 */
export function applyMessageBody(message: StoredMessage, rawBody: unknown, files: UploadedFile[]): void {
  const body = (rawBody ?? {}) as MessageBody;
  const next: StoredMessage = { ...message };
  if ('content' in body) next.content = typeof body.content === 'string' ? body.content : '';
  // Discord fills in the embed type; discord.js builders leave it out.
  if ('embeds' in body) next.embeds = ((body.embeds as APIEmbed[] | null) ?? []).map((e) => ({ type: EmbedType.Rich, ...e }));
  if ('components' in body) next.components = (body.components as APIMessageTopLevelComponent[] | null) ?? [];
  if ('flags' in body) {
    next.flags = (Number(body.flags ?? 0) & SETTABLE_FLAGS) | (message.flags & ~SETTABLE_FLAGS);
  }
  next.attachments = resolveAttachments(message.attachments, body.attachments, files);
  validateMessage(next);
  next.uploads = message.uploads + files.length;
  Object.assign(message, next);
}

const USER_MENTION = /<@!?(\d{17,20})>/g;

/** Every text a user reads in a message: its content and, in Components V2, its text displays. */
function readableText(message: StoredMessage): string {
  const displays = [...walkComponents(message.components)].filter((node) => node.type === ComponentType.TextDisplay).map((node) => String(node.content ?? ''));
  return [message.content, ...displays].join('\n');
}

/**
 * Records who a message notifies when it appears, the way Discord decides it: the users
 * mentioned in its text, narrowed by `allowed_mentions` (no such field: every user mention
 * pings; `parse` with `users`: all; otherwise only the ids in `users`). Ephemeral messages
 * and messages sent with SUPPRESS_NOTIFICATIONS ping no one. Call it only when a message is
 * shown for the first time: Discord never pings on an edit.
 */
export function notePings(message: StoredMessage, rawBody: unknown): void {
  if (message.ephemeral || (message.flags & MessageFlags.SuppressNotifications) !== 0) {
    message.pinged = [];
    return;
  }
  const mentioned = [...new Set([...readableText(message).matchAll(USER_MENTION)].map((match) => match[1] as string))];
  const allowed = ((rawBody ?? {}) as MessageBody).allowed_mentions as { parse?: string[]; users?: string[] } | undefined;
  message.pinged =
    allowed === undefined || allowed === null || allowed.parse?.includes('users') ? mentioned : mentioned.filter((id) => allowed.users?.includes(id) ?? false);
}

/**
 * Works out the attachment list after a request. With an `attachments` array the list is
 * authoritative: entries whose id names an upload (`files[<id>]`) are new files, others
 * must be existing attachments to keep, and anything left out is removed. Without it,
 * uploads are simply appended.
 */
function resolveAttachments(current: StoredAttachment[], requested: unknown, files: UploadedFile[]): StoredAttachment[] {
  const uploads = new Map(files.map((file, index) => [/^files\[(\w+)\]$/.exec(file.field)?.[1] ?? String(index), file]));
  if (!Array.isArray(requested)) return [...current, ...[...uploads.values()].map((file) => toAttachment(file, null))];

  const result: StoredAttachment[] = [];
  for (const [index, entry] of (requested as { id: string | number; description?: string }[]).entries()) {
    const id = String(entry.id);
    const upload = uploads.get(id);
    if (upload) {
      result.push(toAttachment(upload, entry.description ?? null));
      uploads.delete(id);
      continue;
    }
    const kept = current.find((attachment) => attachment.id === id);
    if (!kept) throw apiErrors.invalidFormBody(`attachments[${index}].id`, 'ATTACHMENT_NOT_FOUND', 'Unknown attachment');
    result.push(kept);
  }
  // Uploads the array did not mention are still attached by Discord.
  for (const file of uploads.values()) result.push(toAttachment(file, null));
  return result;
}

function toAttachment(file: UploadedFile, description: string | null): StoredAttachment {
  return { id: newId(), filename: file.filename, contentType: file.contentType, data: file.data, size: file.size, description };
}

/** The limits bots most often trip over, with the error Discord gives for each. */
function validateMessage(message: StoredMessage): void {
  const componentsV2 = (message.flags & MessageFlags.IsComponentsV2) !== 0;
  if (!componentsV2 && !message.content && !message.embeds.length && !message.components.length && !message.attachments.length) {
    throw apiErrors.emptyMessage();
  }
  if (message.content.length > 2000) {
    throw apiErrors.invalidFormBody('content', 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
  }
  if (message.embeds.length > 10) {
    throw apiErrors.invalidFormBody('embeds', 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
  }
  for (const [index, embed] of message.embeds.entries()) {
    if ((embed.title?.length ?? 0) > 256) {
      throw apiErrors.invalidFormBody(`embeds[${index}].title`, 'BASE_TYPE_MAX_LENGTH', 'Must be 256 or fewer in length.');
    }
    if ((embed.description?.length ?? 0) > 4096) {
      throw apiErrors.invalidFormBody(`embeds[${index}].description`, 'BASE_TYPE_MAX_LENGTH', 'Must be 4096 or fewer in length.');
    }
    if ((embed.fields?.length ?? 0) > 25) {
      throw apiErrors.invalidFormBody(`embeds[${index}].fields`, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    }
  }
  if (componentsV2 && (message.content || message.embeds.length)) {
    throw apiErrors.invalidFormBody(
      'content',
      'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
      'The content and embeds fields cannot be used when using components v2.',
    );
  }
  validateComponents(message.components, componentsV2);
}

/** Components V2 messages: at most 40 components in all, nested ones included. */
const MAX_V2_COMPONENTS = 40;
/** Components V2 messages: at most 4,000 characters across all their text displays. */
const MAX_V2_TEXT = 4_000;

function validateComponents(components: readonly APIMessageTopLevelComponent[], componentsV2: boolean): void {
  if (!componentsV2) {
    if (components.length > 5) {
      throw apiErrors.invalidFormBody('components', 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
    }
    for (const [index, row] of components.entries()) {
      if (row.type !== ComponentType.ActionRow) {
        throw apiErrors.invalidFormBody(
          `components[${index}]`,
          'UNION_TYPE_CHOICES',
          'Top-level components must be action rows without the IS_COMPONENTS_V2 flag.',
        );
      }
    }
  }
  for (const node of walkComponents(components)) {
    if (node.type !== ComponentType.ActionRow) continue;
    const children = (node.components ?? []) as { type: number }[];
    const hasSelect = children.some((child) => child.type !== ComponentType.Button);
    if (children.length > 5 || (hasSelect && children.length > 1)) {
      throw apiErrors.invalidFormBody('components', 'BASE_TYPE_MAX_LENGTH', 'An action row holds up to 5 buttons or a single select menu.');
    }
  }
  if (componentsV2) {
    const all = [...walkComponents(components)];
    if (all.length > MAX_V2_COMPONENTS) {
      throw apiErrors.invalidFormBody(
        'components',
        'BASE_TYPE_MAX_LENGTH',
        `A message holds at most ${MAX_V2_COMPONENTS} components (this one has ${all.length}).`,
      );
    }
    const text = all.filter((node) => node.type === ComponentType.TextDisplay).reduce((sum, node) => sum + String(node.content ?? '').length, 0);
    if (text > MAX_V2_TEXT) {
      throw apiErrors.invalidFormBody(
        'components',
        'BASE_TYPE_MAX_LENGTH',
        `Text displays hold at most ${MAX_V2_TEXT} characters in all (this message has ${text}).`,
      );
    }
  }
  validateLabels(components);
  const seen = new Set<string>();
  for (const node of walkComponents(components)) {
    if (node.custom_id === undefined) continue;
    if (node.custom_id.length > 100) {
      throw apiErrors.invalidFormBody('components', 'BASE_TYPE_MAX_LENGTH', `custom_id "${node.custom_id}" is longer than 100 characters.`);
    }
    if (seen.has(node.custom_id)) {
      throw apiErrors.invalidFormBody('components', 'COMPONENT_CUSTOM_ID_DUPLICATED', `Component custom id cannot be duplicated: "${node.custom_id}".`);
    }
    seen.add(node.custom_id);
  }
}

/**
 * The lengths Discord allows the words on components: a button's label 80, a select menu's
 * placeholder 150 and each option's label and description 100, a text input's label 45 and its
 * placeholder 100 (a modal's own title, 45, is checked where the modal is shown).
 */
export function validateLabels(components: readonly unknown[]): void {
  const tooLong = (what: string, text: unknown, limit: number) => {
    if (typeof text === 'string' && text.length > limit)
      throw apiErrors.invalidFormBody('components', 'BASE_TYPE_MAX_LENGTH', `${what} "${text}" is longer than ${limit} characters (${text.length}).`);
  };
  for (const node of walkComponents(components)) {
    const fields = node as unknown as {
      label?: unknown;
      placeholder?: unknown;
      options?: { label?: unknown; description?: unknown }[];
    };
    if (node.type === ComponentType.Button) tooLong('A button label', fields.label, 80);
    if (node.type === ComponentType.TextInput) {
      tooLong('A text input label', fields.label, 45);
      tooLong('A text input placeholder', fields.placeholder, 100);
    }
    if (node.type === ComponentType.StringSelect) {
      tooLong('A select menu placeholder', fields.placeholder, 150);
      for (const option of fields.options ?? []) {
        tooLong('A select option label', option.label, 100);
        tooLong('A select option description', option.description, 100);
      }
    }
  }
}

/** A message with nothing in it yet; routes fill it through `applyMessageBody`. */
export function blankMessage(init: Pick<StoredMessage, 'channelId' | 'guildId' | 'author'> & Partial<StoredMessage>): StoredMessage {
  return {
    id: newId(),
    type: 0,
    content: '',
    embeds: [],
    components: [],
    attachments: [],
    flags: 0,
    ephemeral: false,
    visibleTo: null,
    interactionId: null,
    webhookId: null,
    createdAt: Date.now(),
    editedAt: null,
    deleted: false,
    pinged: [],
    uploads: 0,
    ...init,
  };
}
