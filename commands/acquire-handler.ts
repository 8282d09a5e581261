/** The `/acquire` subcommands. Thin: each reads the store, asks the engine, answers. */
import { AttachmentBuilder, EmbedBuilder, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SetupError, resolveOptions, type GameOptions } from '../src/engine/index.js';
import { renderPriceChart } from '../src/render/index.js';
import { createLobby, findLiveGame, guildLeaderboard, setPublicMessage } from '../src/store/index.js';
import type { BotContext } from '../src/bot/context.js';
import { askToCancel, displayName } from '../src/bot/lobby.js';
import { gameMessage, handPanel, lobbyMessage } from '../src/bot/messages.js';
import { refuse } from '../src/bot/replies.js';
import { mention, money } from '../src/bot/text.js';
import { RULES_SUMMARY } from '../src/bot/rules-summary.js';

export async function handleAcquireCommand(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  if (!interaction.inGuild() || !interaction.channelId) return refuse(interaction, 'Acquire is played in a server channel.');
  const subcommand = interaction.options.getSubcommand();
  switch (subcommand) {
    case 'start':
      return start(ctx, interaction);
    case 'rules':
      await interaction.reply({ content: RULES_SUMMARY, flags: MessageFlags.Ephemeral });
      return;
    case 'stats':
      return stats(ctx, interaction);
    case 'chart':
      return chart(ctx, interaction);
    default:
      return withLiveGame(ctx, interaction, subcommand);
  }
}

function chosenOptions(interaction: ChatInputCommandInteraction): Partial<GameOptions> {
  const options: Partial<GameOptions> = {};
  const bonus = interaction.options.getString('bonus');
  if (bonus === 'classic' || bonus === 'tycoon') options.bonusMode = bonus;
  const chains = interaction.options.getString('chains');
  if (chains === 'classic' || chains === 'set2008') options.chainSet = chains;
  const holdings = interaction.options.getString('holdings');
  if (holdings === 'open' || holdings === 'hidden') options.holdings = holdings;
  const founder = interaction.options.getString('founder_share');
  if (founder === 'none' || founder === 'cash') options.founderShare = founder;
  const unplayable = interaction.options.getString('unplayable');
  if (unplayable === 'replace' || unplayable === 'strict') options.unplayable = unplayable;
  const trades = interaction.options.getBoolean('trades');
  if (trades !== null) options.trades = trades;
  const bank = interaction.options.getBoolean('bank_stockholder');
  if (bank !== null) options.twoPlayerBank = bank;
  return options;
}

async function start(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const options = chosenOptions(interaction);
  try {
    // Checked now, with two players (the strictest case), so a lobby never opens with options the engine refuses.
    resolveOptions(options.bonusMode === 'tycoon' && options.twoPlayerBank ? 2 : 3, options);
  } catch (error) {
    if (error instanceof SetupError) return refuse(interaction, error.message);
    throw error;
  }
  const turnLimitSeconds = interaction.options.getInteger('turn_limit') ?? 0;
  const result = await createLobby(ctx.db, {
    guildId: interaction.guildId!,
    channelId: interaction.channelId,
    host: { id: interaction.user.id, name: displayName(interaction) },
    options,
    turnLimitSeconds,
  });
  if (!result.ok) {
    const link = result.existingMessageUrl ? ` See ${result.existingMessageUrl}.` : '';
    return refuse(interaction, `This channel already has a game in progress or forming.${link} Finish or cancel it first (\`/acquire cancel\`).`);
  }
  const reply = await interaction.reply({ ...lobbyMessage(result.game, turnLimitSeconds), withResponse: true });
  const messageId = reply.resource?.message?.id;
  if (messageId) await setPublicMessage(ctx.db, result.game.id, messageId);
  ctx.log.info({ gameId: result.game.id, channelId: interaction.channelId, interactionId: interaction.id }, 'lobby opened');
}

async function withLiveGame(ctx: BotContext, interaction: ChatInputCommandInteraction, subcommand: string): Promise<void> {
  const game = await findLiveGame(ctx.db, interaction.channelId);
  if (!game) return refuse(interaction, 'There is no game in this channel. Start one with `/acquire start`.');
  if (subcommand === 'cancel') return askToCancel(interaction, game);
  if (!game.state) {
    return refuse(interaction, `The game here has not started yet: ${game.seats.length} player${game.seats.length === 1 ? '' : 's'} seated. The host starts it from the lobby message.`);
  }
  const state = game.state;
  switch (subcommand) {
    case 'hand':
      await interaction.reply({ ...handPanel(game, state, interaction.user.id), flags: MessageFlags.Ephemeral });
      return;
    case 'status': {
      // Without buttons: the latest public message is the one to click.
      const message = gameMessage(game, state, []);
      await interaction.reply({ ...message, components: [], content: message.content ? `Now: ${message.content}` : undefined, flags: MessageFlags.Ephemeral, allowedMentions: { users: [] } });
      return;
    }
    default:
      return refuse(interaction, 'This bot does not know that subcommand.');
  }
}

/**
 * The price and bonus chart: of the channel's game, or of the lobby's options before it
 * starts, or the classic chart when the channel has no game (it helps choosing the options).
 */
async function chart(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const game = await findLiveGame(ctx.db, interaction.channelId);
  // Three players: the chart does not depend on the count, and no option set is refused for it.
  const options = game?.state?.options ?? resolveOptions(3, game?.options ?? {});
  const file = new AttachmentBuilder(renderPriceChart(options), { name: 'chart.png' });
  const embed = new EmbedBuilder().setTitle('Share prices and bonuses').setImage('attachment://chart.png');
  const chains = options.chainSet === 'set2008' ? '2008 chains' : 'classic chains';
  embed.setDescription(game ? `This game: ${chains}, ${options.bonusMode} bonuses.` : `No game in this channel: ${chains}, ${options.bonusMode} bonuses.`);
  await interaction.reply({ embeds: [embed.toJSON()], files: [file], flags: MessageFlags.Ephemeral });
}

async function stats(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const board = await guildLeaderboard(ctx.db, interaction.guildId!);
  if (board.length === 0) {
    await interaction.reply({ content: 'No finished games on this server yet. Start one with `/acquire start`!', flags: MessageFlags.Ephemeral });
    return;
  }
  const lines = board.map((entry, index) => `${index + 1}. ${mention(entry.userId)}: ${entry.wins} win${entry.wins === 1 ? '' : 's'} in ${entry.games} game${entry.games === 1 ? '' : 's'} · best ${money(entry.bestCash)} · average ${money(entry.averageCash)}`);
  const embed = new EmbedBuilder().setTitle('Acquire leaderboard').setDescription(lines.join('\n'));
  await interaction.reply({ embeds: [embed.toJSON()], allowedMentions: { users: [] } });
}
