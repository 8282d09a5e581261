import { GatewayIntentBits } from 'discord.js';
import type { DoubleState } from './state.js';
import type { StoredMessage } from './types.js';

/** What REST route handlers need from the rest of the double. */
export interface RestEnvironment {
  state: DoubleState;
  token: string;
  gatewayUrl(): string;
  /** Sends a dispatch to every identified gateway session whose intents include `intent` (if given). */
  dispatch(event: string, data: unknown, intent?: GatewayIntentBits): void;
  /** Whether some identified session serving `guildId` (null: a direct message) has `intent`. */
  wants(intent: GatewayIntentBits, guildId: string | null): boolean;
  /** How long after INTERACTION_CREATE a callback is still accepted (Discord: 3 s). */
  interactionDeadlineMs: number;
}

/**
 * Tells sessions with the GuildMessages intent about a public message change, as the
 * gateway does. Ephemeral messages are never dispatched. Every change to a stored message
 * comes through here (ephemeral ones too), so this is also where its channel's version moves
 * on (`MessageIndex#versionOf`). The message's JSON is built only when some session will get
 * it: a bot without the intent (ours asks for Guilds alone) is sent nothing, and at the load
 * bench's pace building it for no one was a share of the double's CPU.
 */
export function announceMessage(env: RestEnvironment, event: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE' | 'MESSAGE_DELETE', message: StoredMessage): void {
  env.state.messages.touched(message);
  if (message.ephemeral || !env.wants(GatewayIntentBits.GuildMessages, message.guildId)) return;
  const data = event === 'MESSAGE_DELETE' ? { id: message.id, channel_id: message.channelId, guild_id: message.guildId } : env.state.messageJson(message);
  env.dispatch(event, data, GatewayIntentBits.GuildMessages);
}
