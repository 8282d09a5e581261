/**
 * A table message as the transport sends it (src/bot/table/transport.ts): JSON alone, or with its
 * pictures one multipart body that any form-data reader takes as discord.js's own would be.
 */
import { TextDisplayBuilder } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { requestOf } from '../../../src/bot/table/transport.js';
import { componentsV2 } from '../../../src/bot/table/payload.js';

const textDisplay = (content: string): TextDisplayBuilder => new TextDisplayBuilder().setContent(content);

/** The parts of a request body, read by the web-standard reader (not the double's own). */
async function formOf(request: ReturnType<typeof requestOf>): Promise<FormData> {
  const headers = request.headers as Record<string, string>;
  return new Request('http://example.invalid/', {
    method: 'POST',
    headers: { 'content-type': headers['Content-Type']! },
    body: request.body as Buffer,
  }).formData();
}

describe('a table message as the REST client is given it', () => {
  it('is the JSON body alone when it has no pictures', () => {
    const message = componentsV2([textDisplay('Chiara founds Tower.')]);
    expect(requestOf(message)).toEqual({ body: message.body });
  });

  it('carries each picture as files[n] and the message as payload_json, bytes unchanged', async () => {
    // Bytes that look like a multipart body's own lines, so that a boundary not chosen apart would show.
    const board = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), Buffer.from('\r\n--\r\n'.repeat(100)), Buffer.alloc(5_000, 0xff)]);
    const chart = Buffer.from('GIF89a and the rest of a picture');
    const message = componentsV2([textDisplay('The game is over.')], {
      files: [
        { name: 'board.png', data: board },
        { name: 'summary.gif', data: chart },
      ],
    });
    const request = requestOf(message);
    expect(request.passThroughBody).toBe(true);
    const form = await formOf(request);
    const [first, second] = [form.get('files[0]') as File, form.get('files[1]') as File];
    expect([first.name, first.type, second.name, second.type]).toEqual(['board.png', 'image/png', 'summary.gif', 'image/gif']);
    expect(Buffer.from(await first.arrayBuffer()).equals(board)).toBe(true);
    expect(Buffer.from(await second.arrayBuffer()).equals(chart)).toBe(true);
    expect(JSON.parse(form.get('payload_json') as string)).toEqual(message.body);
  });

  it('gives every body a boundary of its own', () => {
    const message = componentsV2([textDisplay('Turn 3')], { files: [{ name: 'board.png', data: Buffer.from('png') }] });
    const boundaries = new Set([requestOf(message), requestOf(message)].map((request) => (request.headers as Record<string, string>)['Content-Type']));
    expect(boundaries.size).toBe(2);
  });

  it('refuses a file name it would have to quote or a type it does not know', () => {
    expect(() => requestOf(componentsV2([], { files: [{ name: 'board".png', data: Buffer.from('x') }] }))).toThrow(/plain names/);
    expect(() => requestOf(componentsV2([], { files: [{ name: 'board.svg', data: Buffer.from('x') }] }))).toThrow(/PNG and GIF/);
  });
});
