/**
 * An error the double answers with. Discord always sends a JSON body `{ message, code }`
 * (plus `errors` for form validation); discord.js turns it into a DiscordAPIError, so bots
 * under test see the same failure shape as in production.
 */
export class DiscordApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, unknown>,
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

/** The JSON error codes from Discord's documentation that the double can produce. */
export const apiErrors = {
  notFound: () => new DiscordApiError(404, 0, '404: Not Found'),
  unauthorized: () => new DiscordApiError(401, 0, '401: Unauthorized'),
  unknownChannel: () => new DiscordApiError(404, 10003, 'Unknown Channel'),
  unknownGuild: () => new DiscordApiError(404, 10004, 'Unknown Guild'),
  unknownMember: () => new DiscordApiError(404, 10007, 'Unknown Member'),
  unknownMessage: () => new DiscordApiError(404, 10008, 'Unknown Message'),
  unknownUser: () => new DiscordApiError(404, 10013, 'Unknown User'),
  unknownWebhook: () => new DiscordApiError(404, 10015, 'Unknown Webhook'),
  unknownInteraction: () => new DiscordApiError(404, 10062, 'Unknown interaction'),
  alreadyAcknowledged: () => new DiscordApiError(400, 40060, 'Interaction has already been acknowledged.'),
  missingAccess: () => new DiscordApiError(403, 50001, 'Missing Access'),
  missingPermissions: () => new DiscordApiError(403, 50013, 'Missing Permissions'),
  cannotMessageUser: () => new DiscordApiError(403, 50007, 'Cannot send messages to this user'),
  threadAlreadyCreated: () => new DiscordApiError(400, 160004, 'A thread has already been created for this message'),
  emptyMessage: () => new DiscordApiError(400, 50006, 'Cannot send an empty message'),
  notAuthor: () => new DiscordApiError(403, 50005, 'Cannot edit a message authored by another user'),
  /** 50035 with Discord's nested `errors` layout: `{ field: { _errors: [{ code, message }] } }`. */
  invalidFormBody: (field: string, code: string, message: string) =>
    new DiscordApiError(400, 50035, 'Invalid Form Body', { [field]: { _errors: [{ code, message }] } }),
};
