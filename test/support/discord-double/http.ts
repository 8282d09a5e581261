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
 * `files[n]` (requests made with `appendToFormData` send their fields individually).
 */
export async function readBody(req: IncomingMessage): Promise<ParsedBody> {
  const raw = await readRaw(req);
  if (raw.length === 0) return { body: null, files: [] };
  const contentType = req.headers['content-type'] ?? '';

  if (contentType.startsWith('multipart/form-data')) {
    let body: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    for (const part of multipartParts(raw, contentType)) {
      if (part.filename !== null) {
        files.push({ field: part.name, filename: part.filename, contentType: part.contentType, data: part.data, size: part.data.length });
      } else if (part.name === 'payload_json') {
        body = { ...body, ...parseJson(part.data.toString('utf8')) };
      } else {
        body[part.name] = part.data.toString('utf8');
      }
    }
    return { body, files };
  }

  return { body: parseJson(raw.toString('utf8')), files: [] };
}

interface MultipartPart {
  name: string;
  /** Null for a plain field. */
  filename: string | null;
  contentType: string;
  /** The part's bytes, a view into the request's body. */
  data: Buffer;
}

/**
 * The parts of a `multipart/form-data` body (RFC 7578), read by hand: at the load bench's pace
 * the web-standard `Request#formData()` (Blobs, Files and streams for every board) was a share of
 * the double's CPU, which the bot's shares. A body that is not well formed is refused as Discord
 * refuses one.
 */
function multipartParts(raw: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw malformed();
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  // The first delimiter opens the body without the CRLF before it.
  let at = raw.indexOf(delimiter.subarray(2));
  if (at !== 0) throw malformed();
  const parts: MultipartPart[] = [];
  for (;;) {
    at += delimiter.length - 2;
    if (raw[at] === 0x2d && raw[at + 1] === 0x2d) return parts; // "--": the closing delimiter
    const headersEnd = raw.indexOf('\r\n\r\n', at);
    const next = raw.indexOf(delimiter, headersEnd);
    if (headersEnd < 0 || next < 0) throw malformed();
    const headers = raw.toString('utf8', at, headersEnd);
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) throw malformed();
    const filename = /content-disposition:[^\r\n]*\bfilename="([^"]*)"/i.exec(headers)?.[1] ?? null;
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? (filename === null ? 'text/plain' : 'application/octet-stream');
    parts.push({ name, filename, contentType: type, data: raw.subarray(headersEnd + 4, next) });
    at = next + 2;
  }
}

function malformed(): DiscordApiError {
  return new DiscordApiError(400, 50035, 'Invalid Form Body: the multipart body is malformed.');
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
