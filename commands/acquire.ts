/**
 * The `/acquire` command's definition: plain data built with @discordjs/builders, imported by
 * the register script without loading any handler (the yuudachi way). Its descriptions and
 * choices are the catalogs' (src/i18n/locales/), with Discord's `description_localizations` and
 * `name_localizations` for every language the bot speaks; the command's and options' own names
 * stay as they are, so that `/acquire hand` in any message is what everyone types.
 */
import { SlashCommandBuilder } from '@discordjs/builders';
import { Locale as DiscordLocale, InteractionContextType, type LocalizationMap } from 'discord.js';
import { type Key, LOCALES, type Locale, t } from '../src/i18n/index.js';
import { START_OPTIONS } from './options.js';

export { TURN_LIMITS } from './options.js';

/** Discord's locales for each language the bot speaks besides English (Latin American Spanish reads the Spanish catalog). */
const DISCORD_LOCALES: Record<Exclude<Locale, 'en' | 'en-XA'>, readonly DiscordLocale[]> = {
  de: [DiscordLocale.German],
  fr: [DiscordLocale.French],
  'es-ES': [DiscordLocale.SpanishES, DiscordLocale.SpanishLATAM],
  'pt-BR': [DiscordLocale.PortugueseBR],
  it: [DiscordLocale.Italian],
  pl: [DiscordLocale.Polish],
};

/** A catalog sentence in every language but English, as Discord takes it. */
export function localizations(key: Key): LocalizationMap {
  const map: LocalizationMap = {};
  for (const locale of LOCALES) {
    if (locale === 'en') continue;
    for (const discordLocale of DISCORD_LOCALES[locale]) map[discordLocale] = t(locale, key);
  }
  return map;
}

/** A builder (subcommand or option) that takes a name and a described text. */
interface Describable<Self> {
  setName(name: string): Self;
  setDescription(text: string): Self;
  setDescriptionLocalizations(map: LocalizationMap): Self;
}

/** `builder` named `name`, described by the catalog sentence `key` in every language. */
function described<Self extends Describable<Self>>(builder: Self, name: string, key: Key): Self {
  return builder.setName(name).setDescription(t('en', key)).setDescriptionLocalizations(localizations(key));
}

/** An option's choices with their names in every language (a language's own name is the same in all). */
function choicesOf<Value extends string | number>(option: string, choices: readonly { name: string; value: Value }[]) {
  return choices.map((choice) =>
    option === 'language' ? { ...choice } : { ...choice, name_localizations: localizations(`command.choices.${option}.${choice.value}` as Key) },
  );
}

export const acquireCommand = new SlashCommandBuilder()
  .setName('acquire')
  .setDescription(t('en', 'command.description'))
  .setDescriptionLocalizations(localizations('command.description'))
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) => {
    described(sub, 'start', 'command.sub.start');
    // Every option comes from START_OPTIONS, so the handler reads back exactly what is offered.
    for (const [name, spec] of Object.entries(START_OPTIONS)) {
      const key = `command.options.${name}` as Key;
      if (spec.type === 'boolean') sub.addBooleanOption((option) => described(option, name, key));
      else if (spec.type === 'integer') sub.addIntegerOption((option) => described(option, name, key).addChoices(...choicesOf(name, spec.choices)));
      else sub.addStringOption((option) => described(option, name, key).addChoices(...choicesOf(name, spec.choices)));
    }
    return sub;
  })
  .addSubcommand((sub) => described(sub, 'hand', 'command.sub.hand'))
  .addSubcommand((sub) => described(sub, 'status', 'command.sub.status'))
  .addSubcommand((sub) => described(sub, 'chart', 'command.sub.chart'))
  .addSubcommand((sub) => described(sub, 'rules', 'command.sub.rules'))
  .addSubcommand((sub) => described(sub, 'cancel', 'command.sub.cancel'))
  .addSubcommand((sub) => described(sub, 'stats', 'command.sub.stats'))
  .addSubcommand((sub) => described(sub, 'history', 'command.sub.history'))
  .addSubcommand((sub) => described(sub, 'export', 'command.sub.export'))
  .addSubcommand((sub) => described(sub, 'profile', 'command.sub.profile').addUserOption((option) => described(option, 'user', 'command.options.user')))
  .addSubcommand((sub) =>
    described(sub, 'notify', 'command.sub.notify').addStringOption((option) =>
      described(option, 'reminders', 'command.options.reminders')
        .setRequired(true)
        .addChoices(
          ...choicesOf('reminders', [
            { name: t('en', 'command.choices.reminders.on'), value: 'on' },
            { name: t('en', 'command.choices.reminders.off'), value: 'off' },
          ]),
        ),
    ),
  );

/** Every command the bot registers, as JSON for Discord's API. */
export const commandDefinitions = [acquireCommand.toJSON()];
