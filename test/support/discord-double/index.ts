/**
 * A local Discord API double (REST + gateway) for integration tests that drive the real
 * discord.js Client. See DiscordDouble for the entry point.
 */
export {
  DiscordDouble,
  type CreateGuildOptions,
  type DiscordDoubleOptions,
  type DoubleClientOptions,
  type GuildFixture,
} from './discord-double.js';
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
