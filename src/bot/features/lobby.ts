/** The lobby: its message and its buttons (Join, Leave, Start), and cancelling a game with its confirmation. */
import { ButtonStyle, EmbedBuilder, MessageFlags, PermissionFlagsBits, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { MAX_PLAYERS, MIN_PLAYERS } from '../../engine/index.js';
import { cancelGame, createLobby, getGame, joinLobby, leaveLobby, setPublicMessage, startGame, type ActiveGame, type FinishedGame, type JoinResult, type LeaveResult, type LobbyGame, type StartResult, type StoredGame } from '../../store/index.js';
import { clockAfter, formatDuration } from '../clock-policy.js';
import { args, button, defineKind } from '../components.js';
import type { BotContext } from '../context.js';
import { editChannelMessage, postToChannel } from '../channel-posts.js';
import { announce, keepPlaying, sendableChannel, stripButtons } from '../game-flow.js';
import { NEUTRAL_COLOUR, rows, type MessagePayload } from '../layout.js';
import { messageUrl, refusals } from '../refusals.js';
import { fromPrivatePanel, refuse } from '../replies.js';
import { computerName, cutText, isPerson, mention } from '../text.js';
import { LEVELS } from '../../ai/index.js';
import { setTurnClock } from '../../store/index.js';
import { feature, type ComponentInteraction } from './feature.js';

export const join = defineKind('join', args.none);
export const leave = defineKind('leave', args.none);
export const start = defineKind('start', args.none);
export const cancel = defineKind('cancel', args.oneOf('ask', 'yes', 'no'));
/** The host seats a computer player of this level. */
export const addComputer = defineKind('addBot', args.oneOf('easy', 'medium', 'hard'));
/** The host takes the last computer player off its seat. */
export const removeComputer = defineKind('removeBot', args.none);
/** On a finished game's last message: a new lobby with the same options and computer players. */
export const rematch = defineKind('rematch', args.none);

export function rematchButton(game: FinishedGame) {
  return button(rematch, { gameId: game.id, stateId: 0 }, undefined, 'Rematch', { emoji: '🔁', style: ButtonStyle.Primary });
}

/** The name a player goes by in this server, cut to what a seat keeps, never inside a character. */
export function displayName(interaction: ComponentInteraction | ChatInputCommandInteraction): string {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : null;
  return cutText(nick ?? interaction.user.globalName ?? interaction.user.username, 32);
}

export function lobbyMessage(game: StoredGame): MessagePayload {
  const options = game.options;
  const seats = game.seats.map((seat, index) => `${index + 1}. ${mention(seat.userId)}`).join('\n') || '(empty)';
  const setting = [
    `Bonuses: **${options.bonusMode ?? 'classic'}**`,
    `Chains: **${options.chainSet === 'set2008' ? '2008 set' : 'classic'}**`,
    options.holdings === 'hidden'
      ? 'Holdings: **hidden** (until the end, each player’s cash and shares, what they buy and sell, the bonuses each is paid and the bank’s share counts are private; the board, the chains’ sizes and prices stay public)'
      : 'Holdings: **open**',
    `Founder's share when none is left: **${options.founderShare === 'cash' ? 'its price in cash' : 'nothing'}**`,
    `Unplayable tiles: **${options.unplayable === 'strict' ? 'strict' : 'replaced'}**`,
    `Trades between players: **${options.trades ? 'on' : 'off'}**`,
    `Turn time limit: **${game.turnLimitSeconds > 0 ? formatDuration(game.turnLimitSeconds) : 'none'}**`,
  ];
  if (game.hints) setting.push('Hints: **on** (each panel offers Suggest: what the hard computer player would do)');
  if (options.twoPlayerBank === false) setting.push('Two players: **no bank stockholder**');
  const embed = new EmbedBuilder()
    .setTitle('Acquire: a new game is forming')
    .setColor(NEUTRAL_COLOUR)
    .setDescription(`${mention(game.createdBy)} opened a game for ${MIN_PLAYERS} to ${MAX_PLAYERS} players. Join, then the host presses Start. The host may fill seats with computer players.\n\n${setting.join('\n')}`)
    .addFields({ name: `Players (${game.seats.length}/${MAX_PLAYERS})`, value: seats });
  const at = { gameId: game.id, stateId: 0 };
  return {
    embeds: [embed.toJSON()],
    components: rows([
      button(join, at, undefined, 'Join', { style: ButtonStyle.Primary, disabled: game.seats.length >= MAX_PLAYERS }),
      button(leave, at, undefined, 'Leave'),
      button(start, at, undefined, 'Start', { style: ButtonStyle.Success, disabled: game.seats.length < MIN_PLAYERS }),
      button(cancel, at, 'ask', 'Cancel', { style: ButtonStyle.Danger }),
    ], [
      ...LEVELS.map((level) => button(addComputer, at, level, `Add ${level === 'easy' ? 'an' : 'a'} ${level} computer`, { emoji: '🤖', disabled: game.seats.length >= MAX_PLAYERS })),
      button(removeComputer, at, undefined, 'Remove a computer', { disabled: !game.seats.some((seat) => !isPerson(seat.userId)) }),
    ]),
    allowedMentions: { users: [] },
  };
}

/** A lobby message that is no longer open: no buttons, and a title saying why (and no "Join" invitation). */
function closedLobby(game: StoredGame, title: string): MessagePayload {
  const lobby = lobbyMessage(game);
  const [embed, ...others] = lobby.embeds;
  const description = embed?.description?.replace(' Join, then the host presses Start. The host may fill seats with computer players.', '');
  return { ...lobby, embeds: embed ? [{ ...embed, title, ...(description ? { description } : {}) }, ...others] : others, components: [] };
}

function lobbyFailure(result: Exclude<JoinResult | LeaveResult | StartResult, { ok: true }>): string {
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
      return result.detail;
  }
}

async function changeLobby(ctx: BotContext, interaction: ComponentInteraction, game: LobbyGame, change: () => Promise<JoinResult | LeaveResult | StartResult>): Promise<void> {
  if (!interaction.isButton()) return;
  // Starting renders and posts the first board, which may take longer than Discord's 3 s.
  await interaction.deferUpdate();
  const result = await ctx.locks.run(game.id, change);
  if (!result.ok) return refuse(interaction, lobbyFailure(result));
  const started = result.game.status === 'active';
  await interaction.editReply(started ? closedLobby(result.game, 'Acquire: this game has started (the board is below)') : lobbyMessage(result.game));
  if (started) ctx.log.info({ gameId: game.id, channelId: game.channelId, interactionId: interaction.id, players: result.game.seats.length }, 'game started');
}

/** The first board, with the clock armed for the first decision. */
async function begin(ctx: BotContext, game: ActiveGame): Promise<ActiveGame> {
  const clock = clockAfter(game, game.state, null, ctx.now());
  await setTurnClock(ctx.db, game.id, game.state.stateId, clock);
  const seats = game.seats.map((seat) => mention(seat.userId)).join(', ');
  const announced = await announce(ctx, { ...game, ...clock }, [], [`The game begins: ${seats}. Each of you drew a tile for the order (now on the board): the one nearest the top-left corner plays first.`]);
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
  if (!mayCancel(interaction, game)) return refuse(interaction, refusals.mayNotCancel(mention(game.createdBy)));
  const at = { gameId: game.id, stateId: 0 };
  await interaction.reply({
    content: 'Cancel this game for everyone? This cannot be undone.',
    components: rows([button(cancel, at, 'yes', 'Yes, cancel the game', { style: ButtonStyle.Danger }), button(cancel, at, 'no', 'No, keep playing')]),
    flags: MessageFlags.Ephemeral,
  });
}

async function confirmCancel(ctx: BotContext, interaction: ButtonInteraction, game: LobbyGame | ActiveGame): Promise<void> {
  const result = await ctx.locks.run(game.id, () => cancelGame(ctx.db, game.id));
  if (!result.ok) return refuse(interaction, result.reason === 'not_found' ? refusals.noSuchGame : refusals.alreadyEnded);
  await interaction.update({ content: 'The game is cancelled.', components: [] });
  ctx.log.info({ gameId: game.id, channelId: game.channelId, interactionId: interaction.id }, 'game cancelled');
  const channel = await sendableChannel(ctx, game.channelId);
  if (!channel) return;
  const latest = (await getGame(ctx.db, game.id)) ?? game;
  if (game.status === 'lobby' && latest.publicMessageId) {
    // The lobby says so itself, rather than still reading "a new game is forming".
    await editChannelMessage(ctx, channel, latest.publicMessageId, closedLobby(latest, 'Acquire: this game was cancelled')).catch(async (error: unknown) => {
      ctx.log.warn({ err: error, channelId: channel.id, messageId: latest.publicMessageId }, 'could not mark the lobby cancelled');
      await stripButtons(ctx, channel, latest.publicMessageId!);
    });
  } else if (latest.publicMessageId) {
    await stripButtons(ctx, channel, latest.publicMessageId);
  }
  await postToChannel(ctx, channel, { content: `The game was cancelled by ${mention(interaction.user.id)}. Start a new one with \`/acquire start\`.`, allowedMentions: { users: [] } });
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
      if (user.id !== game.createdBy) return refuse(interaction, refusals.hostOnlyStart(mention(game.createdBy)));
      return changeLobby(ctx, interaction, game, async () => {
        const started = await startGame(ctx.db, game.id);
        if (started.ok) await begin(ctx, started.game);
        return started;
      });
    },
  }),
  feature({
    kind: addComputer,
    needs: 'lobby',
    on: 'public',
    async run(ctx, interaction, { arg: level, game, user }) {
      if (user.id !== game.createdBy) return refuse(interaction, refusals.hostOnlyComputers(mention(game.createdBy)));
      const taken = new Set(game.seats.map((seat) => seat.userId));
      const number = [1, 2, 3, 4, 5].find((candidate) => !taken.has(`ai:${level}:${candidate}`)) ?? 1;
      const id = `ai:${level}:${number}`;
      return changeLobby(ctx, interaction, game, () => joinLobby(ctx.db, game.id, { id, name: computerName(id) }));
    },
  }),
  feature({
    kind: removeComputer,
    needs: 'lobby',
    on: 'public',
    async run(ctx, interaction, { game, user }) {
      if (user.id !== game.createdBy) return refuse(interaction, refusals.hostOnlyComputers(mention(game.createdBy)));
      const last = game.seats.filter((seat) => !isPerson(seat.userId)).at(-1);
      if (!last) return refuse(interaction, refusals.noComputerSeated);
      return changeLobby(ctx, interaction, game, () => leaveLobby(ctx.db, game.id, last.userId));
    },
  }),
  feature({
    kind: rematch,
    needs: 'ended',
    on: 'public',
    async run(ctx, interaction, { game, user, seat }) {
      if (!interaction.isButton()) return;
      if (seat < 0) return refuse(interaction, refusals.notSeated);
      const opened = await createLobby(ctx.db, { guildId: game.guildId, channelId: game.channelId, host: user, options: game.options, turnLimitSeconds: game.turnLimitSeconds, hints: game.hints });
      if (!opened.ok) {
        const { existing } = opened;
        return refuse(interaction, refusals.channelBusy(existing.publicMessageId ? messageUrl(existing, existing.publicMessageId) : null));
      }
      // The same computer players take their seats again; the people join with one click.
      let lobby: StoredGame = opened.game;
      for (const computer of game.seats.filter((other) => !isPerson(other.userId))) {
        const joined = await joinLobby(ctx.db, lobby.id, { id: computer.userId, name: computer.displayName });
        if (joined.ok) lobby = joined.game;
      }
      const others = game.seats.filter((other) => isPerson(other.userId) && other.userId !== user.id).map((other) => other.userId);
      const content = others.length > 0 ? `🔁 Rematch! ${others.map(mention).join(' ')}: press **Join** to play again.` : '🔁 Rematch!';
      // The finished game's Rematch has done its work, before the lobby shows: at no moment can
      // two public messages be clicked.
      const channel = await sendableChannel(ctx, game.channelId);
      if (channel && game.publicMessageId) await stripButtons(ctx, channel, game.publicMessageId);
      let reply;
      try {
        reply = await interaction.reply({ ...lobbyMessage(lobby), content, allowedMentions: { users: others }, withResponse: true });
      } catch (error) {
        await cancelGame(ctx.db, lobby.id);
        throw error;
      }
      const messageId = reply.resource?.message?.id;
      if (messageId) await setPublicMessage(ctx.db, lobby.id, messageId);
      ctx.log.info({ gameId: lobby.id, channelId: lobby.channelId, interactionId: interaction.id, after: game.id }, 'rematch lobby opened');
    },
  }),
  feature({
    kind: cancel,
    needs: 'live',
    on: 'any',
    async run(ctx, interaction, { arg, game }) {
      if (!interaction.isButton()) return;
      if (arg === 'ask') return askToCancel(interaction, game);
      if (!mayCancel(interaction, game)) return refuse(interaction, refusals.mayNotCancel(mention(game.createdBy)));
      // The confirmation is a private answer: only it may be rewritten by its buttons.
      if (!fromPrivatePanel(interaction)) return refuse(interaction, refusals.usePanel);
      if (arg === 'no') {
        await interaction.update({ content: 'The game goes on.', components: [] });
        return;
      }
      return confirmCancel(ctx, interaction, game);
    },
  }),
];
