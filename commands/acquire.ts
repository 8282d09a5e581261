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

const described = (key: Key) => ({
  description: t('en', key),
  localized: localizations(key),
});
const choicesOf = (option: string, choices: readonly { name: string; value: string | number }[]) =>
  choices.map((choice) =>
    option === 'language'
      ? { ...choice }
      : {
          ...choice,
          name_localizations: localizations(`command.choices.${option}.${choice.value}` as Key),
        },
  );

export const acquireCommand = new SlashCommandBuilder()
  .setName('acquire')
  .setDescription(t('en', 'command.description'))
  .setDescriptionLocalizations(localizations('command.description'))
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) => {
    const { description, localized } = described('command.sub.start');
    sub.setName('start').setDescription(description).setDescriptionLocalizations(localized);
    // Every option comes from START_OPTIONS, so the handler reads back exactly what is offered.
    for (const [name, spec] of Object.entries(START_OPTIONS)) {
      const optionText = localizations(`command.options.${name}` as Key);
      if (spec.type === 'boolean')
        sub.addBooleanOption((option) => option.setName(name).setDescription(spec.description).setDescriptionLocalizations(optionText));
      else if (spec.type === 'integer')
        sub.addIntegerOption((option) =>
          option
            .setName(name)
            .setDescription(spec.description)
            .setDescriptionLocalizations(optionText)
            .addChoices(
              ...(choicesOf(name, spec.choices) as {
                name: string;
                value: number;
              }[]),
            ),
        );
      else
        sub.addStringOption((option) =>
          option
            .setName(name)
            .setDescription(spec.description)
            .setDescriptionLocalizations(optionText)
            .addChoices(
              ...(choicesOf(name, spec.choices) as {
                name: string;
                value: string;
              }[]),
            ),
        );
    }
    return sub;
  })
  .addSubcommand((sub) => simple(sub, 'hand'))
  .addSubcommand((sub) => simple(sub, 'status'))
  .addSubcommand((sub) => simple(sub, 'chart'))
  .addSubcommand((sub) => simple(sub, 'rules'))
  .addSubcommand((sub) => simple(sub, 'cancel'))
  .addSubcommand((sub) => simple(sub, 'stats'))
  .addSubcommand((sub) => simple(sub, 'history'))
  .addSubcommand((sub) => simple(sub, 'export'))
  .addSubcommand((sub) =>
    simple(sub, 'profile').addUserOption((option) =>
      option.setName('user').setDescription(t('en', 'command.options.user')).setDescriptionLocalizations(localizations('command.options.user')),
    ),
  )
  .addSubcommand((sub) =>
    simple(sub, 'notify').addStringOption((option) =>
        option
          .setName('reminders')
        .setDescription(t('en', 'command.options.reminders'))
        .setDescriptionLocalizations(localizations('command.options.reminders'))
          .setRequired(true)
        .addChoices(
          ...(choicesOf('reminders', [
            { name: t('en', 'command.choices.reminders.on'), value: 'on' },
            { name: t('en', 'command.choices.reminders.off'), value: 'off' },
          ]) as { name: string; value: string }[]),
        ),
    ),
  );

function simple<
  Sub extends {
    setName(name: string): Sub;
    setDescription(text: string): Sub;
    setDescriptionLocalizations(map: LocalizationMap): Sub;
  },
>(sub: Sub, name: string): Sub {
  const key = `command.sub.${name}` as Key;
  return sub.setName(name).setDescription(t('en', key)).setDescriptionLocalizations(localizations(key));
}

/** Every command the bot registers, as JSON for Discord's API. */
export const commandDefinitions = [acquireCommand.toJSON()];
