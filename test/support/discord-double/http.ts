import type { IncomingMessage, ServerResponse } from 'node:http';
import { DiscordApiError } from './errors.js';
import type { UploadedFile } from './types.js';

export interface ParsedBody {
  body: unknown;
  files: UploadedFile[];
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads a REST body. discord.js sends JSON, or `multipart/form-data` when files are
 * attached: the message itself travels in the `payload_json` field and each file in
 * `files[n]`. The multipart case is decoded by the web-standard `Request#formData()`.
 */
export async function readBody(req: IncomingMessage): Promise<ParsedBody> {
  const raw = await readRaw(req);
  if (raw.length === 0) return { body: null, files: [] };
  const contentType = req.headers['content-type'] ?? '';

  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Request('http://discord-double.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: raw,
    }).formData();
    let body: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    for (const [field, value] of form.entries()) {
      if (typeof value !== 'string') {
        const data = Buffer.from(await value.arrayBuffer());
        files.push({ field, filename: value.name, contentType: value.type, data, size: data.length });
      } else if (field === 'payload_json') {
        body = { ...body, ...parseJson(value) };
      } else {
        // Requests made with `appendToFormData` send their fields individually.
        body[field] = value;
      }
    }
    return { body, files };
  }

  return { body: parseJson(raw.toString('utf8')), files: [] };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new DiscordApiError(400, 50109, 'The request body contains invalid JSON.');
  }
}

export function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (payload === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = JSON.stringify(payload);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
