import { ApplicationCommandType } from 'discord.js';
import type { RestEnvironment } from './environment.js';
import { apiErrors } from './errors.js';
import type { Router } from './router.js';
import { newId } from './state.js';

type CommandBody = Record<string, unknown> & { name?: unknown; type?: unknown; description?: unknown };

/** Gateway discovery, the application itself and application command registration. */
export function registerApplicationRoutes(router: Router, env: RestEnvironment): void {
  const { state } = env;

  // The client asks where the gateway is before connecting; this is how it finds the double's.
  router.add('GET', '/gateway/bot', () => ({
    status: 200,
    json: {
      url: env.gatewayUrl(),
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
    },
  }));
  router.add('GET', '/gateway', () => ({ status: 200, json: { url: env.gatewayUrl() } }), { auth: false });

  router.add('GET', '/applications/@me', () => ({
    status: 200,
    json: {
      id: state.applicationId,
      name: state.botUser.username,
      icon: null,
      description: '',
      summary: '',
      bot_public: true,
      bot_require_code_grant: false,
      bot: state.botUser,
      owner: state.botUser,
      team: null,
      verify_key: '0'.repeat(64),
      flags: 0,
      tags: [],
      integration_types_config: { '0': {} },
    },
  }));

  /** `global` or the guild id: where a command list lives. */
  const scopeOf = (applicationId: string, guildId?: string): string => {
    if (applicationId !== state.applicationId) throw apiErrors.unknownWebhook();
    if (guildId !== undefined && !state.guilds.has(guildId)) throw apiErrors.unknownGuild();
    return guildId ?? 'global';
  };

  /** Stores one command as Discord would return it; a command keeps its id across overwrites. */
  const toRegistered = (scope: string, raw: CommandBody, index: number, previous: Record<string, unknown>[]) => {
    const type = Number(raw.type ?? ApplicationCommandType.ChatInput);
    const name = String(raw.name ?? '');
    const valid = type === ApplicationCommandType.ChatInput ? /^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$/u : /^.{1,32}$/u;
    if (!valid.test(name)) throw apiErrors.invalidFormBody(`${index}.name`, 'APPLICATION_COMMAND_INVALID_NAME', `Command name "${name}" is invalid.`);
    const description = String(raw.description ?? '');
    if (type === ApplicationCommandType.ChatInput && (description.length < 1 || description.length > 100)) {
      throw apiErrors.invalidFormBody(`${index}.description`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    }
    const existing = previous.find((command) => command.name === name && command.type === type);
    return {
      default_member_permissions: null,
      nsfw: false,
      contexts: null,
      integration_types: [0],
      options: [],
      ...raw,
      id: existing?.id ?? newId(),
      application_id: state.applicationId,
      ...(scope === 'global' ? {} : { guild_id: scope }),
      type,
      name,
      description,
      version: newId(),
    };
  };

  const list = (scope: string) => ({ status: 200, json: state.commands.get(scope) ?? [] });

  const overwrite = (scope: string, body: unknown) => {
    if (!Array.isArray(body)) throw apiErrors.invalidFormBody('_root', 'BASE_TYPE_ARRAY', 'Expected an array of commands.');
    const previous = state.commands.get(scope) ?? [];
    const commands = (body as CommandBody[]).map((raw, index) => toRegistered(scope, raw, index, previous));
    state.commands.set(scope, commands);
    return { status: 200, json: commands };
  };

  const upsert = (scope: string, body: unknown) => {
    const previous = state.commands.get(scope) ?? [];
    const command = toRegistered(scope, (body ?? {}) as CommandBody, 0, previous);
    const replaced = previous.some((c) => c.id === command.id);
    state.commands.set(scope, [...previous.filter((c) => c.id !== command.id), command]);
    return { status: replaced ? 200 : 201, json: command };
  };

  router.add('GET', '/applications/:applicationId/commands', ({ param }) => list(scopeOf(param('applicationId'))));
  router.add('PUT', '/applications/:applicationId/commands', ({ param, body }) => overwrite(scopeOf(param('applicationId')), body));
  router.add('POST', '/applications/:applicationId/commands', ({ param, body }) => upsert(scopeOf(param('applicationId')), body));
  router.add('GET', '/applications/:applicationId/guilds/:guildId/commands', ({ param }) => list(scopeOf(param('applicationId'), param('guildId'))));
  router.add('PUT', '/applications/:applicationId/guilds/:guildId/commands', ({ param, body }) =>
    overwrite(scopeOf(param('applicationId'), param('guildId')), body),
  );
  router.add('POST', '/applications/:applicationId/guilds/:guildId/commands', ({ param, body }) =>
    upsert(scopeOf(param('applicationId'), param('guildId')), body),
  );
}
