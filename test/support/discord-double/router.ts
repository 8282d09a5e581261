import type { UploadedFile } from './types.js';

export interface RouteContext {
  /** A `:name` segment of the matched pattern. */
  param(name: string): string;
  query: URLSearchParams;
  body: unknown;
  files: UploadedFile[];
}

/** `json: undefined` means an empty 204-style answer. */
export interface RouteResult {
  status: number;
  json?: unknown;
}

export type RouteHandler = (ctx: RouteContext) => RouteResult;

export interface RouteOptions {
  /** Interaction callbacks and webhook-token routes are called without the bot token. */
  auth: boolean;
}

interface Route {
  method: string;
  segments: string[];
  handler: RouteHandler;
  options: RouteOptions;
}

export interface RouteMatch {
  handler: RouteHandler;
  params: Map<string, string>;
  options: RouteOptions;
}

/** Matches decoded path segments against patterns such as `/channels/:channelId/messages`. */
export class Router {
  readonly #routes: Route[] = [];

  add(method: string, pattern: string, handler: RouteHandler, options: RouteOptions = { auth: true }): void {
    this.#routes.push({ method, segments: pattern.split('/').filter(Boolean), handler, options });
  }

  match(method: string, segments: string[]): RouteMatch | undefined {
    for (const route of this.#routes) {
      if (route.method !== method || route.segments.length !== segments.length) continue;
      const params = new Map<string, string>();
      const matches = route.segments.every((part, i) => {
        const actual = segments[i] as string;
        if (part.startsWith(':')) {
          params.set(part.slice(1), actual);
          return true;
        }
        return part === actual;
      });
      if (matches) return { handler: route.handler, params, options: route.options };
    }
    return undefined;
  }
}
