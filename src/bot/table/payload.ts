/**
 * A message as the table sends it: the body exactly as Discord's API takes it, and the files to
 * upload. The table talks to Discord's REST API directly (src/bot/table/transport.ts) so that
 * its posts queue apart from the answers to interactions.
 */
import {
  ComponentType,
  ContainerBuilder,
  MediaGalleryItemBuilder,
  MessageFlags,
  type APIEmbed,
  type APIMessageTopLevelComponent,
  type JSONEncodable,
} from 'discord.js';
import { NEUTRAL_COLOUR } from '../layout.js';

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

/** A Components V2 message: everything it shows is in `components` (discord.js's builders, made API JSON here). */
export function componentsV2(
  components: readonly JSONEncodable<APIMessageTopLevelComponent>[],
  options: { ping?: string | null; files?: RawFile[] } = {},
): Outgoing {
  const files = options.files ?? [];
  const body: OutgoingBody = {
    components: components.map((component) => component.toJSON()),
    flags: MessageFlags.IsComponentsV2,
    allowed_mentions: { parse: [], users: options.ping ? [options.ping] : [] },
  };
  if (files.length > 0) body.attachments = files.map((file, id) => ({ id, filename: file.name }));
  return { body, files };
}

/**
 * The container a table message shows everything in, in the bot's colour. The colour is given
 * as API data rather than through `setAccentColor`, whose check of a constant costs about ten
 * times the rest of the container (measured: 11 µs against 1.4 µs).
 */
export function tableContainer(): ContainerBuilder {
  return new ContainerBuilder({ accent_color: NEUTRAL_COLOUR });
}

/** A media gallery's picture: the message's upload named `file`, with its alt text. */
export function attachedPicture(file: string, description: string): MediaGalleryItemBuilder {
  return new MediaGalleryItemBuilder().setURL(`attachment://${file}`).setDescription(description);
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

/**
 * The same components without their buttons (action rows removed, at the top and in containers),
 * e.g. for a turn that is over. They are a message as Discord returned it, taken apart and sent
 * back as they are: rebuilding them with discord.js's builders would validate what Discord sent.
 */
export function withoutButtons(components: readonly APIMessageTopLevelComponent[]): APIMessageTopLevelComponent[] {
  return components
    .filter((component) => component.type !== ComponentType.ActionRow)
    .map((component) =>
      component.type === ComponentType.Container
        ? { ...component, components: component.components.filter((inner) => inner.type !== ComponentType.ActionRow) }
        : component,
    );
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
