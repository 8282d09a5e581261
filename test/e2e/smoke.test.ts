import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, buttonsOf, answerOf, type Harness } from './harness.js';
import { Table } from './players.js';

let harness: Harness;
beforeAll(async () => { harness = await startHarness({ users: 2 }); });
afterAll(async () => { await harness?.close(); });

it('plays a 2-player game', async () => {
  const [host, guest] = harness.guild.users;
  const start = await harness.double.slashCommand({ guildId: harness.guild.id, channelId: harness.guild.channelId, user: host!, name: 'acquire', subcommand: 'start', options: {} }).settled();
  const lobby = start.original!;
  console.log(lobby.embeds[0]?.description);
  const join = buttonsOf(lobby).find((b) => b.kind === 'join')!;
  await harness.double.clickButton({ message: lobby, customId: join.customId, user: guest! }).settled();
  const startButton = buttonsOf(harness.double.message(lobby.id)).find((b) => b.kind === 'start')!;
  await harness.double.clickButton({ message: lobby, customId: startButton.customId, user: host! }).settled();
  const table = new Table(harness, 7);
  const t = Date.now();
  try { while (await table.playDecision()) { if (table.moves > 400) break; } } finally { console.log(JSON.stringify(harness.logLines.filter(l => l.level === "error").slice(0, 2), null, 1)); }
  console.log('moves', table.moves, Date.now() - t, 'ms');
  const last = harness.double.channelMessages(harness.guild.channelId).at(-1)!;
  console.log(last.content);
  console.log(JSON.stringify(harness.logLines.filter(l => l.level !== 'info' && l.level !== 'debug').slice(0, 3), null, 1));
  expect(last.content).toContain('Game over');
}, 120_000);
