/**
 * The router's parse half: every way a click can be wrong, refused with the one sentence for
 * it before any feature runs. Clicks are built as discord.js would hand them over; the games
 * are real, in an embedded database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotContext } from '../../src/bot/context.js';
import { encodeComponentId } from '../../src/bot/components.js';
import type { ComponentInteraction } from '../../src/bot/features/feature.js';
import { decide } from '../../src/bot/features/decide.js';
import { join } from '../../src/bot/features/lobby.js';
import { hand, tile } from '../../src/bot/features/placement.js';
import { refusals } from '../../src/bot/refusals.js';
import { parseComponent } from '../../src/bot/router.js';
import { decidingSeat, type Tile } from '../../src/engine/index.js';
import { say, type Text } from '../../src/i18n/index.js';
import { createLobby, joinLobby, migrate, setPublicMessage, startGame, type ActiveGame, type Database, type LobbyGame } from '../../src/store/index.js';
import { openPglite } from '../support/pglite.js';

let database: Database;
let lobby: LobbyGame;
let game: ActiveGame;
const GUILD = '100000000000000001';
const ann = { id: '200000000000000001', name: 'Ann' };
const bob = { id: '200000000000000002', name: 'Bob' };
const eve = { id: '200000000000000003', name: 'Eve' };

beforeAll(async () => {
  database = await openPglite({ migrated: true });
  await migrate(database.prisma);
  const opened = await createLobby(database.prisma, { guildId: GUILD, channelId: 'lobby-channel', host: ann });
  if (!opened.ok) throw new Error(opened.reason);
  lobby = opened.game;
  await setPublicMessage(database.prisma, lobby.id, 'lobby-message');
  const other = await createLobby(database.prisma, { guildId: GUILD, channelId: 'game-channel', host: ann });
  if (!other.ok) throw new Error(other.reason);
  await joinLobby(database.prisma, other.game.id, bob);
  const started = await startGame(database.prisma, other.game.id, 5);
  if (!started.ok) throw new Error(started.reason);
  await setPublicMessage(database.prisma, started.game.id, 'board-message', 0);
  game = started.game;
});
afterAll(() => database.close());

interface ClickSpec {
  customId: string;
  userId?: string;
  guildId?: string;
  channelId?: string;
  messageId?: string;
  ephemeral?: boolean;
  form?: boolean;
}

function click(spec: ClickSpec): ComponentInteraction {
  return {
    id: 'interaction',
    customId: spec.customId,
    guildId: spec.guildId ?? GUILD,
    channelId: spec.channelId ?? 'game-channel',
    user: { id: spec.userId ?? ann.id, username: 'someone', globalName: null },
    member: null,
    isButton: () => !spec.form,
    isModalSubmit: () => Boolean(spec.form),
    isFromMessage: () => true,
    message: { id: spec.messageId ?? 'board-message', flags: { has: () => Boolean(spec.ephemeral) } },
  } as unknown as ComponentInteraction;
}

const ctx = () => ({ db: database.prisma }) as unknown as BotContext;
const refusalOf = async (spec: ClickSpec) => {
  const parsed = await parseComponent(ctx(), click(spec));
  return parsed.ok ? 'accepted' : parsed.message;
};
const decider = () => game.state.players[decidingSeat(game.state)!]!;
const other = () => game.state.players.find((player) => player.id !== decider().id)!;

describe('the router refuses a click', () => {
  it('whose id is forged, damaged or not ours, numbers written any other way included', async () => {
    const valid = encodeComponentId(hand, game.id, 0, undefined);
    expect(await refusalOf({ customId: valid, userId: decider().id })).toBe('accepted');
    for (const customId of [
      'hello',
      valid.replace(':0:', ': 0:'),
      valid.replace(':0:', ':1e3:'),
      valid.replace(':0:', ':0x10:'),
      valid.replace(':0:', ':00:'),
      valid.replace('acq:hand', 'acq:nosuchkind'),
      `${valid}:0`,
      `${valid}x`,
      encodeComponentId(tile, game.id, 0, '5D' as Tile).replace(':5D', ':13Z'),
      `${valid}${'a'.repeat(100)}`,
    ]) {
      expect(await refusalOf({ customId, userId: decider().id }), customId).toBe(refusals.notOurs);
    }
    // A button id submitted as a form is not one of our forms either.
    expect(await refusalOf({ customId: valid, form: true })).toBe(refusals.formNotOurs);
  });

  it('naming a game of another channel or server', async () => {
    const customId = encodeComponentId(hand, game.id, 0, undefined);
    expect(await refusalOf({ customId, channelId: 'lobby-channel' })).toBe(refusals.elsewhere);
    expect(await refusalOf({ customId, guildId: '100000000000000009' })).toBe(refusals.elsewhere);
    expect(await refusalOf({ customId: encodeComponentId(hand, 'no-such-game', 0, undefined) })).toBe(refusals.noSuchGame);
  });

  it('for a lobby that has started, or a game that has not', async () => {
    expect(await refusalOf({ customId: encodeComponentId(join, game.id, 0, undefined), userId: eve.id })).toBe(refusals.notLobby);
    expect(await refusalOf({ customId: encodeComponentId(hand, lobby.id, 0, undefined), channelId: 'lobby-channel', messageId: 'lobby-message' })).toBe(
      refusals.notStarted,
    );
    expect(
      await refusalOf({ customId: encodeComponentId(join, lobby.id, 0, undefined), channelId: 'lobby-channel', messageId: 'lobby-message', userId: eve.id }),
    ).toBe('accepted');
  });

  it('from someone without a seat, from an earlier moment, or out of turn', async () => {
    expect(await refusalOf({ customId: encodeComponentId(hand, game.id, 0, undefined), userId: eve.id })).toBe(refusals.notSeated);
    expect(await refusalOf({ customId: encodeComponentId(hand, game.id, 3, undefined), userId: decider().id })).toBe(refusals.stale);
    expect(say('en', (await refusalOf({ customId: encodeComponentId(decide, game.id, 0, undefined), userId: other().id })) as Text)).toMatch(
      /^It is not your decision now: waiting for \w+ to place a tile\.$/,
    );
  });

  it('on the wrong message: a panel button on the public message, a public button elsewhere', async () => {
    const tileId = encodeComponentId(tile, game.id, 0, game.state.players[decidingSeat(game.state)!]!.hand[0]!);
    expect(await refusalOf({ customId: tileId, userId: decider().id })).toBe(refusals.usePanel);
    expect(await refusalOf({ customId: tileId, userId: decider().id, ephemeral: true })).toBe('accepted');
    const handId = encodeComponentId(hand, game.id, 0, undefined);
    expect(await refusalOf({ customId: handId, userId: decider().id, messageId: 'an-old-message' })).toBe(refusals.notThisMessage);
    expect(await refusalOf({ customId: handId, userId: decider().id, ephemeral: true })).toBe(refusals.notPanel);
  });
});
