/**
 * The `/acquire` subcommands. Thin: each reads the store, asks the engine, answers. `main`
 * hands `COMMAND_HANDLERS` to the bot, which never imports this layer.
 */
import { AttachmentBuilder, EmbedBuilder, MessageFlags, TimestampStyles, channelMention, time, type ChatInputCommandInteraction } from 'discord.js';
import { currentDecision, optionsProblem, resolveOptions, viewFor } from '../src/engine/index.js';
import { renderPriceChart } from '../src/render/index.js';
import {
  cancelGame,
  createLobby,
  findLiveGame,
  getActionLog,
  ladder,
  lastFinishedGame,
  liveGamesIn,
  profile,
  recentFinished,
  setNotify,
  setPublicMessage,
  setupOf,
  shownRating,
  type ActiveGame,
  type LobbyGame,
  type RatingRow,
} from '../src/store/index.js';
import { exportRecord } from '../src/replay/record.js';
import { openReplayButton } from '../src/bot/features/replays.js';
import { rows } from '../src/bot/layout.js';
import type { BotContext } from '../src/bot/context.js';
import { askToCancel, displayName, lobbyMessage } from '../src/bot/features/lobby.js';
import { handPanel } from '../src/bot/features/placement.js';
import { messageUrl, refusals } from '../src/bot/refusals.js';
import { readerLocale, refuse } from '../src/bot/replies.js';
import type { CommandHandler } from '../src/bot/router.js';
import { rulesSummary } from '../src/bot/rules-summary.js';
import { finalMessage } from '../src/bot/table/final-message.js';
import type { Outgoing } from '../src/bot/table/payload.js';
import { turnMessage } from '../src/bot/table/turn-message.js';
import { mention, money } from '../src/bot/text.js';
import { resolveLocale, t, type Locale, type Text } from '../src/i18n/index.js';
import { engineOptions, readStartOptions } from './options.js';

async function acquire(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  if (!interaction.inGuild() || !interaction.channelId) return refuse(interaction, refusals.guildOnly);
  const subcommand = interaction.options.getSubcommand();
  switch (subcommand) {
    case 'start':
      return start(ctx, interaction);
    case 'rules':
      await interaction.reply({
        content: rulesSummary(readerLocale(interaction)),
        flags: MessageFlags.Ephemeral,
      });
      return;
    case 'stats':
      return stats(ctx, interaction);
    case 'profile':
      return profileOf(ctx, interaction);
    case 'history':
      return history(ctx, interaction);
    case 'export':
      return exportGame(ctx, interaction);
    case 'chart':
      return chart(ctx, interaction);
    case 'notify':
      return notify(ctx, interaction);
    default:
      return withLiveGame(ctx, interaction, subcommand);
  }
}

async function start(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const read = readStartOptions(interaction);
  if (!read.ok) return refuse(interaction, refusals.badOption(read.option, read.value));
  const options = engineOptions(read.values);
  // The engine says whether these options make a game, so a lobby never opens with options it would refuse.
  // The one combination the engine refuses: the two-player bank stockholder with tycoon bonuses.
  if (optionsProblem(options)) return refuse(interaction, { key: 'refusals.badOptions' });
  // A game's thread is that game's: new games start in the channel.
  const threadGame = (await liveGamesIn(ctx.db, interaction.channelId)).find((game) => game.threadId === interaction.channelId);
  if (threadGame) return refuse(interaction, refusals.channelBusy(threadGame.publicMessageId ? messageUrl(threadGame, threadGame.publicMessageId) : null));
  const result = await createLobby(ctx.db, {
    guildId: interaction.guildId!,
    channelId: interaction.channelId,
    host: { id: interaction.user.id, name: displayName(interaction) },
    options,
    // The game's public language: the one chosen, else the server's when the bot speaks it, else English.
    language: read.values.language ?? resolveLocale(interaction.guildLocale),
    turnLimitSeconds: read.values.turn_limit ?? 0,
    hints: read.values.hints ?? false,
  });
  if (!result.ok) {
    const { existing } = result;
    return refuse(interaction, refusals.channelBusy(existing.publicMessageId ? messageUrl(existing, existing.publicMessageId) : null));
  }
  let reply;
  try {
    reply = await interaction.reply({ ...lobbyMessage(result.game), withResponse: true });
  } catch (error) {
    // Not posted (another process answered this interaction, or Discord refused): a lobby no one
    // can see must not block the channel.
    await cancelGame(ctx.db, result.game.id);
    throw error;
  }
  const messageId = reply.resource?.message?.id;
  if (messageId) await setPublicMessage(ctx.db, result.game.id, messageId);
  ctx.log.info({ gameId: result.game.id, channelId: interaction.channelId, interactionId: interaction.id }, 'lobby opened');
}

/**
 * The game a command acts on: in a game's thread, that game; in a channel, the caller's game
 * there (the one they sit in), or the only one; with several and none of the caller's, the bot
 * asks which by pointing at their threads.
 */
type Resolved = { game: LobbyGame | ActiveGame } | { game: null; refusal: Text | null };

async function gameHere(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<Resolved> {
  const games = await liveGamesIn(ctx.db, interaction.channelId);
  const inThread = games.find((game) => game.threadId === interaction.channelId);
  if (inThread) return { game: inThread };
  const mine = games.filter((game) => game.seats.some((seat) => seat.userId === interaction.user.id));
  if (mine.length === 1) return { game: mine[0]! };
  if (games.length === 1) return { game: games[0]! };
  if (games.length === 0) return { game: null, refusal: null };
  const places = (mine.length > 1 ? mine : games).map((game) =>
    game.threadId
      ? channelMention(game.threadId)
      : game.publicMessageId
        ? messageUrl(game, game.publicMessageId)
        : t(readerLocale(interaction), 'commands.theLobby'),
  );
  return { game: null, refusal: refusals.whichGame(places) };
}

async function withLiveGame(ctx: BotContext, interaction: ChatInputCommandInteraction, subcommand: string): Promise<void> {
  const found = await gameHere(ctx, interaction);
  if (!found.game) {
    if (found.refusal) return refuse(interaction, found.refusal);
    if (subcommand === 'status') return finalStatus(ctx, interaction);
    return refuse(interaction, refusals.noGameHere);
  }
  const game = found.game;
  if (subcommand === 'cancel') return askToCancel(interaction, game);
  if (game.status === 'lobby') return refuse(interaction, refusals.notStartedHere(game.seats.length));
  const locale = readerLocale(interaction);
  switch (subcommand) {
    case 'hand':
      await interaction.reply({
        ...handPanel(game, viewFor(game.state, interaction.user.id), currentDecision(game.state), locale),
        flags: MessageFlags.Ephemeral,
      });
      return;
    case 'status': {
      // The table message as it stands, privately and without buttons (the table's are the ones to click), in the asker's language.
      const view = viewFor(game.state, null);
      const turnPlayer = view.players[view.currentPlayer]?.name ?? null;
      const message = turnMessage({
        view,
        decision: currentDecision(game.state),
        lines: [],
        buttons: [],
        picture: await ctx.workers.board(view, { turnOf: turnPlayer, locale }),
        ping: null,
        locale,
      });
      await interaction.reply(privately(message));
      return;
    }
    default:
      return refuse(interaction, refusals.unknownCommand);
  }
}

/** A table message as a private answer (Components V2, no ping). */
function privately(message: Outgoing) {
  return {
    components: message.body.components,
    files: message.files.map((file) => new AttachmentBuilder(file.data, { name: file.name })),
    flags: MessageFlags.Ephemeral | MessageFlags.IsComponentsV2,
    allowedMentions: { users: [] },
  } as const;
}

/** `/acquire status` with no game in progress here: the result of the last game that finished here. */
async function finalStatus(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const game = await lastFinishedGame(ctx.db, interaction.channelId);
  if (!game) return refuse(interaction, refusals.noFinishedGameHere);
  const view = viewFor(game.state, null);
  const locale = readerLocale(interaction);
  const [board, chart] = await Promise.all([ctx.workers.board(view, { locale }), ctx.workers.netWorthChart(view, locale)]);
  await interaction.reply(privately(finalMessage(view, { board, chart }, [], locale)));
}

/** `/acquire notify on|off`: direct-message reminders when a decision of yours waits more than a minute. */
async function notify(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const choice = interaction.options.getString('reminders', true);
  if (choice !== 'on' && choice !== 'off') return refuse(interaction, refusals.badOption('reminders', choice));
  // Their Discord language, kept for the direct messages.
  await setNotify(ctx.db, interaction.user.id, choice === 'on', interaction.locale);
  const content = t(readerLocale(interaction), choice === 'on' ? 'commands.remindersOn' : 'commands.remindersOff');
  await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}

/**
 * The price and bonus chart: of the channel's game, or of the lobby's options before it
 * starts, or the classic chart when the channel has no game (it helps choosing the options).
 */
async function chart(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const game = await findLiveGame(ctx.db, interaction.channelId);
  // Three players: the chart does not depend on the count, and no option set is refused for it.
  const options = game?.state?.options ?? resolveOptions(3, game?.options ?? {});
  const locale = readerLocale(interaction);
  const file = new AttachmentBuilder(renderPriceChart(options, locale), {
    name: 'chart.png',
  });
  const embed = new EmbedBuilder().setTitle(t(locale, 'commands.chartTitle')).setImage('attachment://chart.png');
  const which = `commands.chart.${game ? 'this' : 'none'}.${options.chainSet}.${options.bonusMode}` as const;
  embed.setDescription(t(locale, which));
  await interaction.reply({ embeds: [embed.toJSON()], files: [file], flags: MessageFlags.Ephemeral });
}

async function stats(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const { people, computers } = await ladder(ctx.db, interaction.guildId!);
  if (people.length === 0 && computers.length === 0) {
    await interaction.reply({
      content: t(readerLocale(interaction), 'commands.noGamesYet'),
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  // A public answer: in the server's language (when the bot speaks it).
  const locale = resolveLocale(interaction.guildLocale);
  const line = (row: RatingRow, index: number, who: string) =>
    t(locale, 'commands.ladderLine', {
      place: index + 1,
      who,
      rating: shownRating(row),
      wins: winsText(row.wins, locale),
      count: row.games,
      average: average(row.places / row.games, locale),
      best: money(row.bestCash, locale),
    });
  const lines = people.map((row, index) => line(row, index, mention(row.playerId, locale)));
  if (computers.length > 0) lines.push('', t(locale, 'commands.computerPlayers'), ...computers.map((row, index) => line(row, index, row.displayName)));
  const embed = new EmbedBuilder()
    .setTitle(t(locale, 'commands.ladderTitle'))
    .setDescription(lines.join('\n'))
    .setFooter({ text: t(locale, 'commands.ladderFooter') });
  await interaction.reply({ embeds: [embed.toJSON()], allowedMentions: { users: [] } });
}

function winsText(wins: number, locale: Locale): string {
  // A tied first place counts a fraction: "1.5 wins" takes the plural ("other") form.
  return t(locale, 'commands.wins', {
    count: wins,
    shown: Number.isInteger(wins) ? String(wins) : average(wins, locale),
  });
}

/** One decimal, as `locale` writes it ("2.5", "2,5"). */
function average(value: number, locale: Locale): string {
  return value.toLocaleString(locale === 'en-XA' ? 'en' : locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

async function profileOf(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const user = interaction.options.getUser('user') ?? interaction.user;
  const locale = readerLocale(interaction);
  const { rating, recent } = await profile(ctx.db, interaction.guildId!, user.id);
  if (!rating) {
    await interaction.reply({
      content: t(locale, 'commands.noProfile', {
        who: mention(user.id, locale),
      }),
      flags: MessageFlags.Ephemeral,
      allowedMentions: { users: [] },
    });
    return;
  }
  const games = recent.map((game) =>
    t(locale, 'commands.recentGame', {
      date: time(game.endedAt, TimestampStyles.ShortDate),
      place: game.place,
      players: game.players,
      cash: money(game.cash, locale),
    }),
  );
  const embed = new EmbedBuilder().setTitle(t(locale, 'commands.profileTitle', { name: rating.displayName })).setDescription(
    [
      t(locale, 'commands.rating', {
        rating: shownRating(rating),
        mu: average(rating.mu, locale),
        sigma: average(rating.sigma, locale),
      }),
      t(locale, 'commands.record', {
        wins: winsText(rating.wins, locale),
        count: rating.games,
        average: average(rating.places / rating.games, locale),
        best: money(rating.bestCash, locale),
      }),
      '',
      t(locale, 'commands.recentGames'),
      ...games,
    ].join('\n'),
  );
  await interaction.reply({ embeds: [embed.toJSON()], flags: MessageFlags.Ephemeral, allowedMentions: { users: [] } });
}

/** The server's latest finished games, each with a button opening its replay. */
async function history(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const games = await recentFinished(ctx.db, interaction.guildId!);
  if (games.length === 0) return refuse(interaction, refusals.noFinishedGame);
  const locale = readerLocale(interaction);
  const lines = games.map((game, index) => {
    const players = game.seats
      .slice()
      .sort((a, b) => (a.finalPlace ?? 9) - (b.finalPlace ?? 9))
      .map((seat) => `${mention(seat.userId, locale)} ${money(seat.finalCash ?? 0, locale)}`);
    return t(locale, 'commands.historyLine', {
      number: index + 1,
      date: time(game.updatedAt, TimestampStyles.ShortDate),
      channel: channelMention(game.channelId),
      players: players.join(', '),
    });
  });
  const buttons = games.map((game, index) => openReplayButton(game, t(locale, 'commands.replayButton', { number: index + 1 })));
  await interaction.reply({
    content: [t(locale, 'commands.historyTitle'), ...lines].join('\n'),
    components: rows(buttons),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { users: [] },
  });
}

/** The channel's latest finished game as a JSON file: its setup and action log, enough to replay it. */
async function exportGame(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  // The channel's latest, or the thread's own game: the same lookup as /acquire status after the end.
  const game = await lastFinishedGame(ctx.db, interaction.channelId);
  if (!game) return refuse(interaction, refusals.noFinishedGame);
  const log = await getActionLog(ctx.db, game.id);
  const record = exportRecord(
    setupOf(game),
    log.map((entry) => entry.action),
  );
  const file = new AttachmentBuilder(Buffer.from(`${JSON.stringify(record, null, 2)}\n`), { name: `acquire-${game.id}.json` });
  const content = t(readerLocale(interaction), 'commands.exported', {
    when: time(game.updatedAt, TimestampStyles.RelativeTime),
    count: log.length,
  });
  await interaction.reply({
    content,
    files: [file],
    flags: MessageFlags.Ephemeral,
  });
}

/** The slash commands' handlers by command name, for `createBot`. */
export const COMMAND_HANDLERS: ReadonlyMap<string, CommandHandler> = new Map([['acquire', acquire]]);
