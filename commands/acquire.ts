/**
 * The `/acquire` command's definition: plain data built with @discordjs/builders, imported by
 * the register script without loading any handler (the yuudachi way).
 */
import { SlashCommandBuilder } from '@discordjs/builders';
import { InteractionContextType } from 'discord.js';
import { START_OPTIONS } from './options.js';

export { TURN_LIMITS } from './options.js';

export const acquireCommand = new SlashCommandBuilder()
  .setName('acquire')
  .setDescription("Play Acquire, Sid Sackson's hotel-chain game, in this channel")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) => {
    sub.setName('start').setDescription('Open a game in this channel for 2 to 6 players');
    // Every option comes from START_OPTIONS, so the handler reads back exactly what is offered.
    for (const [name, spec] of Object.entries(START_OPTIONS)) {
      if (spec.type === 'boolean') sub.addBooleanOption((option) => option.setName(name).setDescription(spec.description));
      else if (spec.type === 'integer') sub.addIntegerOption((option) => option.setName(name).setDescription(spec.description).addChoices(...spec.choices.map((choice) => ({ ...choice }))));
      else sub.addStringOption((option) => option.setName(name).setDescription(spec.description).addChoices(...spec.choices.map((choice) => ({ ...choice }))));
    }
    return sub;
  })
  .addSubcommand((sub) => sub.setName('hand').setDescription('Show your tiles (only you see them)'))
  .addSubcommand((sub) => sub.setName('status').setDescription("Show this game: board, chains and whose turn it is (or the last game's result)"))
  .addSubcommand((sub) => sub.setName('chart').setDescription('Show the price and bonus chart of this game'))
  .addSubcommand((sub) => sub.setName('rules').setDescription('A short summary of the rules'))
  .addSubcommand((sub) => sub.setName('cancel').setDescription('Cancel this game (its creator or a server manager)'))
  .addSubcommand((sub) => sub.setName('stats').setDescription("This server's ladder: ratings, wins and places"))
  .addSubcommand((sub) => sub.setName('history').setDescription("This server's latest finished games, each with its replay"))
  .addSubcommand((sub) => sub.setName('export').setDescription("This channel's latest finished game as a file: its setup and every move"))
  .addSubcommand((sub) =>
    sub
      .setName('profile')
      .setDescription("A player's rating, record, best score and recent games on this server")
      .addUserOption((option) => option.setName('user').setDescription('Whose profile (yours if left out)')),
  )
  .addSubcommand((sub) =>
    sub
      .setName('notify')
      .setDescription('Direct-message reminders when a decision of yours waits more than a minute')
      .addStringOption((option) =>
        option
          .setName('reminders')
          .setDescription('on or off')
          .setRequired(true)
          .addChoices({ name: 'on', value: 'on' }, { name: 'off', value: 'off' }),
      ),
  );

/** Every command the bot registers, as JSON for Discord's API. */
export const commandDefinitions = [acquireCommand.toJSON()];
