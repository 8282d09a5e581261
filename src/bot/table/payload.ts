/**
 * A message as the table sends it: the body exactly as Discord's API takes it, and the files to
 * upload. The table talks to Discord's REST API directly (src/bot/table/transport.ts) so that
 * its posts queue apart from the answers to interactions.
 */
import {
  ComponentType,
  MessageFlags,
  type APIActionRowComponent,
  type APIComponentInContainer,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APIMessageTopLevelComponent,
  type ButtonBuilder,
} from 'discord.js';
import { rows } from '../layout.js';

export interface RawFile {
  name: string;
  data: Buffer;
}

export interface OutgoingBody {
  content?: string;
  embeds?: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  flags?: number;
  /** Who the message may ping; everyone else mentioned in it is shown but not notified. */
  allowed_mentions: { parse: []; users: string[] };
  /** With files: the message's attachments after the request (the uploads, by index). */
  attachments?: { id: number; filename: string }[];
}

export interface Outgoing {
  body: OutgoingBody;
  files: RawFile[];
}

/** A Components V2 message: everything it shows is in `components`. */
export function componentsV2(components: APIMessageTopLevelComponent[], options: { ping?: string | null; files?: RawFile[] } = {}): Outgoing {
  const files = options.files ?? [];
  const body: OutgoingBody = {
    components,
    flags: MessageFlags.IsComponentsV2,
    allowed_mentions: { parse: [], users: options.ping ? [options.ping] : [] },
  };
  if (files.length > 0) body.attachments = files.map((file, id) => ({ id, filename: file.name }));
  return { body, files };
}

export function textDisplay(content: string): APIComponentInContainer {
  return { type: ComponentType.TextDisplay, content };
}

/** Button rows (five to a row, duplicate ids made distinct) as API JSON. */
export function buttonRows(...groups: (readonly ButtonBuilder[])[]): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  return rows(...groups).map((row) => row.toJSON());
}

/** Every component of a message tree, depth first (containers and rows nest through `components`). */
export function* allComponents(components: readonly unknown[]): Generator<{ type: number; content?: string; components?: unknown[] }> {
  for (const raw of components) {
    const node = raw as { type: number; content?: string; components?: unknown[]; accessory?: unknown };
    yield node;
    if (Array.isArray(node.components)) yield* allComponents(node.components);
    if (node.accessory) yield* allComponents([node.accessory]);
  }
}

/** The same components without their buttons (action rows removed), e.g. for a turn that is over. */
export function withoutButtons(components: readonly APIMessageTopLevelComponent[]): APIMessageTopLevelComponent[] {
  const strip = (list: readonly unknown[]): unknown[] =>
    list
      .filter((node) => (node as { type: number }).type !== ComponentType.ActionRow)
      .map((node) => {
        const typed = node as { type: number; components?: unknown[] };
        return typed.type === ComponentType.Container && typed.components ? { ...typed, components: strip(typed.components) } : node;
      });
  return strip(components) as APIMessageTopLevelComponent[];
}

/** Components V2 limits, checked by Discord (and by the project's Discord double). */
export const V2_LIMITS = { components: 40, text: 4000 } as const;

export function v2Size(components: readonly unknown[]): { components: number; text: number } {
  let count = 0;
  let text = 0;
  for (const node of allComponents(components)) {
    count++;
    if (node.type === ComponentType.TextDisplay) text += node.content?.length ?? 0;
  }
  return { components: count, text };
}
