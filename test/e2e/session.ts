/**
 * Helpers for the command tests: a fresh server per test on one shared bot, users acting
 * through the double, and the checks every test makes (each interaction answered, no REST
 * error, at most one public message with buttons).
 */
import { Routes, type APIUser } from 'discord.js';
import { expect } from 'vitest';
import { commandDefinitions } from '../../commands/acquire.js';
import { findLiveGame, type StoredGame } from '../../src/store/index.js';
import type { GuildFixture, InteractionHandle, InteractionView, OptionValue, StoredMessage } from '../support/discord-double/index.js';
import { decodeEnvelope } from '../../src/bot/components.js';
import { walkComponents } from '../support/discord-double/components.js';
import { SETTLE_MS, buttonsOf, hasButtons, messageText, privateFollowUps, type Harness } from './harness.js';
import { writeShownTables } from '../../src/bot/table/publish.js';

export interface Answer {
  view: InteractionView;
  /** What the user sees as the answer: the last private follow-up, else the reply (or updated message). */
  message: StoredMessage | null;
}

export interface ButtonInfo {
  customId: string;
  label: string;
  kind: string;
  arg: string;
  disabled: boolean;
}

/** Every button of a message, disabled ones included. */
export function allButtons(message: StoredMessage | null | undefined): ButtonInfo[] {
  if (!message) return [];
  const enabled = new Set(buttonsOf(message).map((button) => button.customId));
  const result: ButtonInfo[] = [];
  for (const component of walkComponents(message.components)) {
    if (component.type !== 2 || !component.custom_id) continue;
    const id = decodeEnvelope(component.custom_id);
    const [kind, arg] = [id?.kind ?? '?', id?.argText ?? ''];
    result.push({ customId: component.custom_id, label: String(component.label ?? ''), kind, arg, disabled: !enabled.has(component.custom_id) });
  }
  return result;
}

export function buttonOf(message: StoredMessage | null | undefined, kind: string, arg?: string): ButtonInfo {
  const found = allButtons(message).find((button) => button.kind === kind && (arg === undefined || button.arg === arg));
  if (!found)
    throw new Error(
      `no ${kind} button on message ${message?.id}: ${allButtons(message)
        .map((button) => button.kind)
        .join(', ')}`,
    );
  return found;
}

/** Waits for a condition the double cannot announce (the client's own cache). */
async function poll(condition: () => boolean, what: string, timeoutMs = SETTLE_MS): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A server of its own for one test, on the shared bot: its own channels, members and
 * leaderboard. `users[0]` owns the server (and so has every permission).
 */
export class Server {
  readonly handles: InteractionHandle[] = [];
  private readonly firstCall: number;

  private constructor(
    readonly h: Harness,
    readonly guild: GuildFixture,
  ) {
    this.firstCall = h.double.calls.length;
  }

  static async open(h: Harness, options: { users: number; channels?: string[] }): Promise<Server> {
    const guild = h.double.createGuild({ users: options.users, channels: options.channels ?? ['acquire'] });
    const client = h.bot.context.client;
    await poll(() => client.guilds.cache.has(guild.id), `the bot to see guild ${guild.id}`);
    // Through the bot's rate-limited queue: the client's own answers queue is not held to the global limit.
    await h.bot.context.channelRest.put(Routes.applicationGuildCommands(h.double.botUser.id, guild.id), { body: commandDefinitions });
    return new Server(h, guild);
  }

  /** The harness seen from this server, for helpers that play in `harness.guild` (the Table). */
  harness(): Harness {
    return { ...this.h, guild: this.guild };
  }

  get users(): APIUser[] {
    return this.guild.users;
  }

  channel(index = 0): string {
    return this.guild.channels[index]!.id;
  }

  /** `/acquire <subcommand>` as `user`, answered. */
  async command(user: APIUser, subcommand: string, options: Record<string, OptionValue> = {}, channelId = this.guild.channelId): Promise<Answer> {
    return this.settle(this.h.double.slashCommand({ guildId: this.guild.id, channelId, user, name: 'acquire', subcommand, options }), channelId);
  }

  /** Clicks a button shown on `message` (the double refuses disabled or absent ones). */
  async click(message: StoredMessage, customId: string, user: APIUser): Promise<Answer> {
    return this.settle(this.h.double.clickButton({ message, customId, user }), message.channelId);
  }

  /** A click on a custom id that is not (or no longer) an enabled button of `message`. */
  async forged(message: StoredMessage, customId: string, user: APIUser): Promise<Answer> {
    return this.settle(this.h.double.forgedClick({ message, customId, user }), message.channelId);
  }

  private async settle(handle: InteractionHandle, channelId: string): Promise<Answer> {
    this.handles.push(handle);
    const view = await handle.settled({ timeoutMs: SETTLE_MS });
    // The player is answered first; the table is told a moment later.
    await this.h.bot.context.locks.idle();
    expectAtMostOneButtonedMessage(this.h, channelId);
    return { view, message: privateFollowUps(view).at(-1) ?? view.original ?? null };
  }

  /** The current state of a message (its latest edit). */
  message(id: string): StoredMessage {
    const message = this.h.double.message(id);
    if (!message) throw new Error(`no message ${id}`);
    return message;
  }

  publicMessages(channelId = this.guild.channelId): StoredMessage[] {
    return this.h.double.channelMessages(channelId);
  }

  /** The channel's live game as stored, once the bot has written down what its tables show (as its tick does). */
  async liveGame(channelId = this.guild.channelId): Promise<StoredGame | null> {
    await writeShownTables(this.h.bot.context);
    return findLiveGame(this.h.database.prisma, channelId);
  }

  async gamesIn(channelId = this.guild.channelId): Promise<number> {
    return this.h.database.prisma.game.count({ where: { channelId } });
  }

  /** Opens a lobby as `host`, seats `others`, and returns the lobby message. */
  async openLobby(host: APIUser, others: APIUser[] = [], options: Record<string, OptionValue> = {}, channelId = this.guild.channelId): Promise<StoredMessage> {
    const { message } = await this.command(host, 'start', options, channelId);
    expect(message?.ephemeral, 'the lobby is public').toBe(false);
    for (const user of others) {
      const lobby = this.message(message!.id);
      const joined = await this.click(lobby, buttonOf(lobby, 'join').customId, user);
      expect(privateFollowUps(joined.view), `${user.username} joins without a refusal`).toEqual([]);
    }
    return this.message(message!.id);
  }

  /** Opens a lobby, seats everyone given, and has the host start the game. */
  async startGame(
    host: APIUser,
    others: APIUser[],
    options: Record<string, OptionValue> = {},
    channelId = this.guild.channelId,
  ): Promise<{ lobby: StoredMessage; game: StoredGame }> {
    const lobby = await this.openLobby(host, others, options, channelId);
    const started = await this.click(lobby, buttonOf(lobby, 'start').customId, host);
    expect(privateFollowUps(started.view), 'the start is not refused').toEqual([]);
    const game = await this.liveGame(channelId);
    expect(game?.status).toBe('active');
    return { lobby: this.message(lobby.id), game: game! };
  }

  /**
   * Every interaction sent in this server got its answer (a callback, then the deferred reply
   * completed), and no REST call of the bot since the server opened failed or missed a route.
   */
  expectEverythingAnswered(): void {
    for (const handle of this.handles) {
      const view = handle.view();
      expect(view.callback, `interaction ${handle.id} was answered`).not.toBeNull();
    }
    const calls = this.h.double.calls.slice(this.firstCall);
    // A 429 is Discord pacing the bot, as it may in production: discord.js waits and sends the
    // request again. It counts as refused only if that request never went through afterwards.
    // (Staying within the limits is checked by test/e2e/rest-queues.test.ts.)
    const retried = (index: number) =>
      calls.slice(index + 1).some((later) => later.method === calls[index]!.method && later.path === calls[index]!.path && later.status < 400);
    const failed = calls
      .filter((call, index) => call.status >= 400 && !(call.status === 429 && retried(index)))
      .map((call) => `${call.method} ${call.path} -> ${call.status} ${JSON.stringify(call.error)}`);
    expect(failed, 'REST calls the double refused (10062: an interaction answered too late)').toEqual([]);
    expect(calls.filter((call) => call.unhandled).map((call) => `${call.method} ${call.path}`)).toEqual([]);
  }
}

/** Old public messages lose their buttons: at most one public message in a channel has any. */
export function expectAtMostOneButtonedMessage(h: Harness, channelId: string): void {
  const withButtons = h.double.channelMessages(channelId).filter(hasButtons);
  expect(withButtons.length, `public messages with buttons: ${withButtons.map((message) => message.id).join(', ')}`).toBeLessThanOrEqual(1);
}

/**
 * Watches a channel and its threads at every REST call and gateway event, not only between
 * interactions, and collects the moments when more than one public message of one had buttons.
 */
export function watchButtonedMessages(h: Harness, channelId: string): { stop(): Promise<string[]> } {
  const moments: string[] = [];
  let watching = true;
  const watched = h.double
    .waitFor(
      () => {
        // The channel, and each thread a game plays in.
        for (const watched of [channelId, ...h.double.threads(channelId).map((thread) => thread.id)]) {
          const buttoned = h.double.channelMessages(watched).filter(hasButtons);
          const last = h.double.calls.at(-1);
          if (buttoned.length > 1) moments.push(`after ${last?.method} ${last?.path}: ${buttoned.map((message) => message.id).join(', ')}`);
        }
        return !watching;
      },
      { timeoutMs: 60_000, description: 'the watch' },
    )
    .catch(() => undefined);
  return {
    async stop() {
      watching = false;
      // The watcher lets go at the next change; one harmless request makes one.
      await h.bot.context.client.rest.get(`/channels/${channelId}`);
      await watched;
      return moments;
    },
  };
}

/** The text of a message: content, Components V2 text displays, and every embed's title, description and fields. */
export function textOf(message: StoredMessage | null | undefined): string {
  if (!message) return '';
  const embeds = message.embeds.map((embed) =>
    [embed.title, embed.description, ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]), embed.footer?.text].filter(Boolean).join('\n'),
  );
  return [messageText(message), ...embeds].filter(Boolean).join('\n');
}

export function isPng(data: Buffer | undefined): boolean {
  return data?.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) === true;
}
