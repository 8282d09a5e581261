import { randomBytes } from 'node:crypto';
import { ApplicationCommandOptionType, ApplicationCommandType, ComponentType, InteractionResponseType, InteractionType } from 'discord.js';
import { findComponent, walkComponents, type ComponentNode } from './components.js';
import type { Gateway } from './gateway.js';
import type { ChangeNotifier } from './notifier.js';
import { newId, type DoubleState, type GuildRecord, type InteractionRecord } from './state.js';
import type { InteractionCallback, InteractionView, RecordedCall, StoredMessage } from './types.js';

/** A user id or anything with one (an APIUser, a discord.js User). */
export type UserRef = string | { id: string };
/** A message id or anything with one (a StoredMessage, a discord.js Message). */
export type MessageRef = string | { id: string };

/**
 * A slash command option value. Plain values get their type from the registered command
 * when there is one, otherwise from the JavaScript type; pass `{ type, value }` to force it
 * (e.g. a USER option whose value is a user id).
 */
export type OptionValue = string | number | boolean | { type: ApplicationCommandOptionType; value: string | number | boolean };

export interface SlashCommandInput {
  guildId: string;
  channelId: string;
  user: UserRef;
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  options?: Record<string, OptionValue>;
}

export interface ButtonClickInput {
  message: MessageRef;
  customId: string;
  user: UserRef;
}

export interface SelectMenuInput {
  message: MessageRef;
  customId: string;
  values: string[];
  user: UserRef;
}

export interface ModalSubmitInput {
  /** The interaction the bot answered with a modal. */
  modalOf: InteractionHandle;
  /** Text input values (or select values) by custom id. */
  values: Record<string, string | string[]>;
}

export interface SettleOptions {
  timeoutMs?: number;
  /** An extra condition, e.g. "two follow-ups arrived". Checked after the default one. */
  until?: (view: InteractionView) => boolean;
}

const DEFAULT_TIMEOUT_MS = 2_000;
/** How long after the deadline a first answer that reached the double in time may take to be stored. */
const ANSWER_IN_FLIGHT_MS = 1_000;

/** This double's random part of every interaction token, drawn once. */
const TOKEN_PREFIX = `aW50ZXJhY3Rpb24.${randomBytes(32).toString('base64url')}`;
let tokensIssued = 0;

/**
 * An interaction token shaped like Discord's (64 characters of base64url after the prefix), unique
 * within the process: a random part drawn once and a count. Drawing 48 random bytes for every
 * interaction was about 1 % of the double's process time in a CPU profile of a load run.
 */
function nextInteractionToken(): string {
  return `${TOKEN_PREFIX}${(tokensIssued++).toString(36).padStart(21, '0')}`;
}
const callbackName = (type: InteractionResponseType): string => `${InteractionResponseType[type]} (type ${type})`;

/**
 * The test's grip on one interaction it sent: what the bot answered and when it is done.
 * `view()` is what the invoking user can see as a result of the interaction.
 */
export class InteractionHandle {
  constructor(
    private readonly record: InteractionRecord,
    /** The INTERACTION_CREATE `d` payload exactly as sent. */
    readonly payload: Record<string, unknown>,
    private readonly state: DoubleState,
    private readonly notifier: ChangeNotifier,
    private readonly calls: readonly RecordedCall[],
    /** How long the bot has to send the first answer (`interactionDeadlineMs`). */
    private readonly deadlineMs: number,
  ) {}

  get id(): string {
    return this.record.id;
  }

  get token(): string {
    return this.record.token;
  }

  get userId(): string {
    return this.record.userId;
  }

  /** When the double sent the interaction to the bot (Date.now(), the clock of a callback's `at`). */
  get dispatchedAt(): number {
    return this.record.dispatchedAt;
  }

  /** The ids of the gateway sessions the interaction was delivered to. */
  get deliveredTo(): readonly string[] {
    return this.record.deliveredTo;
  }

  view(): InteractionView {
    const { originalMessageId, followUpIds, callback, modal } = this.record;
    const message = (id: string) => this.state.messages.get(id) as StoredMessage;
    return {
      callback,
      original: originalMessageId ? message(originalMessageId) : null,
      followUps: followUpIds.map(message),
      modal,
    };
  }

  /** Resolves with the initial callback once the bot sent it. */
  async response(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<InteractionCallback> {
    await this.#firstAnswer(timeoutMs);
    return this.record.callback as InteractionCallback;
  }

  /**
   * Waits for the first answer, at most `timeoutMs`, and no longer than Discord would: once the
   * deadline has passed without one, the double refuses it, as Discord does (the user saw "This
   * interaction failed"), so there is nothing left to wait for. Returns the time left of `timeoutMs`.
   */
  async #firstAnswer(timeoutMs: number): Promise<number> {
    const started = Date.now();
    // A callback that reached the double just before the deadline is still being stored.
    const refusedAfter = this.record.dispatchedAt + this.deadlineMs + ANSWER_IN_FLIGHT_MS - started;
    const waitMs = Math.max(0, Math.min(timeoutMs, refusedAfter));
    await this.notifier.waitFor(
      () => this.record.callback !== null,
      waitMs,
      () =>
        this.#failure(
          waitMs < timeoutMs ? `no callback arrived within Discord's ${this.deadlineMs} ms (the user sees "This interaction failed")` : 'no callback arrived',
          waitMs,
        ),
      this.record.channelId,
    );
    return timeoutMs - (Date.now() - started);
  }

  /**
   * Resolves once the bot has finished answering: a callback arrived and, if it was
   * deferred (types 5 and 6), the bot then edited or deleted `@original` or sent a
   * follow-up. `until` adds a condition of the test's own.
   */
  async settled({ timeoutMs = DEFAULT_TIMEOUT_MS, until }: SettleOptions = {}): Promise<InteractionView> {
    const left = await this.#firstAnswer(timeoutMs);
    const done = () => this.#pendingReason() === null && (until ? until(this.view()) : true);
    // The answer happens in the interaction's channel; a test's own `until` may read anything.
    await this.notifier.waitFor(
      done,
      Math.max(0, left),
      () => this.#failure(this.#pendingReason() ?? 'the until() condition is still false', timeoutMs),
      until ? undefined : this.record.channelId,
    );
    return this.view();
  }

  #pendingReason(): string | null {
    const { callback, followedThrough } = this.record;
    if (!callback) return 'no callback arrived';
    const deferred =
      callback.type === InteractionResponseType.DeferredChannelMessageWithSource || callback.type === InteractionResponseType.DeferredMessageUpdate;
    if (deferred && !followedThrough) {
      return `the bot deferred with ${callbackName(callback.type)} but never edited @original nor sent a follow-up`;
    }
    return null;
  }

  /** Error text that lists what did happen, including REST errors the bot received. */
  #failure(reason: string, timeoutMs: number): string {
    const user = this.state.users.get(this.record.userId)?.username ?? this.record.userId;
    const failedCalls = this.calls
      .filter((call) => call.at >= this.record.dispatchedAt && call.status >= 400)
      .map((call) => `  ${call.method} ${call.path} -> ${call.status} ${JSON.stringify(call.error)}`);
    const { callback } = this.record;
    return [
      `discord-double: interaction ${this.record.label} by ${user} (id ${this.record.id}) not settled after ${timeoutMs} ms: ${reason}.`,
      `Callback: ${callback ? callbackName(callback.type) : 'none'}; follow-ups: ${this.record.followUpIds.length}.`,
      ...(failedCalls.length ? ['Failed REST calls since it was sent:', ...failedCalls] : []),
    ].join('\n');
  }
}

/** Builds INTERACTION_CREATE payloads shaped like Discord's and sends them through the gateway. */
export class InteractionDispatcher {
  /** Rewrites the next payload before it is sent (`DiscordDouble.malformed`); null sends it as built. */
  reshape: ((payload: Record<string, unknown>) => Record<string, unknown>) | null = null;

  constructor(
    private readonly state: DoubleState,
    private readonly gateway: Gateway,
    private readonly notifier: ChangeNotifier,
    private readonly calls: readonly RecordedCall[],
    private readonly deadlineMs: number,
  ) {}

  slashCommand(input: SlashCommandInput): InteractionHandle {
    const guild = this.#guild(input.guildId);
    const registered = this.#registeredCommand(guild.id, input.name);
    const path = [input.subcommandGroup, input.subcommand].filter((part): part is string => part !== undefined);
    const schema = this.#optionSchema(registered, path, input.name);

    const resolved: Record<string, Record<string, unknown>> = {};
    const leafOptions = Object.entries(input.options ?? {}).map(([name, raw]) => {
      const explicit = typeof raw === 'object' ? raw : undefined;
      const value = explicit ? explicit.value : (raw as string | number | boolean);
      const declared = schema?.find((option) => option.name === name);
      if (schema && !declared) throw new Error(`discord-double: /${[input.name, ...path].join(' ')} has no option "${name}"`);
      const type = explicit?.type ?? declared?.type ?? inferOptionType(value);
      this.#resolveOption(guild, type, String(value), resolved);
      return { name, type, value };
    });
    for (const option of schema ?? []) {
      if (option.required && !(option.name in (input.options ?? {}))) {
        throw new Error(`discord-double: /${[input.name, ...path].join(' ')} requires option "${option.name}"`);
      }
    }

    // Subcommands wrap the leaf options; a group wraps the subcommand.
    let options: unknown[] = leafOptions;
    if (input.subcommand) options = [{ name: input.subcommand, type: ApplicationCommandOptionType.Subcommand, options }];
    if (input.subcommandGroup) options = [{ name: input.subcommandGroup, type: ApplicationCommandOptionType.SubcommandGroup, options }];

    return this.#send({
      type: InteractionType.ApplicationCommand,
      guild,
      channelId: input.channelId,
      user: input.user,
      label: `/${[input.name, ...path].join(' ')}`,
      sourceMessage: null,
      data: {
        id: (registered?.id as string | undefined) ?? newId(),
        name: input.name,
        type: ApplicationCommandType.ChatInput,
        ...(registered?.guild_id ? { guild_id: registered.guild_id } : {}),
        options,
        ...(Object.keys(resolved).length ? { resolved } : {}),
      },
    });
  }

  clickButton(input: ButtonClickInput): InteractionHandle {
    const message = this.#clickableMessage(input.message, input.user);
    const button = this.#component(message, input.customId);
    if (button.type !== ComponentType.Button) {
      throw new Error(`discord-double: component "${input.customId}" is a ${ComponentType[button.type]}, not a button`);
    }
    return this.#sendComponent(message, input.user, `button "${input.customId}"`, {
      custom_id: input.customId,
      component_type: ComponentType.Button,
    });
  }

  /**
   * A button click Discord would deliver although no such button is on the message any more:
   * a stale client, a replayed request, or a hand-crafted custom id. Only the message must
   * exist and be visible to the user.
   */
  forgedClick(input: ButtonClickInput): InteractionHandle {
    const message = this.#clickableMessage(input.message, input.user);
    return this.#sendComponent(message, input.user, `forged button "${input.customId}"`, {
      custom_id: input.customId,
      component_type: ComponentType.Button,
    });
  }

  selectMenu(input: SelectMenuInput): InteractionHandle {
    const message = this.#clickableMessage(input.message, input.user);
    const menu = this.#component(message, input.customId);
    const selectTypes = [
      ComponentType.StringSelect,
      ComponentType.UserSelect,
      ComponentType.RoleSelect,
      ComponentType.MentionableSelect,
      ComponentType.ChannelSelect,
    ];
    if (!selectTypes.includes(menu.type)) {
      throw new Error(`discord-double: component "${input.customId}" is a ${ComponentType[menu.type]}, not a select menu`);
    }
    const min = menu.min_values ?? 1;
    const max = menu.max_values ?? 1;
    if (input.values.length < min || input.values.length > max) {
      throw new Error(`discord-double: select "${input.customId}" takes ${min}..${max} values, got ${input.values.length}`);
    }
    if (menu.type === ComponentType.StringSelect) {
      const allowed = new Set((menu.options ?? []).map((option) => option.value));
      const unknown = input.values.filter((value) => !allowed.has(value));
      if (unknown.length) throw new Error(`discord-double: select "${input.customId}" has no option(s) ${unknown.join(', ')}`);
    }
    const resolved: Record<string, Record<string, unknown>> = {};
    if (menu.type === ComponentType.UserSelect) {
      const guild = this.#guild(message.guildId as string);
      for (const value of input.values) this.#resolveOption(guild, ApplicationCommandOptionType.User, value, resolved);
    }
    return this.#sendComponent(message, input.user, `select "${input.customId}"`, {
      custom_id: input.customId,
      component_type: menu.type,
      values: input.values,
      ...(Object.keys(resolved).length ? { resolved } : {}),
    });
  }

  submitModal(input: ModalSubmitInput): InteractionHandle {
    const opener = input.modalOf.view();
    const modal = opener.modal;
    if (!modal) throw new Error(`discord-double: interaction ${input.modalOf.id} was not answered with a modal`);
    const known = new Set<string>();

    // Text inputs come back as `value`, selects as `values`; text displays carry no data.
    const submitted = (component: ComponentNode): Record<string, unknown> => {
      if (component.custom_id === undefined) return { type: component.type, id: component.id };
      known.add(component.custom_id);
      const given = input.values[component.custom_id];
      if (given === undefined && component.required !== false && component.type === ComponentType.TextInput) {
        throw new Error(`discord-double: modal "${modal.customId}" requires a value for "${component.custom_id}"`);
      }
      return Array.isArray(given)
        ? { type: component.type, id: component.id, custom_id: component.custom_id, values: given }
        : { type: component.type, id: component.id, custom_id: component.custom_id, value: given ?? '' };
    };
    const components = (modal.components as ComponentNode[]).map((top) =>
      top.component
        ? { type: top.type, id: top.id, component: submitted(top.component) }
        : top.components
          ? { type: top.type, id: top.id, components: top.components.map(submitted) }
          : submitted(top),
    );
    const extra = Object.keys(input.values).filter((id) => !known.has(id));
    if (extra.length) throw new Error(`discord-double: modal "${modal.customId}" has no input(s) ${extra.join(', ')}`);

    const payload = input.modalOf.payload as {
      guild_id: string;
      channel_id: string;
    };
    const sourceMessageId = (payload as { message?: { id: string } }).message?.id;
    const sourceMessage = sourceMessageId ? (this.state.messages.get(sourceMessageId) ?? null) : null;
    return this.#send({
      type: InteractionType.ModalSubmit,
      guild: this.#guild(payload.guild_id),
      channelId: payload.channel_id,
      user: input.modalOf.userId,
      label: `modal "${modal.customId}"`,
      sourceMessage,
      data: { custom_id: modal.customId, components },
    });
  }

  // ---- helpers ------------------------------------------------------------------------------

  #guild(guildId: string): GuildRecord {
    const guild = this.state.guilds.get(guildId);
    if (!guild) throw new Error(`discord-double: unknown guild ${guildId}`);
    return guild;
  }

  #registeredCommand(guildId: string, name: string): Record<string, unknown> | undefined {
    const isChatInput = (command: Record<string, unknown>) => command.name === name && command.type === ApplicationCommandType.ChatInput;
    return (this.state.commands.get(guildId) ?? []).find(isChatInput) ?? (this.state.commands.get('global') ?? []).find(isChatInput);
  }

  /** The declared options at the end of the subcommand path, or undefined when the command is not registered. */
  #optionSchema(registered: Record<string, unknown> | undefined, path: string[], name: string) {
    type Declared = {
      name: string;
      type: ApplicationCommandOptionType;
      required?: boolean;
      options?: Declared[];
    };
    if (!registered) return undefined;
    let options = (registered.options as Declared[] | undefined) ?? [];
    for (const part of path) {
      const next = options.find((option) => option.name === part);
      if (!next) throw new Error(`discord-double: registered command /${name} has no subcommand "${part}"`);
      options = next.options ?? [];
    }
    return options;
  }

  /** Adds the `resolved` entries Discord sends alongside user, channel and role option values. */
  #resolveOption(guild: GuildRecord, type: ApplicationCommandOptionType, id: string, resolved: Record<string, Record<string, unknown>>): void {
    const add = (kind: string, key: string, value: unknown) => {
      resolved[kind] = { ...resolved[kind], [key]: value };
    };
    if (type === ApplicationCommandOptionType.User || type === ApplicationCommandOptionType.Mentionable) {
      const user = this.state.users.get(id);
      if (user) add('users', id, user);
      const member = guild.members.get(id);
      if (member) {
        const { user: _user, ...memberWithoutUser } = this.state.memberJson(guild, member);
        add('members', id, { ...memberWithoutUser, permissions: this.state.permissionsOf(guild, id).toString() });
      }
    }
    if (type === ApplicationCommandOptionType.Channel) {
      const channel = guild.channels.find((c) => c.id === id);
      if (channel) add('channels', id, { ...this.state.channelJson(channel), permissions: '0' });
    }
    if (type === ApplicationCommandOptionType.Role || type === ApplicationCommandOptionType.Mentionable) {
      const role = guild.roles.find((r) => r.id === id);
      if (role) add('roles', id, this.state.roleJson(role));
    }
  }

  #clickableMessage(ref: MessageRef, userRef: UserRef): StoredMessage {
    const id = typeof ref === 'string' ? ref : ref.id;
    const message = this.state.messages.get(id);
    if (!message || message.deleted) throw new Error(`discord-double: message ${id} does not exist (or was deleted)`);
    const userId = typeof userRef === 'string' ? userRef : userRef.id;
    if (message.ephemeral && message.visibleTo !== userId) {
      throw new Error(`discord-double: message ${id} is ephemeral and only visible to user ${message.visibleTo}`);
    }
    return message;
  }

  /** Finds an enabled component, or explains what the message offers instead. */
  #component(message: StoredMessage, customId: string): ComponentNode {
    const component = findComponent(message.components, customId);
    if (!component) {
      const ids = [...collectCustomIds(message.components)];
      throw new Error(`discord-double: message ${message.id} has no component "${customId}" (it has: ${ids.join(', ') || 'none'})`);
    }
    if (component.disabled) throw new Error(`discord-double: component "${customId}" on message ${message.id} is disabled`);
    return component;
  }

  #sendComponent(message: StoredMessage, user: UserRef, label: string, data: Record<string, unknown>): InteractionHandle {
    return this.#send({
      type: InteractionType.MessageComponent,
      guild: this.#guild(message.guildId as string),
      channelId: message.channelId,
      user,
      label,
      sourceMessage: message,
      data,
    });
  }

  #send(spec: {
    type: InteractionType;
    guild: GuildRecord;
    channelId: string;
    user: UserRef;
    label: string;
    sourceMessage: StoredMessage | null;
    data: Record<string, unknown>;
  }): InteractionHandle {
    if (!this.gateway.hasReadySession) throw new Error('discord-double: no client has identified on the gateway yet');
    const { state } = this;
    const { guild } = spec;
    const userId = typeof spec.user === 'string' ? spec.user : spec.user.id;
    const member = guild.members.get(userId);
    if (!member) throw new Error(`discord-double: user ${userId} is not a member of guild ${guild.id}`);
    const channel = guild.channels.find((c) => c.id === spec.channelId);
    if (!channel) throw new Error(`discord-double: channel ${spec.channelId} is not in guild ${guild.id}`);

    const record: InteractionRecord = {
      id: newId(),
      token: nextInteractionToken(),
      type: spec.type,
      userId,
      guildId: guild.id,
      channelId: channel.id,
      label: spec.label,
      sourceMessageId: spec.sourceMessage?.id ?? null,
      dispatchedAt: Date.now(),
      callback: null,
      originalMessageId: null,
      followUpIds: [],
      followedThrough: false,
      modal: null,
      deliveredTo: [],
    };
    const permissions = state.permissionsOf(guild, userId).toString();
    const payload: Record<string, unknown> = {
      id: record.id,
      application_id: state.applicationId,
      type: spec.type,
      token: record.token,
      version: 1,
      guild_id: guild.id,
      guild: { id: guild.id, locale: guild.locale ?? 'en-US', features: [] },
      guild_locale: guild.locale ?? 'en-US',
      channel_id: channel.id,
      channel: { ...state.channelJson(channel), permissions },
      member: { ...state.memberJson(guild, member), permissions },
      locale: state.userLocales.get(userId) ?? 'en-US',
      app_permissions: state.permissionsOf(guild, state.botUser.id).toString(),
      // discord.js reads these two unconditionally; without them its gateway handler throws.
      entitlements: [],
      authorizing_integration_owners: { '0': guild.id },
      context: 0,
      attachment_size_limit: 10 * 1024 * 1024,
      data: spec.data,
      ...(spec.sourceMessage ? { message: state.messageJson(spec.sourceMessage) } : {}),
    };
    state.interactions.set(record.id, record);
    state.interactionsByToken.set(record.token, record);
    const sent = this.reshape ? this.reshape(structuredClone(payload)) : payload;
    record.deliveredTo = this.gateway.dispatchInteraction(sent, guild.id);
    if (record.deliveredTo.length === 0) throw new Error(`discord-double: no gateway session serves guild ${guild.id} (check the shards)`);
    return new InteractionHandle(record, payload, state, this.notifier, this.calls, this.deadlineMs);
  }
}

function inferOptionType(value: string | number | boolean): ApplicationCommandOptionType {
  if (typeof value === 'boolean') return ApplicationCommandOptionType.Boolean;
  if (typeof value === 'number') return Number.isInteger(value) ? ApplicationCommandOptionType.Integer : ApplicationCommandOptionType.Number;
  return ApplicationCommandOptionType.String;
}

function* collectCustomIds(components: readonly unknown[]): Generator<string> {
  for (const node of walkComponents(components)) if (node.custom_id !== undefined) yield node.custom_id;
}
