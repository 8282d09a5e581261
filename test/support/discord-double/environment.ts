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
  /** How long after INTERACTION_CREATE a callback is still accepted (Discord: 3 s). */
  interactionDeadlineMs: number;
}

/**
 * Tells sessions with the GuildMessages intent about a public message change, as the
 * gateway does. Ephemeral messages are never dispatched.
 */
export function announceMessage(env: RestEnvironment, event: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE' | 'MESSAGE_DELETE', message: StoredMessage): void {
  if (message.ephemeral) return;
  const data =
    event === 'MESSAGE_DELETE'
      ? { id: message.id, channel_id: message.channelId, guild_id: message.guildId }
      : env.state.messageJson(message);
  env.dispatch(event, data, GatewayIntentBits.GuildMessages);
}
