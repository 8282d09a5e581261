/**
 * Shapes shared by every message the bot builds: a payload, a private panel, and button rows
 * (five to a row, duplicate ids made distinct, as Discord requires).
 */
import { ActionRowBuilder, type APIEmbed, type AttachmentBuilder, type ButtonBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import { distinctComponentId } from './components.js';

export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export interface MessagePayload {
  content?: string;
  embeds: APIEmbed[];
  components: Row[];
  files?: AttachmentBuilder[];
  allowedMentions?: { users: string[] };
}

/** A private panel: text and buttons shown only to the player it belongs to. */
export interface Panel {
  content: string;
  components: Row[];
}

export const NEUTRAL_COLOUR = 0x2b6cb0;

/**
 * One message's buttons: each group starts a new row, five to a row as Discord allows. Two
 * buttons meaning the same thing (say "Keep all" and "Sell −1" from one share sold) get
 * distinct custom ids, which Discord requires.
 */
export function rows(...groups: (readonly ButtonBuilder[])[]): Row[] {
  const seen = new Map<string, number>();
  for (const built of groups.flat()) {
    const customId = (built.data as { custom_id?: string }).custom_id;
    if (!customId) continue;
    const duplicates = seen.get(customId) ?? 0;
    if (duplicates > 0) built.setCustomId(distinctComponentId(customId, duplicates));
    seen.set(customId, duplicates + 1);
  }
  const result: Row[] = [];
  for (const buttons of groups) {
    for (let start = 0; start < buttons.length; start += 5)
      result.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons.slice(start, start + 5)));
  }
  return result;
}
