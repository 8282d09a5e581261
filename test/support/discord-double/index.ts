/**
 * A local Discord API double (REST + gateway) for integration tests that drive the real
 * discord.js Client. See DiscordDouble for the entry point.
 *
 * @example
 * const double = new DiscordDouble();
 * await double.start();
 * const guild = double.createGuild({ users: 3 });
 * const client = new Client({ intents: [GatewayIntentBits.Guilds], ...double.clientOptions() });
 * const ready = once(client, Events.ClientReady);
 * await client.login(double.token);
 * await ready;
 * const view = await double
 *   .slashCommand({ guildId: guild.id, channelId: guild.channelId, user: guild.users[0]!, name: 'acquire', subcommand: 'start' })
 *   .settled();
 * // view.original / view.followUps: what that user saw; double.channelMessages(guild.channelId): the public channel.
 * await client.destroy(); // before stop(), or the client keeps trying to reconnect
 * await double.stop();
 */
export {
  DiscordDouble,
  type ChannelActivity,
  type CreateGuildOptions,
  type DiscordDoubleOptions,
  type DoubleClientOptions,
  type GuildFixture,
} from './discord-double.js';
export type { Identification, InteractionDelivery } from './gateway.js';
export { DISCORD_RATE_LIMITS, FAST_TEST_RATE_LIMITS, type RateLimitOptions } from './rate-limits.js';
export {
  InteractionHandle,
  type ButtonClickInput,
  type MessageRef,
  type ModalSubmitInput,
  type OptionValue,
  type SelectMenuInput,
  type SettleOptions,
  type SlashCommandInput,
  type UserRef,
} from './interactions.js';
export type {
  InteractionCallback,
  InteractionView,
  RecordedCall,
  ShownModal,
  StoredAttachment,
  StoredMessage,
  UploadedFile,
} from './types.js';
