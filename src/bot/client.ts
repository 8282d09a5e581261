/**
 * The bot: a discord.js client with only the Guilds intent, wired to the one interaction router.
 */
import { Client, Events, GatewayIntentBits, type ClientOptions } from 'discord.js';
import type { PrismaClient } from '../store/index.js';
import { GameLocks, type BotContext } from './context.js';
import type { Logger } from './logger.js';
import { routeInteraction } from './router.js';

export interface BotOptions {
  db: PrismaClient;
  log: Logger;
  /** Extra client options (tests point `rest` at the local Discord double). */
  clientOptions?: Partial<ClientOptions>;
  now?: () => Date;
}

export interface Bot {
  context: BotContext;
  /** Logs in and resolves once the client is ready. */
  start(token: string): Promise<void>;
  /** Stops taking interactions, waits for those in flight, and logs out. */
  stop(): Promise<void>;
}

export function createBot(options: BotOptions): Bot {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], ...options.clientOptions });
  const context: BotContext = { client, db: options.db, log: options.log, now: options.now ?? (() => new Date()), locks: new GameLocks() };
  const inFlight = new Set<Promise<void>>();
  let accepting = true;

  client.on(Events.InteractionCreate, (interaction) => {
    if (!accepting) return;
    const work = routeInteraction(context, interaction).finally(() => inFlight.delete(work));
    inFlight.add(work);
  });
  client.on(Events.Error, (error) => options.log.error({ err: error }, 'discord client error'));

  return {
    context,
    async start(token) {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(token);
      await ready;
      options.log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'bot online');
    },
    async stop() {
      accepting = false;
      await Promise.allSettled([...inFlight]);
      await client.destroy();
    },
  };
}
