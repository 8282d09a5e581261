/**
 * The bot in the players' own languages, through the Discord double: a whole game, every
 * command and refusals in the pseudo-locale (English accented and 40 % longer), where any text
 * left in plain English fails, and any text over Discord's limits is refused by the double
 * itself (button labels, modal titles, content, Components V2 messages); and a whole game in
 * German, the server's language.
 */
import { writeFileSync } from 'node:fs';
import { walkComponents } from '../support/discord-double/components.js';
import type { StoredMessage } from '../support/discord-double/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAIN_SETS } from '../../src/engine/board.js';
import { createGame, spectatorView } from '../../src/engine/index.js';
import { getGame } from '../../src/store/index.js';
import { SETTLE_MS, buttonsOf, gameChannelOf, messageText, openGame, privateFollowUps, startHarness, type Harness } from './harness.js';
import type { InteractionHandle } from '../support/discord-double/index.js';
import { Table } from './players.js';

let harness: Harness | undefined;

/** What the user sees as the answer, with patience for a loaded machine (the words are under test here, not the time). */
async function answerOf(handle: InteractionHandle): Promise<StoredMessage | null> {
  const view = await handle.settled({ timeoutMs: 4 * SETTLE_MS });
  return privateFollowUps(view).at(-1) ?? view.original ?? null;
}
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const GAME_TIMEOUT_MS = 300_000;

/** Every word a message shows: its text, embeds, button labels and picture descriptions. */
function everyText(message: StoredMessage): string[] {
  const texts = [messageText(message)];
  for (const embed of message.embeds) {
    texts.push(embed.title ?? '', embed.description ?? '', embed.footer?.text ?? '');
    for (const field of embed.fields ?? []) texts.push(field.name, field.value);
  }
  for (const node of walkComponents(message.components)) {
    const shown = node as { label?: unknown; items?: { description?: unknown }[] };
    if (typeof shown.label === 'string') texts.push(shown.label);
    for (const item of shown.items ?? []) if (typeof item.description === 'string') texts.push(item.description);
  }
  return texts.filter(Boolean);
}

const CHAIN_NAMES = Object.values(CHAIN_SETS).flatMap((set) => set.map((chain) => chain.name));

/**
 * The English words left in `text` once what is no one's words is taken out: names (players',
 * chains'), mentions, links, commands in code spans. The pseudo-locale writes every other word
 * with accented letters, so two ASCII letters in a row are a sentence that missed the catalogs.
 */
function englishIn(text: string, names: readonly string[]): string[] {
  let rest = text.replace(/<[@#:][^>]*>|https?:\/\/\S+|`[^`]*`/g, ' ');
  for (const name of [...names, ...CHAIN_NAMES].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

/** `openGame`, its drawing threads started first. */
async function openWarmGame(h: Harness, players: number, options: Record<string, string | boolean | number> = {}): Promise<StoredMessage> {
  // The drawing threads started, so that the first board (drawn when the host presses Start)
  // is not the cold start of a thread on a loaded machine: a test of words, not of start-up time.
  const warm = spectatorView(
    createGame({
      players: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      seed: 1,
    }),
  );
  await Promise.all([h.bot.context.workers.board(warm), h.bot.context.workers.board(warm)]);
  return (await openGame(h, players, options)).lobby;
}

async function playToTheEnd(h: Harness, table: Table): Promise<void> {
  for (let decisions = 0; await table.playDecision(); decisions++) {
    if (decisions > 1500) throw new Error('the game did not end');
  }
  await h.bot.context.locks.idle();
}

describe('the pseudo-locale: no text left in English, none over Discord’s limits', () => {
  it(
    'plays a whole game, every command and refusals with every word from the catalogs',
    async () => {
      const h = (harness = await startHarness({ users: 3 }));
      h.double.setGuildLocale(h.guild.id, 'en-XA');
      for (const user of h.guild.users) h.double.setLocale(user, 'en-XA');
      const names = h.guild.users.flatMap((user) => [user.username, user.global_name ?? '']).filter(Boolean);
      const [ann, bob, cy] = h.guild.users as [(typeof h.guild.users)[number], (typeof h.guild.users)[number], (typeof h.guild.users)[number]];
      const seen: StoredMessage[] = [];
      const command = async (user: typeof ann, subcommand: string, options: Record<string, string | boolean | number> = {}) => {
        const answer = await answerOf(h.double.slashCommand({ guildId: h.guild.id, channelId: gameChannelOf(h), user, name: 'acquire', subcommand, options }));
        if (answer) seen.push(answer);
        return answer;
      };

      // Trades and hints on: their forms, buttons and answers are words too.
      await openWarmGame(h, 3, { trades: true, hints: true });
      const thread = gameChannelOf(h);
      expect(thread).not.toBe(h.guild.channelId);
      const table = new Table(h, 7);
      // A few decisions, then every command and some refusals in the middle of the game.
      for (let decisions = 0; decisions < 12; decisions++) await table.playDecision();
      for (const subcommand of ['hand', 'status', 'chart', 'rules', 'stats', 'history', 'export', 'profile']) await command(ann, subcommand);
      await command(bob, 'notify', { reminders: 'on' });
      await command(cy, 'start');
      const latest = h.double
        .channelMessages(thread)
        .filter((message) => !message.ephemeral && buttonsOf(message).length > 0)
        .at(-1)!;
      const decide = buttonsOf(latest).find((button) => button.kind === 'decide' || button.kind === 'hand')!;
      const stranger = h.double.createUser('stranger');
      h.double.addMember(h.guild.id, stranger);
      h.double.setLocale(stranger, 'en-XA');
      for (const refused of [
        await answerOf(h.double.clickButton({ message: latest, customId: decide.customId, user: stranger })),
        await answerOf(h.double.clickButton({ message: latest, customId: buttonsOf(latest).at(-1)!.customId, user: stranger })),
      ]) {
        expect(refused?.ephemeral).toBe(true);
        seen.push(refused!);
      }

      await playToTheEnd(h, table);
      const game = await h.database.prisma.game.findFirst({ where: { channelId: h.guild.channelId } });
      expect((await getGame(h.database.prisma, game!.id))?.status).toBe('finished');
      // After the end: the commands that read finished games.
      for (const subcommand of ['stats', 'history', 'export', 'profile', 'status']) await command(ann, subcommand);

      const messages = [
        ...h.double.channelMessages(h.guild.channelId),
        ...h.double.channelMessages(thread),
        ...table.panels.map((panel) => panel.message),
        ...seen,
      ];
      expect(messages.length).toBeGreaterThan(30);
      const english = messages.flatMap((message) =>
        everyText(message).flatMap((text) => englishIn(text, names).map((word) => `${word} in: ${text.slice(0, 120)}`)),
      );
      expect(english).toEqual([]);
      const threadName = h.double.threads(h.guild.channelId)[0]?.name ?? '';
      expect(englishIn(threadName, names)).toEqual([]);
      // Every word of the table is a pseudo-locale word, not an empty one.
      expect(messages.some((message) => /Ţûŕñ/.test(messageText(message)))).toBe(true);
    },
    GAME_TIMEOUT_MS,
  );
});

describe('a whole game in German', () => {
  it(
    'speaks the server’s language at the table and the players’ in their panels',
    async () => {
      const h = (harness = await startHarness({ users: 3 }));
      h.double.setGuildLocale(h.guild.id, 'de');
      for (const user of h.guild.users) h.double.setLocale(user, 'de');
      const lobby = await openWarmGame(h, 3);
      // The lobby message, once the game plays in its thread, is its summary in the channel.
      expect(lobby.embeds[0]?.title).toBe('Acquire: ein laufendes Spiel');
      const table = new Table(h, 11);
      await playToTheEnd(h, table);
      const thread = gameChannelOf(h);
      const publicMessages = h.double.channelMessages(thread).filter((message) => !message.ephemeral);
      const turns = publicMessages.filter((message) => /^### Zug \d+ · /m.test(messageText(message)));
      expect(turns.length).toBeGreaterThan(10);
      expect(publicMessages.some((message) => /^### Turn /m.test(messageText(message)))).toBe(false);
      expect(publicMessages.some((message) => messageText(message).includes('### Spiel vorbei'))).toBe(true);
      expect(turns.flatMap(everyText).join('\n')).toMatch(/hat \*\*\d+[A-I]\*\* gelegt\./);
      expect(buttonsOf(turns.at(-1)).map((button) => button.label)).not.toContain('My tiles');
      // Each panel, once its move is made, says what comes next in the player's language.
      expect(table.panels.map((panel) => messageText(panel.message)).join('\n')).toMatch(/Erledigt\. Jetzt: wir warten, bis \*\*player\d\*\* /);
      // A German turn message and board, for the eye (the report shows them).
      const shown = turns.find((message) => /gegründet/.test(messageText(message))) ?? turns.at(-1)!;
      const board = [...turns].reverse().find((message) => message.attachments.some((attachment) => attachment.filename === 'board.png'));
      const png = board?.attachments.find((attachment) => attachment.filename === 'board.png')?.data;
      if (process.env.I18N_SAMPLES_DIR && png) {
        writeFileSync(`${process.env.I18N_SAMPLES_DIR}/board-de.png`, png);
        writeFileSync(`${process.env.I18N_SAMPLES_DIR}/turn-de.txt`, messageText(shown));
      }
    },
    GAME_TIMEOUT_MS,
  );
});
