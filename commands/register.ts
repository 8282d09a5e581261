/**
 * `npm run register`: publish the command definitions to Discord. With DISCORD_GUILD_ID they go
 * to that server only (visible at once, good while developing); otherwise globally.
 */
import 'dotenv/config';
import { REST, Routes } from 'discord.js';
import { ConfigError, loadConfig } from '../src/bot/config.js';
import { commandDefinitions } from './acquire.js';

async function register(): Promise<void> {
  const config = loadConfig();
  const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
  const application = (await rest.get(Routes.currentApplication())) as { id: string };
  const route = config.DISCORD_GUILD_ID ? Routes.applicationGuildCommands(application.id, config.DISCORD_GUILD_ID) : Routes.applicationCommands(application.id);
  await rest.put(route, { body: commandDefinitions });
  console.log(
    `Registered ${commandDefinitions.length} command(s) ${config.DISCORD_GUILD_ID ? `in guild ${config.DISCORD_GUILD_ID}` : 'globally (may take up to an hour to appear)'}.`,
  );
}

register().catch((error: unknown) => {
  if (error instanceof ConfigError) for (const problem of error.problems) console.error(`Configuration problem: ${problem}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
