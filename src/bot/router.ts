/**
 * The one entry point for every interaction. A command goes to the handler `main` registered
 * for it. A button or form is parsed first (its id decoded with its kind's codec, its game
 * loaded, and checked: same server and channel as the game, on the game's current message or a
 * private panel as the kind says, the engine's own checks of staleness and of who may act), and
 * refused with one ephemeral sentence when anything is off; only then does its feature run.
 * Unexpected errors are logged with a reference the player is shown, and the bot carries on.
 */
import { randomUUID } from 'node:crypto';
import { DiscordAPIError, type ChatInputCommandInteraction, type Interaction } from 'discord.js';
import { mayAct, staleness } from '../engine/index.js';
import type { Text } from '../i18n/index.js';
import { getGame, isDatabaseUnavailable, playChannelOf, type ActiveGame, type FinishedGame, type LobbyGame, type StoredGame } from '../store/index.js';
import { decodeEnvelope } from './components.js';
import type { BotContext } from './context.js';
import type { AnyFeature, Click, ComponentInteraction, Needs } from './features/feature.js';
import { FEATURES } from './features/index.js';
import { displayName } from './features/lobby.js';
import { isMalformedInput } from './payload-guard.js';
import { holdersAheadSentence, refusals, rejectionSentence } from './refusals.js';
import { answerInTime, fromPrivatePanel, noteLocale, refuse } from './replies.js';
import { isNewerMessage } from './table/memory.js';

export type CommandHandler = (ctx: BotContext, interaction: ChatInputCommandInteraction) => Promise<void>;

export async function routeInteraction(ctx: BotContext, interaction: Interaction, commands: ReadonlyMap<string, CommandHandler>): Promise<void> {
  noteLocale(interaction);
  try {
    if (interaction.isChatInputCommand()) {
      const handler = commands.get(interaction.commandName);
      if (handler) await handler(ctx, interaction);
      else await refuse(interaction, refusals.unknownCommand);
    } else if (interaction.isButton() || interaction.isModalSubmit()) {
      await routeComponent(ctx, interaction);
    } else if (interaction.isRepliable()) {
      await refuse(interaction, refusals.unknownInteraction);
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      ctx.log.warn({ err: error, interactionId: interaction.id, channelId: interaction.channelId }, 'database unavailable');
      if (interaction.isRepliable()) await refuse(interaction, refusals.unavailable).catch(() => undefined);
      return;
    }
    if (isMalformedInput(error)) {
      // Options or fields of a shape the command or form never had: the sender's, not ours.
      ctx.log.info({ interactionId: interaction.id, code: (error as { code: string }).code }, 'interaction with malformed input refused');
      if (interaction.isRepliable()) await refuse(interaction, interaction.isModalSubmit() ? refusals.formNotOurs : refusals.badInput).catch(() => undefined);
      return;
    }
    if (error instanceof DiscordAPIError && error.code === 40060) {
      // Two processes received the same interaction (an overlapping restart): the other answered.
      ctx.log.info({ interactionId: interaction.id }, 'interaction answered by another process');
      return;
    }
    if (error instanceof DiscordAPIError && error.code === 10062) {
      ctx.log.warn({ interactionId: interaction.id }, 'interaction expired before it was answered');
      return;
    }
    const reference = randomUUID().slice(0, 8);
    ctx.log.error(
      { err: error, reference, interactionId: interaction.id, channelId: interaction.channelId, guildId: interaction.guildId },
      'interaction failed',
    );
    if (interaction.isRepliable()) await refuse(interaction, refusals.unexpected(reference)).catch(() => undefined);
  }
}

type Parsed = { ok: true; feature: AnyFeature; click: Click<unknown, Needs> } | { ok: false; message: Text };

async function routeComponent(ctx: BotContext, interaction: ComponentInteraction): Promise<void> {
  const entry = featureOf(interaction);
  if (entry?.move && interaction.isButton() && fromPrivatePanel(interaction)) await interaction.deferUpdate();
  // A click whose answer needs the game read: acknowledged should the read (or the answer) be slow.
  const inTime = entry?.slowAnswer && interaction.isButton() ? answerInTime(interaction, entry.slowAnswer, ctx.slowAnswerAfterMs) : null;
  try {
    const parsed = await parseComponent(ctx, interaction);
    if (!parsed.ok) return await refuse(interaction, parsed.message);
    await parsed.feature.run(ctx, interaction, parsed.click);
  } finally {
    inTime?.();
  }
}

/** The feature a component's custom id names, if it names one. */
function featureOf(interaction: ComponentInteraction): AnyFeature | undefined {
  const envelope = decodeEnvelope(interaction.customId);
  return envelope ? FEATURES.get(envelope.kind) : undefined;
}

/** Everything a click must pass before its feature runs, in the order a player would ask. */
export async function parseComponent(ctx: BotContext, interaction: ComponentInteraction): Promise<Parsed> {
  const notOurs = interaction.isModalSubmit() ? refusals.formNotOurs : refusals.notOurs;
  const envelope = decodeEnvelope(interaction.customId);
  const entry = featureOf(interaction);
  if (!envelope || !entry || Boolean(entry.form) !== interaction.isModalSubmit()) return { ok: false, message: notOurs };
  const arg = entry.kind.decodeArg(envelope.argText);
  if (arg === null) return { ok: false, message: notOurs };

  const game = await getGame(ctx.db, envelope.gameId);
  if (!game) return { ok: false, message: refusals.noSuchGame };
  // A click acts only on the game of the channel (or thread) it was made in, and so with the
  // permissions of that game's server: an id naming another game is refused, however it was made.
  if (interaction.guildId !== game.guildId || (!entry.anyChannel && !playedIn(game, interaction.channelId))) return { ok: false, message: refusals.elsewhere };
  const user = { id: interaction.user.id, name: displayName(interaction) };
  const seat = game.seats.findIndex((candidate) => candidate.userId === user.id);
  const problem = unmetNeeds(entry, game, user.id, seat, envelope.stateId) ?? wrongPlace(interaction, entry, game);
  if (problem) return { ok: false, message: problem };
  return {
    ok: true,
    feature: entry,
    click: { arg, stateId: envelope.stateId, game: game as LobbyGame | ActiveGame | FinishedGame, user, seat } as Click<unknown, Needs>,
  };
}

/**
 * Where a game's buttons may be clicked: its lobby's channel while it forms, then its thread
 * (or the channel itself, where it plays without one). A confirmation asked before the game
 * moved to its thread (say, to cancel it) still works in the channel.
 */
function playedIn(game: StoredGame, channelId: string | null): boolean {
  return channelId === playChannelOf(game) || channelId === game.channelId;
}

/** Public buttons must be on the game's current message; panel buttons on a private answer. */
function wrongPlace(interaction: ComponentInteraction, entry: AnyFeature, game: StoredGame): Text | null {
  if (entry.on === 'any' || entry.form) return null;
  const privately = fromPrivatePanel(interaction);
  if (entry.on === 'panel') return privately ? null : refusals.usePanel;
  if (privately) return refusals.notPanel;
  if (!interaction.isButton()) return refusals.notThisMessage;
  const message = interaction.message;
  if (message.id === game.publicMessageId) return null;
  // A table message posted a moment ago, whose id is not written yet: newer than the one on
  // record, and offering a state that message did not show.
  if (game.publicMessageId && isNewerMessage(message.id, game.publicMessageId) && (game.publicStateId ?? -1) < stateIdOf(interaction)) return null;
  // A lobby whose message id is not written yet (a click in the moment after the host's reply):
  // the message must then be that reply to the host's /acquire start.
  const fresh = game.status === 'lobby' && game.publicMessageId === null && message.interactionMetadata?.user.id === game.createdBy;
  return fresh ? null : refusals.notThisMessage;
}

function stateIdOf(interaction: ComponentInteraction): number {
  return decodeEnvelope(interaction.customId)?.stateId ?? -1;
}

function unmetNeeds(entry: AnyFeature, game: StoredGame, userId: string, seat: number, stateId: number): Text | null {
  const needs = entry.needs;
  if (needs === 'lobby') return game.status === 'lobby' ? null : refusals.notLobby;
  if (needs === 'live') return game.status === 'lobby' || game.status === 'active' ? null : refusals.alreadyEnded;
  if (needs === 'ended') return game.status === 'finished' ? null : refusals.notFinished;
  if (game.status === 'lobby') return refusals.notStarted;
  if (game.status !== 'active') return refusals.over;
  if (seat < 0) return refusals.notSeated;
  const rejection = staleness(game.state, stateId) ?? (needs === 'decider' ? mayAct(game.state, userId, entry.acts) : null);
  if (!rejection) return null;
  return (rejection.code === 'action/not_your_decision' && holdersAheadSentence(game.state, seat)) || rejectionSentence(rejection, game.state);
}
