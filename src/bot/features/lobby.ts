/** The lobby: its message and its buttons (Join, Leave, Start), and cancelling a game with its confirmation. */
import {
  ButtonStyle,
  ChannelType,
  EmbedBuilder,
  MessageFlags,
  PermissionFlagsBits,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { MAX_PLAYERS, MIN_PLAYERS, viewFor } from '../../engine/index.js';
import { type Key, type Text, t } from '../../i18n/index.js';
import {
  cancelGame,
  getGame,
  joinLobby,
  leaveLobby,
  setThread,
  setTurnClock,
  startGame,
  type ActiveGame,
  type JoinResult,
  type LeaveResult,
  type LobbyGame,
  type StartResult,
  type StoredGame,
} from '../../store/index.js';
import { clockAfter } from '../clock-policy.js';
import { args, button, defineKind } from '../components.js';
import type { BotContext } from '../context.js';
import { announce, keepPlaying } from '../game-flow.js';
import { NEUTRAL_COLOUR, rows, type MessagePayload } from '../layout.js';
import { refusals } from '../refusals.js';
import { fromPrivatePanel, readerLocale, refuse } from '../replies.js';
import { threadName } from '../table/names.js';
import { THREADS_NOT_ALLOWED } from '../table/notices.js';
import { closeTable, stripMessage } from '../table/publish.js';
import { settingLines, summaryMessage } from '../table/summary.js';
import { isMissingPermission } from '../table/transport.js';
import { computerName, cutText, isPerson, mention } from '../text.js';
import { LEVELS } from '../../ai/index.js';
import { feature, type ComponentInteraction } from './feature.js';

export const join = defineKind('join', args.none);
export const leave = defineKind('leave', args.none);
export const start = defineKind('start', args.none);
export const cancel = defineKind('cancel', args.oneOf('ask', 'yes', 'no'));
/** The host seats a computer player of this level. */
export const addComputer = defineKind('addBot', args.oneOf('easy', 'medium', 'hard'));
/** The host takes the last computer player off its seat. */
export const removeComputer = defineKind('removeBot', args.none);

/** The name a player goes by in this server, cut to what a seat keeps, never inside a character. */
export function displayName(interaction: ComponentInteraction | ChatInputCommandInteraction): string {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : null;
  return cutText(nick ?? interaction.user.globalName ?? interaction.user.username, 32);
}

/** The lobby message, in the game's language; `closedTitle`: one no longer open (no buttons, no invitation to join, a title saying why). */
export function lobbyMessage(game: StoredGame, closedTitle?: Key): MessagePayload {
  const locale = game.language;
  const seats = game.seats.map((seat, index) => `${index + 1}. ${mention(seat.userId, locale)}`).join('\n') || t(locale, 'lobby.empty');
  const setting = settingLines(game, locale);
  const opened = t(locale, closedTitle ? 'lobby.opened' : 'lobby.openedJoin', {
    host: mention(game.createdBy, locale),
    min: MIN_PLAYERS,
    max: MAX_PLAYERS,
  });
  const embed = new EmbedBuilder()
    .setTitle(t(locale, closedTitle ?? 'lobby.title'))
    .setColor(NEUTRAL_COLOUR)
    .setDescription(`${opened}\n\n${setting.join('\n')}`)
    .addFields({
      name: t(locale, 'lobby.players', {
        count: game.seats.length,
        max: MAX_PLAYERS,
      }),
      value: seats,
    });
  const at = { gameId: game.id, stateId: 0 };
  if (closedTitle)
    return {
      embeds: [embed.toJSON()],
      components: [],
      allowedMentions: { users: [] },
    };
  return {
    embeds: [embed.toJSON()],
    components: rows(
      [
        button(join, at, undefined, t(locale, 'lobby.join'), {
          style: ButtonStyle.Primary,
          disabled: game.seats.length >= MAX_PLAYERS,
        }),
        button(leave, at, undefined, t(locale, 'lobby.leave')),
        button(start, at, undefined, t(locale, 'lobby.start'), {
          style: ButtonStyle.Success,
          disabled: game.seats.length < MIN_PLAYERS,
        }),
        button(cancel, at, 'ask', t(locale, 'lobby.cancel'), {
          style: ButtonStyle.Danger,
        }),
      ],
      [
        ...LEVELS.map((level) =>
          button(addComputer, at, level, t(locale, `lobby.add.${level}`), {
            emoji: '🤖',
            disabled: game.seats.length >= MAX_PLAYERS,
          }),
        ),
        button(removeComputer, at, undefined, t(locale, 'lobby.removeComputer'), { disabled: !game.seats.some((seat) => !isPerson(seat.userId)) }),
      ],
    ),
    allowedMentions: { users: [] },
  };
}

/** A lobby message that is no longer open: no buttons, and a title saying why (and no "Join" invitation). */
function closedLobby(game: StoredGame, title: Key): MessagePayload {
  return lobbyMessage(game, title);
}

function lobbyFailure(result: Exclude<JoinResult | LeaveResult | StartResult, { ok: true }>): Text {
  switch (result.reason) {
    case 'not_found':
      return refusals.noSuchGame;
    case 'not_lobby':
      return refusals.notLobby;
    case 'already_seated':
      return refusals.alreadySeated;
    case 'full':
      return refusals.lobbyFull(MAX_PLAYERS);
    case 'not_seated':
      return refusals.notInLobby;
    case 'not_enough_players':
      return refusals.notEnoughPlayers(MIN_PLAYERS);
    case 'setup_failed':
      return { key: 'lobby.setupFailed', english: result.detail };
  }
}

async function changeLobby(
  ctx: BotContext,
  interaction: ComponentInteraction,
  game: LobbyGame,
  change: () => Promise<JoinResult | LeaveResult | StartResult>,
): Promise<void> {
  if (!interaction.isButton()) return;
  // Starting renders and posts the first board, which may take longer than Discord's 3 s.
  await interaction.deferUpdate();
  const result = await ctx.locks.run(game.id, change);
  if (!result.ok) return refuse(interaction, lobbyFailure(result));
  const started = result.game.status === 'active' ? (result.game as ActiveGame) : null;
  if (!started) {
    await interaction.editReply(lobbyMessage(result.game));
    return;
  }
  if (started.threadId) {
    // The lobby stays in the channel as the game's summary; the thread opens under it.
    const summary = summaryMessage(started, viewFor(started.state, null)).body;
    await interaction.editReply({ embeds: summary.embeds ?? [], components: [], allowedMentions: { users: [] } });
  } else {
    await interaction.editReply(closedLobby(result.game, 'lobby.startedHere'));
  }
  ctx.log.info(
    { gameId: game.id, channelId: game.channelId, threadId: started.threadId, interactionId: interaction.id, players: started.seats.length },
    'game started',
  );
}

/**
 * The game moves into a public thread opened from its lobby message, where it is played; the
 * lobby message stays in the channel as its summary. Where the bot may not open threads (or
 * the lobby is itself in a thread), the game is played in the channel. Returns the thread's
 * id, or null with the line to say about it (if any).
 */
async function openThread(ctx: BotContext, game: ActiveGame, lobbyMessageId: string): Promise<{ threadId: string } | { threadId: null; notice: Key | null }> {
  const channel = ctx.client.channels.cache.get(game.channelId);
  if (channel?.isThread() || (channel && channel.type !== ChannelType.GuildText && channel.type !== ChannelType.GuildAnnouncement))
    return { threadId: null, notice: null };
  const me = ctx.client.user;
  const allowed =
    channel && me && 'permissionsFor' in channel
      ? channel.permissionsFor(me)?.has([PermissionFlagsBits.CreatePublicThreads, PermissionFlagsBits.SendMessagesInThreads])
      : undefined;
  if (allowed === false) return { threadId: null, notice: THREADS_NOT_ALLOWED };
  try {
    const threadId = await ctx.transport.startThread(
      game.channelId,
      lobbyMessageId,
      threadName(
        game.seats.map((seat) => seat.displayName),
        game.language,
      ),
    );
    await setThread(ctx.db, game.id, threadId, lobbyMessageId);
    return { threadId };
  } catch (error) {
    if (!isMissingPermission(error)) throw error;
    return { threadId: null, notice: THREADS_NOT_ALLOWED };
  }
}

/** The first table message (in the game's thread when it has one), with the clock armed for the first decision. */
async function begin(ctx: BotContext, game: ActiveGame, lobbyMessageId: string): Promise<ActiveGame> {
  const clock = clockAfter(game, game.state, null, ctx.now());
  await setTurnClock(ctx.db, game.id, game.state.stateId, clock);
  const place = await openThread(ctx, game, lobbyMessageId);
  const seats = game.seats.map((seat) => mention(seat.userId, game.language)).join(', ');
  const lines = [t(game.language, 'lobby.begins', { players: seats })];
  if (place.threadId === null && place.notice) lines.push(t(game.language, place.notice));
  const placed: ActiveGame = { ...game, ...clock, threadId: place.threadId, summaryMessageId: place.threadId ? lobbyMessageId : null };
  const announced = await announce(ctx, placed, [], lines, { start: true });
  // A computer player may be the first to play.
  keepPlaying(ctx, game.id);
  return announced;
}

/** Who may cancel: the host, or anyone who can manage the game's server. */
function mayCancel(interaction: ComponentInteraction | ChatInputCommandInteraction, game: StoredGame): boolean {
  return interaction.user.id === game.createdBy || (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false);
}

/** The confirmation asked before cancelling (from the command or the lobby's Cancel button). */
export async function askToCancel(interaction: ButtonInteraction | ChatInputCommandInteraction, game: LobbyGame | ActiveGame): Promise<void> {
  const locale = readerLocale(interaction);
  if (!mayCancel(interaction, game)) return refuse(interaction, refusals.mayNotCancel(mention(game.createdBy, locale)));
  const at = { gameId: game.id, stateId: 0 };
  await interaction.reply({
    content: t(locale, 'lobby.confirmCancel'),
    components: rows([
      button(cancel, at, 'yes', t(locale, 'lobby.yesCancel'), {
        style: ButtonStyle.Danger,
      }),
      button(cancel, at, 'no', t(locale, 'lobby.noKeep')),
    ]),
    flags: MessageFlags.Ephemeral,
  });
}

async function confirmCancel(ctx: BotContext, interaction: ButtonInteraction, game: LobbyGame | ActiveGame): Promise<void> {
  const result = await ctx.locks.run(game.id, () => cancelGame(ctx.db, game.id));
  if (!result.ok) return refuse(interaction, result.reason === 'not_found' ? refusals.noSuchGame : refusals.alreadyEnded);
  await interaction.update({
    content: t(readerLocale(interaction), 'lobby.cancelled'),
    components: [],
  });
  ctx.log.info({ gameId: game.id, channelId: game.channelId, interactionId: interaction.id }, 'game cancelled');
  const latest = (await getGame(ctx.db, game.id)) ?? game;
  if (game.status === 'lobby' && latest.publicMessageId) {
    // The lobby says so itself, rather than still reading "a new game is forming".
    const closed = closedLobby(latest, 'summary.titleCancelled');
    await ctx.transport
      .edit(game.channelId, latest.publicMessageId, { body: { embeds: closed.embeds, components: [], allowed_mentions: { parse: [], users: [] } }, files: [] })
      .catch(async (error: unknown) => {
        ctx.log.warn({ err: error, channelId: game.channelId, messageId: latest.publicMessageId }, 'could not mark the lobby cancelled');
        await stripMessage(ctx, game.channelId, latest.publicMessageId!);
      });
  } else if (game.status === 'active') {
    await closeTable(
      ctx,
      { ...game, publicMessageId: latest.publicMessageId, threadId: latest.threadId, summaryMessageId: latest.summaryMessageId },
      'cancelled',
    );
  }
  const notice = t(game.language, 'lobby.cancelledBy', {
    who: mention(interaction.user.id, game.language),
  });
  await ctx.transport
    .post(latest.threadId ?? game.channelId, { body: { content: notice, components: [], allowed_mentions: { parse: [], users: [] } }, files: [] })
    .catch((error: unknown) => ctx.log.warn({ err: error, gameId: game.id }, 'could not say the game was cancelled'));
}

export const lobbyFeatures = [
  feature({
    kind: join,
    needs: 'lobby',
    on: 'public',
    run: (ctx, interaction, { game, user }) => changeLobby(ctx, interaction, game, () => joinLobby(ctx.db, game.id, user)),
  }),
  feature({
    kind: leave,
    needs: 'lobby',
    on: 'public',
    async run(ctx, interaction, { game, user }) {
      // Only the host can start or cancel a lobby: one they left would be stuck, or start without them.
      if (user.id === game.createdBy) return refuse(interaction, refusals.hostCannotLeave);
      return changeLobby(ctx, interaction, game, () => leaveLobby(ctx.db, game.id, user.id));
    },
  }),
  feature({
    kind: start,
    needs: 'lobby',
    on: 'public',
    async run(ctx, interaction, { game, user }) {
      if (user.id !== game.createdBy) return refuse(interaction, refusals.hostOnlyStart(mention(game.createdBy, game.language)));
      if (!interaction.isButton()) return;
      const lobbyMessageId = interaction.message.id;
      return changeLobby(ctx, interaction, game, async () => {
        const started = await startGame(ctx.db, game.id, ctx.gameSeed?.());
        if (!started.ok) return started;
        return { ...started, game: await begin(ctx, started.game, lobbyMessageId) };
      });
    },
  }),
  feature({
    kind: addComputer,
    needs: 'lobby',
    on: 'public',
    async run(ctx, interaction, { arg: level, game, user }) {
      if (user.id !== game.createdBy) return refuse(interaction, refusals.hostOnlyComputers(mention(game.createdBy, game.language)));
      const taken = new Set(game.seats.map((seat) => seat.userId));
      const number = [1, 2, 3, 4, 5].find((candidate) => !taken.has(`ai:${level}:${candidate}`)) ?? 1;
      const id = `ai:${level}:${number}`;
      return changeLobby(ctx, interaction, game, () =>
        joinLobby(ctx.db, game.id, {
          id,
          name: computerName(id, game.language),
        }),
      );
    },
  }),
  feature({
    kind: removeComputer,
    needs: 'lobby',
    on: 'public',
    async run(ctx, interaction, { game, user }) {
      if (user.id !== game.createdBy) return refuse(interaction, refusals.hostOnlyComputers(mention(game.createdBy, game.language)));
      const last = game.seats.filter((seat) => !isPerson(seat.userId)).at(-1);
      if (!last) return refuse(interaction, refusals.noComputerSeated);
      return changeLobby(ctx, interaction, game, () => leaveLobby(ctx.db, game.id, last.userId));
    },
  }),
  feature({
    kind: cancel,
    needs: 'live',
    on: 'any',
    async run(ctx, interaction, { arg, game }) {
      if (!interaction.isButton()) return;
      if (arg === 'ask') return askToCancel(interaction, game);
      if (!mayCancel(interaction, game)) return refuse(interaction, refusals.mayNotCancel(mention(game.createdBy, game.language)));
      // The confirmation is a private answer: only it may be rewritten by its buttons.
      if (!fromPrivatePanel(interaction)) return refuse(interaction, refusals.usePanel);
      if (arg === 'no') {
        await interaction.update({
          content: t(readerLocale(interaction), 'lobby.goesOn'),
          components: [],
        });
        return;
      }
      return confirmCancel(ctx, interaction, game);
    },
  }),
];
