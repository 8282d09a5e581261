import {
  type ButtonInteraction,
  type InteractionReplyOptions,
  type InteractionUpdateOptions,
  type MessageComponentInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
  type RepliableInteraction,
} from 'discord.js';
import { LRUCache } from 'lru-cache';
import { type Locale, resolveLocale, say, type Text } from '../i18n/index.js';

/** An ephemeral answer that changes nothing, whatever state the interaction is in, in the clicker's language. */
export async function refuse(interaction: RepliableInteraction, text: Text): Promise<void> {
  const content = say(readerLocale(interaction), text);
  if (interaction.deferred || interaction.replied) await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}

/** The language of a private answer: the one of the clicker's Discord (English when the bot lacks it). */
export function readerLocale(interaction: Pick<RepliableInteraction, 'locale'>): Locale {
  return resolveLocale(interaction.locale);
}

/** The Discord locale each user was last seen with in this process, for their direct messages. */
const seenLocales = new LRUCache<string, string>({ max: 50_000 });

/** Remembers the locale a user's interaction came with (the router calls it for every one). */
export function noteLocale(interaction: { user: { id: string }; locale: string }): void {
  if (seenLocales.get(interaction.user.id) !== interaction.locale) seenLocales.set(interaction.user.id, interaction.locale);
}

/** The Discord locale `userId` was last seen with in this process, if any. */
export function lastSeenLocale(userId: string): string | null {
  return seenLocales.get(userId) ?? null;
}

/**
 * Whether a click came from a private panel (an ephemeral message), the only place where a
 * click may rewrite the message it is on. A public message is never rewritten by a click on it,
 * so a forged custom id cannot turn the table's message into someone's panel.
 */
export function fromPrivatePanel(interaction: MessageComponentInteraction | ModalSubmitInteraction): boolean {
  const message = interaction.isModalSubmit() ? (interaction.isFromMessage() ? interaction.message : null) : interaction.message;
  return message?.flags.has(MessageFlags.Ephemeral) ?? false;
}

/**
 * How long a click's answer may take before the click is acknowledged: a database read and a
 * panel take a few ms on a quiet machine, and one that waits longer (the embedded database or
 * the machine busy) would otherwise hold the first answer, which Discord needs within 3 s.
 */
export const SLOW_ANSWER_AFTER_MS = 25;

/**
 * Answers a click in time whatever its feature does: unless the feature has answered (or begun
 * to) within `afterMs`, the click is acknowledged (`reply`: a deferred private answer; `update`:
 * the panel it sits on kept), and the feature's answer, when it comes, is written over it (its
 * `reply` or `update` becomes an edit of that answer, or a private follow-up beside the panel;
 * its own deferral does nothing). The feature is written as if it always answered at once.
 * Returns a function that stops the clock, once the feature is done.
 */
export function answerInTime(interaction: ButtonInteraction, how: 'reply' | 'update', afterMs: number): () => void {
  const { reply, update, deferReply, deferUpdate } = interaction;
  let begun = false;
  let acknowledged: Promise<unknown> | null = null;
  const timer = setTimeout(() => {
    if (begun || interaction.deferred || interaction.replied) return;
    acknowledged = how === 'reply' ? deferReply.call(interaction, { flags: MessageFlags.Ephemeral }) : deferUpdate.call(interaction);
    // Awaited by the feature's answer; a failure (the interaction expired) is reported there.
    acknowledged.catch(() => undefined);
  }, afterMs);
  /** The feature's own answer at once, or `late` after the acknowledgement. */
  const answer = <T>(onTime: () => Promise<T>, late: () => Promise<unknown>): Promise<T> => {
    begun = true;
    const sent = acknowledged;
    return sent ? (sent.then(late) as Promise<T>) : onTime();
  };
  Object.assign(interaction, {
    reply: (options: InteractionReplyOptions) =>
      answer(
        () => reply.call(interaction, options as never),
        () => (how === 'reply' ? interaction.editReply(withoutFlags(options)) : interaction.followUp(options)),
      ),
    update: (options: InteractionUpdateOptions) =>
      answer(
        () => update.call(interaction, options as never),
        () => interaction.editReply(withoutFlags(options)),
      ),
    deferReply: (options: Parameters<typeof deferReply>[0]) =>
      answer(
        () => deferReply.call(interaction, options as never),
        async () => undefined,
      ),
    deferUpdate: (options: Parameters<typeof deferUpdate>[0]) =>
      answer(
        () => deferUpdate.call(interaction, options as never),
        async () => undefined,
      ),
  });
  return () => clearTimeout(timer);
}

/** An answer's options as an edit takes them: whether it is private was settled by the acknowledgement. */
function withoutFlags<Options extends { flags?: unknown }>(options: Options): Omit<Options, 'flags'> {
  const { flags: _settled, ...rest } = options;
  return rest;
}
