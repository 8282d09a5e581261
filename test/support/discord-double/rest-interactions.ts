import { InteractionResponseType, InteractionType, MessageFlags, MessageType } from 'discord.js';
import { announceMessage, type RestEnvironment } from './environment.js';
import { apiErrors, DiscordApiError } from './errors.js';
import { applyMessageBody, blankMessage, notePings, validateLabels } from './messages.js';
import type { RouteContext, Router } from './router.js';
import type { InteractionRecord } from './state.js';
import type { StoredMessage, UploadedFile } from './types.js';

/**
 * Interaction callbacks and the interaction webhook (`@original` and follow-ups). These
 * routes authenticate with the interaction token in the path, not the bot token.
 */
export function registerInteractionRoutes(router: Router, env: RestEnvironment): void {
  const { state } = env;
  const noAuth = { auth: false };

  /** A new message owned by an interaction: its reply or a follow-up. */
  const interactionMessage = (interaction: InteractionRecord, ephemeral: boolean): StoredMessage =>
    blankMessage({
      channelId: interaction.channelId,
      guildId: interaction.guildId,
      author: state.botUser,
      type: interaction.type === InteractionType.ApplicationCommand ? MessageType.ChatInputCommand : MessageType.Default,
      webhookId: state.applicationId,
      interactionId: interaction.id,
      ephemeral,
      visibleTo: ephemeral ? interaction.userId : null,
      flags: ephemeral ? MessageFlags.Ephemeral : 0,
    });

  const store = (message: StoredMessage): StoredMessage => {
    state.messages.set(message.id, message);
    announceMessage(env, 'MESSAGE_CREATE', message);
    return message;
  };

  const sourceMessageOf = (interaction: InteractionRecord): StoredMessage => {
    const message = interaction.sourceMessageId ? state.messages.get(interaction.sourceMessageId) : undefined;
    if (!message || message.deleted) {
      throw new DiscordApiError(400, 40004, 'Update callbacks are only valid for interactions on a message.');
    }
    return message;
  };

  router.add(
    'POST',
    '/interactions/:interactionId/:token/callback',
    ({ param, body, files, query }) => {
      const interaction = state.interactions.get(param('interactionId'));
      if (!interaction || interaction.token !== param('token')) throw apiErrors.unknownInteraction();
      if (interaction.callback) throw apiErrors.alreadyAcknowledged();
      // Discord forgets interactions that were not acknowledged within three seconds.
      if (Date.now() - interaction.dispatchedAt > env.interactionDeadlineMs) throw apiErrors.unknownInteraction();

      const { type, data = {} } = (body ?? {}) as {
        type: InteractionResponseType;
        data?: Record<string, unknown>;
      };
      let ephemeral = (Number(data.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
      let original: StoredMessage | null = null;

      switch (type) {
        case InteractionResponseType.ChannelMessageWithSource:
          original = interactionMessage(interaction, ephemeral);
          applyMessageBody(original, data, files);
          notePings(original, data);
          store(original);
          break;
        case InteractionResponseType.DeferredChannelMessageWithSource:
          // The "Bot is thinking..." placeholder: an empty message flagged as loading.
          original = store(interactionMessage(interaction, ephemeral));
          original.flags |= MessageFlags.Loading;
          break;
        case InteractionResponseType.DeferredMessageUpdate:
          original = sourceMessageOf(interaction);
          ephemeral = original.ephemeral;
          break;
        case InteractionResponseType.UpdateMessage:
          original = sourceMessageOf(interaction);
          ephemeral = original.ephemeral;
          applyMessageBody(original, data, files);
          original.editedAt = Date.now();
          announceMessage(env, 'MESSAGE_UPDATE', original);
          break;
        case InteractionResponseType.Modal:
          if (interaction.type === InteractionType.ModalSubmit) {
            throw new DiscordApiError(400, 40004, 'A modal submit interaction cannot be answered with a modal.');
          }
          if (String(data.title ?? '').length > 45) throw apiErrors.invalidFormBody('data.title', 'BASE_TYPE_MAX_LENGTH', 'Must be 45 or fewer in length.');
          validateLabels((data.components as unknown[] | undefined) ?? []);
          interaction.modal = {
            customId: String(data.custom_id),
            title: String(data.title),
            components: (data.components as unknown[] | undefined) ?? [],
          };
          break;
        case InteractionResponseType.ApplicationCommandAutocompleteResult:
          break;
        default:
          throw apiErrors.invalidFormBody('type', 'BASE_TYPE_CHOICES', `Unsupported interaction callback type ${String(type)}.`);
      }

      interaction.callback = { type, data, ephemeral, at: Date.now() };
      interaction.originalMessageId = original?.id ?? null;
      // An answer that changes no message (a deferred update, a form) is still news in its channel.
      state.changedChannels.add(interaction.channelId);
      if (query.get('with_response') !== 'true') return { status: 204 };
      return {
        status: 200,
        json: {
          interaction: {
            id: interaction.id,
            type: interaction.type,
            response_message_id: original?.id,
            response_message_loading: type === InteractionResponseType.DeferredChannelMessageWithSource,
            response_message_ephemeral: ephemeral,
          },
          resource: { type, ...(original ? { message: state.messageJson(original) } : {}) },
        },
      };
    },
    noAuth,
  );

  const interactionOfWebhook = ({ param }: RouteContext): InteractionRecord => {
    if (param('applicationId') !== state.applicationId) throw apiErrors.unknownWebhook();
    // Looked up, not searched: under load the double holds tens of thousands of interactions,
    // and a scan on every webhook call made its own lag part of the latency it measures.
    const interaction = state.interactionsByToken.get(param('token'));
    // A token becomes a webhook only once the interaction was acknowledged.
    if (interaction?.callback) return interaction;
    throw apiErrors.unknownWebhook();
  };

  const webhookMessage = (interaction: InteractionRecord, messageId: string): StoredMessage => {
    const id = messageId === '@original' ? interaction.originalMessageId : messageId;
    const owned = id !== null && (id === interaction.originalMessageId || interaction.followUpIds.includes(id));
    const message = owned ? state.messages.get(id) : undefined;
    if (!message || message.deleted) throw apiErrors.unknownMessage();
    return message;
  };

  /** Marks a deferred response as followed through when the bot touches its original message. */
  const touched = (interaction: InteractionRecord, message: StoredMessage): void => {
    if (message.id === interaction.originalMessageId) interaction.followedThrough = true;
  };

  /** Edits a webhook-owned message; the first edit of a loading placeholder is not shown as an edit. */
  const editWebhookMessage = (message: StoredMessage, body: unknown, files: UploadedFile[]): void => {
    const wasLoading = (message.flags & MessageFlags.Loading) !== 0;
    message.flags &= ~MessageFlags.Loading;
    try {
      applyMessageBody(message, body, files);
    } catch (error) {
      if (wasLoading) message.flags |= MessageFlags.Loading;
      throw error;
    }
    // Completing a deferred reply is when the message really appears, so it may ping.
    if (wasLoading) notePings(message, body);
    else message.editedAt = Date.now();
    announceMessage(env, 'MESSAGE_UPDATE', message);
  };

  router.add(
    'GET',
    '/webhooks/:applicationId/:token/messages/:messageId',
    (ctx) => ({ status: 200, json: state.messageJson(webhookMessage(interactionOfWebhook(ctx), ctx.param('messageId'))) }),
    noAuth,
  );

  router.add(
    'PATCH',
    '/webhooks/:applicationId/:token/messages/:messageId',
    (ctx) => {
      const interaction = interactionOfWebhook(ctx);
      const message = webhookMessage(interaction, ctx.param('messageId'));
      editWebhookMessage(message, ctx.body, ctx.files);
      touched(interaction, message);
      return { status: 200, json: state.messageJson(message) };
    },
    noAuth,
  );

  router.add(
    'DELETE',
    '/webhooks/:applicationId/:token/messages/:messageId',
    (ctx) => {
      const interaction = interactionOfWebhook(ctx);
      const message = webhookMessage(interaction, ctx.param('messageId'));
      message.deleted = true;
      touched(interaction, message);
      announceMessage(env, 'MESSAGE_DELETE', message);
      return { status: 204 };
    },
    noAuth,
  );

  router.add(
    'POST',
    '/webhooks/:applicationId/:token',
    (ctx) => {
      const interaction = interactionOfWebhook(ctx);
      const original = interaction.originalMessageId ? state.messages.get(interaction.originalMessageId) : undefined;
      let message: StoredMessage;
      if (original && (original.flags & MessageFlags.Loading) !== 0) {
        // The first follow-up after a deferred reply replaces the "thinking" placeholder and
        // keeps the ephemerality chosen when deferring.
        editWebhookMessage(original, ctx.body, ctx.files);
        message = original;
      } else {
        const flags = Number((ctx.body as { flags?: number } | null)?.flags ?? 0);
        message = interactionMessage(interaction, (flags & MessageFlags.Ephemeral) !== 0);
        applyMessageBody(message, ctx.body, ctx.files);
        notePings(message, ctx.body);
        store(message);
        interaction.followUpIds.push(message.id);
      }
      interaction.followedThrough = true;
      // discord.js always asks for `wait=true`; without it Discord answers with no content.
      return ctx.query.get('wait') === 'true' ? { status: 200, json: state.messageJson(message) } : { status: 204 };
    },
    noAuth,
  );
}
