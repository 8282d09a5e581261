import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiErrors, DiscordApiError } from './errors.js';
import { readBody, sendJson, type ParsedBody } from './http.js';
import { rateLimitedAnswer, type RateLimiter } from './rate-limits.js';
import type { Router } from './router.js';
import type { RecordedCall } from './types.js';

/** @discordjs/rest builds URLs as `${api}/v${version}${route}`; the double serves version 10 only. */
export const API_PREFIX = '/api/v10';

export interface RestServerDependencies {
  router: Router;
  token: string;
  rateLimiter: RateLimiter;
  /** Receives every request, answered or not, once its status is known. */
  record(call: RecordedCall): void;
  /** False: uploaded files are kept as their sizes, their bytes dropped once read. */
  keepUploads: boolean;
}

const NO_BYTES = Buffer.alloc(0);

/**
 * Answers one REST request: decode, authenticate, route, and always reply with JSON
 * (Discord's error bodies included) so discord.js can parse whatever comes back.
 */
export async function handleRestRequest(deps: RestServerDependencies, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = req.method ?? 'GET';
  const versioned = url.pathname.startsWith(`${API_PREFIX}/`);
  // discord.js percent-encodes path segments (`@original` arrives as `%40original`).
  const segments = (versioned ? url.pathname.slice(API_PREFIX.length) : url.pathname).split('/').filter(Boolean).map(decodeURIComponent);
  const call: RecordedCall = {
    method,
    path: `/${segments.join('/')}`,
    query: Object.fromEntries(url.searchParams),
    body: null,
    files: [],
    status: 0,
    unhandled: false,
    error: null,
    countsGlobally: false,
    at: Date.now(),
  };

  let status: number;
  let json: unknown;
  let headers: Record<string, string> = {};
  try {
    const parsed: ParsedBody = await readBody(req);
    if (!deps.keepUploads) parsed.files = parsed.files.map((file) => ({ ...file, data: NO_BYTES }));
    call.body = parsed.body;
    call.files = parsed.files;
    const match = versioned ? deps.router.match(method, segments) : undefined;
    if (!match) {
      call.unhandled = true;
      throw apiErrors.notFound();
    }
    if (match.options.auth && req.headers.authorization !== `Bot ${deps.token}`) throw apiErrors.unauthorized();
    // The moment the limits count it: an upload takes a while to arrive, and a test that
    // recounts the windows from `at` must count the requests when the double did.
    call.at = Date.now();
    const verdict = deps.rateLimiter.check(method, segments, match.options.auth, call.at);
    headers = verdict.headers;
    call.countsGlobally = verdict.countsGlobally;
    if (verdict.refusal) {
      const answer = rateLimitedAnswer(verdict.refusal);
      Object.assign(headers, answer.headers);
      call.status = 429;
      call.error = { code: 0, message: 'You are being rate limited.' };
      deps.record(call);
      sendJson(res, 429, answer.json, headers);
      return;
    }
    const param = (name: string): string => {
      const value = match.params.get(name);
      if (value === undefined) throw new Error(`discord-double: route has no parameter :${name}`);
      return value;
    };
    ({ status, json } = match.handler({ param, query: url.searchParams, body: parsed.body, files: parsed.files }));
  } catch (error) {
    const apiError = error instanceof DiscordApiError ? error : new DiscordApiError(500, 0, `discord-double internal error: ${String(error)}`);
    status = apiError.status;
    json = apiError.toJSON();
    call.error = { code: apiError.code, message: apiError.message };
  }
  call.status = status;
  deps.record(call);
  sendJson(res, status, json, headers);
}
