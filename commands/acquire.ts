/**
 * The `/acquire` command's definition: plain data built with @discordjs/builders, imported by
 * the register script without loading any handler (the yuudachi way).
 */
import { SlashCommandBuilder } from '@discordjs/builders';
import { InteractionContextType } from 'discord.js';

/** Turn time limits offered at start, in seconds; 0 is no limit. */
export const TURN_LIMITS = [
  { name: 'no limit', value: 0 },
  { name: '2 minutes', value: 120 },
  { name: '10 minutes', value: 600 },
  { name: '1 hour', value: 3600 },
  { name: '24 hours', value: 86_400 },
] as const;

export const acquireCommand = new SlashCommandBuilder()
  .setName('acquire')
  .setDescription("Play Acquire, Sid Sackson's hotel-chain game, in this channel")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    sub
      .setName('start')
      .setDescription('Open a game in this channel for 2 to 6 players')
      .addStringOption((option) =>
        option.setName('bonus').setDescription('Stockholder bonuses: classic (2 places) or tycoon (3 places)').addChoices({ name: 'classic', value: 'classic' }, { name: 'tycoon', value: 'tycoon' }),
      )
      .addStringOption((option) =>
        option.setName('chains').setDescription('Chain names and price tiers').addChoices({ name: 'classic (Luxor … Continental)', value: 'classic' }, { name: '2008 (Sackson … Tower)', value: 'set2008' }),
      )
      .addStringOption((option) =>
        option.setName('holdings').setDescription("Whether everyone's cash and shares are public").addChoices({ name: 'open', value: 'open' }, { name: 'hidden', value: 'hidden' }),
      )
      .addStringOption((option) =>
        option
          .setName('founder_share')
          .setDescription('When the bank has no share left for a founder')
          .addChoices({ name: 'nothing', value: 'none' }, { name: "the share's price in cash", value: 'cash' }),
      )
      .addStringOption((option) =>
        option
          .setName('unplayable')
          .setDescription('Dead tiles and hands with no playable tile')
          .addChoices({ name: 'replace them', value: 'replace' }, { name: 'strict: only skip', value: 'strict' }),
      )
      .addBooleanOption((option) => option.setName('trades').setDescription('Allow trades between players (off by default)'))
      .addBooleanOption((option) => option.setName('bank_stockholder').setDescription('Two players: the bank competes for bonuses (on by default)'))
      .addIntegerOption((option) =>
        option
          .setName('turn_limit')
          .setDescription('Time each player has for a decision')
          .addChoices(...TURN_LIMITS.map((limit) => ({ name: limit.name, value: limit.value }))),
      ),
  )
  .addSubcommand((sub) => sub.setName('hand').setDescription('Show your tiles (only you see them)'))
  .addSubcommand((sub) => sub.setName('status').setDescription("Show this channel's game: board, chains and whose turn it is"))
  .addSubcommand((sub) => sub.setName('chart').setDescription('Show the price and bonus chart of this game'))
  .addSubcommand((sub) => sub.setName('rules').setDescription('A short summary of the rules'))
  .addSubcommand((sub) => sub.setName('cancel').setDescription("Cancel this channel's game (its creator or a server manager)"))
  .addSubcommand((sub) => sub.setName('stats').setDescription("This server's leaderboard"));

/** Every command the bot registers, as JSON for Discord's API. */
export const commandDefinitions = [acquireCommand.toJSON()];
