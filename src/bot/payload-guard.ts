/**
 * Interactions of a shape Discord does not document. discord.js builds an interaction object
 * from each INTERACTION_CREATE payload before any handler of ours runs, and its constructors
 * throw on some shapes (a form whose `components` is not a list, a click with no `data`, no
 * member and no user); others it drops in silence (an unknown type). Either way the interaction
 * never reaches the router: here it is logged once (never its payload: a click on a private
 * panel carries that panel, tiles and all) and, when it has an id and a token, answered with a
 * private refusal, so the player is not left with "This interaction failed".
 */
import { type Client, DiscordjsErrorCodes, Events, InteractionResponseType, MessageFlags, Routes } from 'discord.js';
import type { Logger } from './logger.js';
import { resolveLocale, say } from '../i18n/index.js';
import { refusals } from './refusals.js';

interface InteractionCreateAction {
  handle(data: unknown): void;
}

const SNOWFLAKE = /^\d{1,20}$/;
/** Discord's interaction tokens are a few hundred characters of URL-safe text. */
const TOKEN = /^[\w.-]{1,1000}$/;

/** Wraps discord.js's own INTERACTION_CREATE handling so that no payload escapes as an exception. */
export function guardInteractionPayloads(client: Client, log: Logger): void {
  const action = (client as unknown as { actions: { InteractionCreate: InteractionCreateAction } }).actions.InteractionCreate;
  const handle = action.handle.bind(action);
  let emitted = 0;
  client.prependListener(Events.InteractionCreate, () => {
    emitted++;
  });
  action.handle = (data: unknown) => {
    const before = emitted;
    let problem: unknown = null;
    try {
      handle(data);
    } catch (error) {
      problem = error;
    }
    if (emitted !== before) return;
    const { id, token, type, locale } = (typeof data === 'object' && data !== null ? data : {}) as {
      id?: unknown;
      token?: unknown;
      type?: unknown;
      locale?: unknown;
    };
    const reason = problem instanceof Error ? problem.message : 'a kind of interaction this bot does not handle';
    log.warn(
      { interactionId: typeof id === 'string' ? id.slice(0, 20) : null, type: typeof type === 'number' ? type : null, reason },
      'interaction of an unknown shape dropped',
    );
    if (typeof id !== 'string' || typeof token !== 'string' || !SNOWFLAKE.test(id) || !TOKEN.test(token)) return;
    const body = {
      type: InteractionResponseType.ChannelMessageWithSource,
      data: { content: say(resolveLocale(typeof locale === 'string' ? locale : null), refusals.unknownInteraction), flags: MessageFlags.Ephemeral },
    };
    client.rest
      .post(Routes.interactionCallback(id, token), { body, auth: false })
      .catch((error: unknown) => log.debug({ err: error, interactionId: id }, 'could not answer an interaction of an unknown shape'));
  };
}

/**
 * Errors discord.js raises while a handler reads a command's options or a form's fields of a
 * shape the command or form never had (a number where a word belongs, a field missing): the
 * player's input, not a fault of ours.
 */
const INPUT_ERRORS: ReadonlySet<string> = new Set([
  DiscordjsErrorCodes.CommandInteractionOptionNotFound,
  DiscordjsErrorCodes.CommandInteractionOptionType,
  DiscordjsErrorCodes.CommandInteractionOptionEmpty,
  DiscordjsErrorCodes.CommandInteractionOptionNoSubcommand,
  DiscordjsErrorCodes.CommandInteractionOptionNoSubcommandGroup,
  DiscordjsErrorCodes.ModalSubmitInteractionFieldNotFound,
  DiscordjsErrorCodes.ModalSubmitInteractionFieldType,
  DiscordjsErrorCodes.ModalSubmitInteractionFieldEmpty,
]);

export function isMalformedInput(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && INPUT_ERRORS.has(code);
}
