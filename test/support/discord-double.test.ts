import { once } from 'node:events';
import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  InteractionResponseType,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tableStateId } from '../e2e/harness.js';
import { DiscordDouble, type GuildFixture } from './discord-double/index.js';

// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function readyClient(double: DiscordDouble, intents = [GatewayIntentBits.Guilds]): Promise<Client> {
  const client = new Client({ intents, ...double.clientOptions() });
  const ready = once(client, Events.ClientReady);
  await client.login(double.token);
  await ready;
  return client;
}

describe('discord double with the real discord.js client', () => {
  const double = new DiscordDouble();
  let client: Client;
  let guild: GuildFixture;
  /** Each test installs the bot behaviour it needs. */
  let onInteraction: (interaction: Interaction) => Promise<unknown>;

  const channel = () => client.channels.cache.get(guild.channelId) as TextChannel;
  const player = (index: number) => guild.users[index]!;

  beforeAll(async () => {
    await double.start();
    guild = double.createGuild({ users: 3 });
    client = await readyClient(double);
    client.on(Events.InteractionCreate, (interaction) => {
      void onInteraction(interaction);
    });
  });

  afterAll(async () => {
    await client.destroy();
    await double.stop();
  });

  beforeEach(() => {
    onInteraction = async () => {
      throw new Error('no handler installed');
    };
  });

  it('logs the client in and delivers the guild with its channel and members', () => {
    expect(client.user?.id).toBe(double.botUser.id);
    expect(client.application?.id).toBe(double.botUser.id);
    const cached = client.guilds.cache.get(guild.id);
    expect(cached?.name).toBe(guild.name);
    expect(cached?.members.cache.size).toBe(4); // three players and the bot
    expect(channel().name).toBe('acquire');
    expect(double.calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /gateway/bot');
  });

  it('records an ephemeral reply to a slash command with flags 64', async () => {
    onInteraction = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const size = interaction.options.getInteger('size', true);
      await interaction.reply({
        content: `${interaction.options.getSubcommand()} ${size}`,
        flags: MessageFlags.Ephemeral,
      });
    };
    const handle = double.slashCommand({
      guildId: guild.id,
      channelId: guild.channelId,
      user: player(0),
      name: 'acquire',
      subcommand: 'start',
      options: { size: 4 },
    });
    const view = await handle.settled();

    expect(view.callback?.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(view.callback?.ephemeral).toBe(true);
    expect(view.original?.content).toBe('start 4');
    expect(view.original?.flags).toBe(MessageFlags.Ephemeral);
    expect(double.channelMessages(guild.channelId)).not.toContainEqual(view.original);
    expect(double.messagesSeenBy(player(0), guild.channelId)).toContainEqual(view.original);
    expect(double.messagesSeenBy(player(1), guild.channelId)).not.toContainEqual(view.original);
    const callback = double.calls.find((c) => c.path === `/interactions/${handle.id}/${handle.token}/callback`);
    expect(callback?.body).toMatchObject({ type: 4, data: { flags: 64 } });
  });

  it('updates the clicked message when a button is answered with update (type 7)', async () => {
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId('join').setLabel('Join').setStyle(ButtonStyle.Primary));
    const sent = await channel().send({ content: 'Lobby: nobody yet', components: [row] });

    onInteraction = async (interaction) => {
      if (!interaction.isButton()) return;
      await interaction.update({ content: `Lobby: ${interaction.user.username}`, components: [] });
    };
    const view = await double.clickButton({ message: sent.id, customId: 'join', user: player(1) }).settled();

    expect(view.callback?.type).toBe(InteractionResponseType.UpdateMessage);
    expect(view.original?.id).toBe(sent.id);
    const [lobby] = double.channelMessages(guild.channelId).filter((m) => m.id === sent.id);
    expect(lobby?.content).toBe('Lobby: player2');
    expect(lobby?.components).toEqual([]);
    expect(() => double.clickButton({ message: sent.id, customId: 'join', user: player(1) })).toThrow(/no component "join"/);
  });

  it('decodes a PNG attached by editReply after a deferred reply', async () => {
    onInteraction = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.editReply({
        content: 'The board',
        files: [new AttachmentBuilder(PNG, { name: 'board.png' })],
      });
    };
    const handle = double.slashCommand({
      guildId: guild.id,
      channelId: guild.channelId,
      user: player(0),
      name: 'acquire',
      subcommand: 'board',
    });
    expect((await handle.response()).type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    const view = await handle.settled();

    const [attachment] = view.original?.attachments ?? [];
    expect(attachment?.filename).toBe('board.png');
    expect(attachment?.contentType).toBe('image/png');
    expect(attachment?.data.equals(PNG)).toBe(true);
    expect(view.original?.flags).toBe(0); // no longer loading, and public
    expect(double.channelMessages(guild.channelId).at(-1)?.id).toBe(view.original?.id);
    const edit = double.calls.find((c) => c.method === 'PATCH' && c.path.endsWith(`/${handle.token}/messages/@original`));
    expect(edit?.files[0]).toMatchObject({ field: 'files[0]', filename: 'board.png' });
  });

  it('records follow-ups, and fills a deferred placeholder with the first one', async () => {
    onInteraction = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const response = await interaction.reply({ content: 'Game started', withResponse: true });
      replyId = response.resource?.message?.id;
      await interaction.followUp({ content: 'Your tiles: 1A 2B', flags: MessageFlags.Ephemeral });
    };
    let replyId: string | undefined;
    const replied = await double
      .slashCommand({ guildId: guild.id, channelId: guild.channelId, user: player(0), name: 'acquire' })
      .settled({ until: (v) => v.followUps.length === 1 });
    expect(replied.original?.ephemeral).toBe(false);
    expect(replyId).toBe(replied.original?.id);
    expect(replied.followUps[0]).toMatchObject({ content: 'Your tiles: 1A 2B', ephemeral: true, visibleTo: player(0).id });

    onInteraction = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.followUp({ content: 'Done' });
    };
    const deferred = await double.slashCommand({ guildId: guild.id, channelId: guild.channelId, user: player(2), name: 'acquire' }).settled();
    expect(deferred.followUps).toEqual([]);
    expect(deferred.original).toMatchObject({ content: 'Done', ephemeral: true });
  });

  it('keeps channel messages in their latest state when an edit removes components', async () => {
    const row = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder().setCustomId('chain').addOptions({ label: 'Tower', value: 'tower' }, { label: 'Luxor', value: 'luxor' }),
    );
    const sent = await channel().send({ content: 'Pick a chain', components: [row] });
    expect(double.message(sent.id)?.components).toHaveLength(1);

    await sent.edit({ content: 'Chain picked', components: [] });
    const stored = double.message(sent.id);
    expect(stored).toMatchObject({ content: 'Chain picked', components: [] });
    expect(stored?.editedAt).not.toBeNull();

    await sent.delete();
    expect(double.channelMessages(guild.channelId).map((m) => m.id)).not.toContain(sent.id);
  });

  it('answers select menus and modals', async () => {
    const row = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder().setCustomId('chain').addOptions({ label: 'Tower', value: 'tower' }, { label: 'Luxor', value: 'luxor' }),
    );
    const sent = await channel().send({ content: 'Pick a chain', components: [row] });
    onInteraction = async (interaction) => {
      if (interaction.isStringSelectMenu()) {
        const input = new TextInputBuilder().setCustomId('name').setLabel('Name').setStyle(TextInputStyle.Short);
        await interaction.showModal(
          new ModalBuilder()
            .setCustomId(`rename:${interaction.values[0]}`)
            .setTitle('Rename')
            .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)),
        );
      } else if (interaction.isModalSubmit()) {
        await interaction.reply({ content: `${interaction.customId} -> ${interaction.fields.getTextInputValue('name')}` });
      }
    };
    const picked = double.selectMenu({ message: sent, customId: 'chain', values: ['luxor'], user: player(0) });
    expect((await picked.settled()).modal?.customId).toBe('rename:luxor');

    const submitted = await double.submitModal({ modalOf: picked, values: { name: 'Sackson' } }).settled();
    expect(submitted.original?.content).toBe('rename:luxor -> Sackson');
  });

  it('registers commands and builds slash options from the registered schema', async () => {
    await client.application!.commands.set([
      {
        name: 'acquire',
        description: 'Play Acquire',
        options: [
          {
            type: ApplicationCommandOptionType.Subcommand,
            name: 'start',
            description: 'Start a game',
            options: [{ type: ApplicationCommandOptionType.Integer, name: 'seats', description: 'Seats', required: true }],
          },
        ],
      },
    ]);
    await client.guilds.cache.get(guild.id)!.commands.set([{ name: 'admin', description: 'Admin tools' }]);

    expect(double.registeredCommands().map((c) => c.name)).toEqual(['acquire']);
    expect(double.registeredCommands(guild.id).map((c) => c.name)).toEqual(['admin']);
    expect(double.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      `/applications/${double.botUser.id}/commands`,
      `/applications/${double.botUser.id}/guilds/${guild.id}/commands`,
    ]);

    let seen: unknown;
    onInteraction = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen = { commandId: interaction.commandId, seats: interaction.options.get('seats')?.type };
      await interaction.reply({ content: 'ok' });
    };
    await double
      .slashCommand({ guildId: guild.id, channelId: guild.channelId, user: player(0), name: 'acquire', subcommand: 'start', options: { seats: 3 } })
      .settled();
    expect(seen).toEqual({ commandId: double.registeredCommands()[0]!.id, seats: ApplicationCommandOptionType.Integer });
    expect(() => double.slashCommand({ guildId: guild.id, channelId: guild.channelId, user: player(0), name: 'acquire', subcommand: 'start' })).toThrow(
      /requires option "seats"/,
    );
  });

  it('carries Manage Guild to the interaction member once granted', async () => {
    double.grantManageGuild(guild.id, player(2));
    let canManage: boolean | undefined;
    onInteraction = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      canManage = interaction.memberPermissions?.has('ManageGuild');
      await interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    };
    await double.slashCommand({ guildId: guild.id, channelId: guild.channelId, user: player(2), name: 'admin' }).settled();
    expect(canManage).toBe(true);
  });

  it('answers errors with Discord JSON bodies and records unknown routes', async () => {
    await expect(channel().send({ content: 'x'.repeat(2001) })).rejects.toMatchObject({ code: 50035, status: 400 });
    await expect(client.rest.get('/guilds/1/bans')).rejects.toBeInstanceOf(DiscordAPIError);
    expect(double.unhandledCalls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /guilds/1/bans']);

    onInteraction = async () => undefined; // a bot that never answers
    const ignored = double.slashCommand({ guildId: guild.id, channelId: guild.channelId, user: player(0), name: 'acquire' });
    await expect(ignored.settled({ timeoutMs: 50 })).rejects.toThrow(/not settled after 50 ms: no callback arrived/);
  });
});

describe('discord double lifecycle', () => {
  it('closes every socket on stop()', async () => {
    const sockets = () => process.getActiveResourcesInfo().filter((r) => r.startsWith('TCP')).length;
    const before = sockets();
    const double = new DiscordDouble();
    await double.start();
    const fixture = double.createGuild({ users: 1 });
    const client = await readyClient(double, [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages]);
    // Sending opens a keep-alive HTTP connection; the GuildMessages intent echoes the message back.
    const echoed = once(client, Events.MessageCreate);
    const channel = (await client.channels.fetch(fixture.channelId)) as TextChannel;
    await channel.send('hello');
    expect((await echoed)[0]).toMatchObject({ content: 'hello' });
    expect(sockets()).toBeGreaterThan(before);

    await client.destroy();
    await double.stop();
    await expect(fetch(`${double.restUrl}/v10/gateway`)).rejects.toThrow();
    // Sockets of the previous suite may still be closing, so the count can only drop.
    await vi.waitFor(() => expect(sockets()).toBeLessThanOrEqual(before));
  });
});

describe('discord double for a load run (keepHistory: false)', () => {
  it('keeps request counts and file sizes, but no request log and no uploaded bytes', async () => {
    const double = new DiscordDouble({ keepHistory: false });
    await double.start();
    const fixture = double.createGuild({ users: 1 });
    const client = await readyClient(double);
    try {
      const channel = (await client.channels.fetch(fixture.channelId)) as TextChannel;
      const before = { ...double.callCounts };
      const sent = await channel.send({ content: 'The board', files: [new AttachmentBuilder(PNG, { name: 'board.png' })] });
      // The bot still sees the attachment as Discord reports it, size included.
      expect(sent.attachments.first()?.size).toBe(PNG.length);
      const [attachment] = double.channelMessages(fixture.channelId).at(-1)?.attachments ?? [];
      expect(attachment).toMatchObject({ filename: 'board.png', size: PNG.length });
      expect(attachment?.data.length).toBe(0);
      // One post, with the bot token: counted, and against the global limit.
      expect(double.callCounts).toEqual({ all: before.all + 1, global: before.global + 1 });
      expect(double.calls).toEqual([]);
    } finally {
      await client.destroy();
      await double.stop();
    }
  });
});

describe("discord double: what the load bench's players read", () => {
  it('tells a changed channel by its version, so the table state they wait on follows every post, edit and delete', async () => {
    const double = new DiscordDouble({ keepHistory: false });
    await double.start();
    const fixture = double.createGuild({ users: 1, channels: ['acquire', 'lounge'] });
    const client = await readyClient(double);
    const venue = { double, guild: fixture };
    const buttonAt = (stateId: number) =>
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId(`acq:hand:g1:${stateId}:`).setLabel('Your tiles').setStyle(ButtonStyle.Primary),
      );
    try {
      const channel = (await client.channels.fetch(fixture.channelId)) as TextChannel;
      expect(tableStateId(venue, fixture.channelId)).toBe(-1);
      const versions = [double.channelVersion(fixture.channelId)];
      const sent = await channel.send({ content: 'Turn 1', components: [buttonAt(3)] });
      versions.push(double.channelVersion(fixture.channelId));
      expect(tableStateId(venue, fixture.channelId)).toBe(3);
      // Asked again with nothing changed: the same answer.
      expect(tableStateId(venue, fixture.channelId)).toBe(3);
      await sent.edit({ content: 'Turn 1', components: [buttonAt(5)] });
      versions.push(double.channelVersion(fixture.channelId));
      expect(tableStateId(venue, fixture.channelId)).toBe(5);
      await sent.delete();
      versions.push(double.channelVersion(fixture.channelId));
      expect(tableStateId(venue, fixture.channelId)).toBe(-1);
      expect(new Set(versions).size).toBe(versions.length);
      // Another channel's messages leave this one's version where it was.
      const lounge = fixture.channels.find((candidate) => candidate.name === 'lounge')!;
      await ((await client.channels.fetch(lounge.id)) as TextChannel).send('elsewhere');
      expect(double.channelVersion(fixture.channelId)).toBe(versions.at(-1));
      expect(double.channelMessages(lounge.id)).toHaveLength(1);
    } finally {
      await client.destroy();
      await double.stop();
    }
  });

  it('re-checks a wait on one channel only when that channel changes, and still sees a deferred update settle', async () => {
    const double = new DiscordDouble({ keepHistory: false });
    await double.start();
    const fixture = double.createGuild({ users: 1, channels: ['acquire', 'lounge'] });
    const client = await readyClient(double);
    const lounge = fixture.channels.find((candidate) => candidate.name === 'lounge')!;
    try {
      const acquire = (await client.channels.fetch(fixture.channelId)) as TextChannel;
      const elsewhere = (await client.channels.fetch(lounge.id)) as TextChannel;
      let checks = 0;
      const posted = double.waitFor(
        () => {
          checks++;
          return double.channelMessages(fixture.channelId).length > 0;
        },
        { channelId: fixture.channelId, description: 'a post in #acquire' },
      );
      for (let post = 0; post < 5; post++) await elsewhere.send(`elsewhere ${post}`);
      // Checked once when the wait began, never for the five posts in the other channel.
      expect(checks).toBe(1);
      await acquire.send('here');
      await posted;
      expect(checks).toBe(2);

      // A deferred update (type 6) changes no message: the wait for the callback still ends, before
      // the bot edits the panel (which it does only once the test has seen the callback).
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId('go').setLabel('Go').setStyle(ButtonStyle.Primary));
      const panel = await acquire.send({ content: 'Panel', components: [row] });
      let mayEdit: () => void = () => {};
      const editAllowed = new Promise<void>((resolve) => (mayEdit = resolve));
      client.on(Events.InteractionCreate, (interaction) => {
        if (!interaction.isButton()) return;
        void (async () => {
          await interaction.deferUpdate();
          await editAllowed;
          await interaction.editReply({ content: 'Panel, gone on', components: [] });
        })();
      });
      const handle = double.clickButton({ message: panel.id, customId: 'go', user: fixture.users[0]! });
      expect((await handle.response(2_000)).type).toBe(InteractionResponseType.DeferredMessageUpdate);
      mayEdit();
      const view = await handle.settled({ timeoutMs: 2_000 });
      expect(view.original?.content).toBe('Panel, gone on');
    } finally {
      await client.destroy();
      await double.stop();
    }
  });

  it('sends message events only to a session that asked for them (the GuildMessages intent)', async () => {
    const double = new DiscordDouble({ keepHistory: false });
    await double.start();
    const fixture = double.createGuild({ users: 1 });
    const quiet = await readyClient(double, [GatewayIntentBits.Guilds]);
    const listening = await readyClient(double, [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages]);
    const heardByQuiet: string[] = [];
    quiet.on(Events.MessageCreate, (message) => heardByQuiet.push(message.content));
    try {
      const echoed = once(listening, Events.MessageCreate);
      await ((await quiet.channels.fetch(fixture.channelId)) as TextChannel).send('hello');
      expect((await echoed)[0]).toMatchObject({ content: 'hello' });
      expect(heardByQuiet).toEqual([]);
    } finally {
      await quiet.destroy();
      await listening.destroy();
      await double.stop();
    }
  });
});

describe('discord double reads multipart bodies', () => {
  it('takes a form as fetch encodes it, and refuses a body that is not well formed', async () => {
    const double = new DiscordDouble();
    await double.start();
    try {
      const fixture = double.createGuild({ users: 1 });
      const url = `${double.restUrl}/v10/channels/${fixture.channelId}/messages`;
      const form = new FormData();
      form.append('files[0]', new Blob([PNG], { type: 'image/png' }), 'board.png');
      form.append('payload_json', JSON.stringify({ content: 'The board', attachments: [{ id: 0, filename: 'board.png' }] }));
      const posted = await fetch(url, { method: 'POST', headers: { authorization: `Bot ${double.token}` }, body: form });
      expect(posted.status).toBe(200);
      const [attachment] = double.channelMessages(fixture.channelId).at(-1)?.attachments ?? [];
      expect(attachment?.data.equals(PNG)).toBe(true);
      expect(attachment).toMatchObject({ filename: 'board.png', contentType: 'image/png', size: PNG.length });

      const cut = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bot ${double.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
        body: '--xyz\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"content":"cut short"}',
      });
      expect(cut.status).toBe(400);
      expect(await cut.json()).toMatchObject({ code: 50035 });
      expect(double.channelMessages(fixture.channelId)).toHaveLength(1);
    } finally {
      await double.stop();
    }
  });
});

describe('discord double with several sessions', () => {
  async function twoClients(double: DiscordDouble, shards: [number, number][] | null): Promise<Client[]> {
    const clients = [0, 1].map(
      (index) =>
        new Client({
          intents: [GatewayIntentBits.Guilds],
          ...double.clientOptions(),
          ...(shards ? { shards: shards[index]![0], shardCount: shards[index]![1] } : {}),
        }),
    );
    for (const client of clients) {
      const ready = once(client, Events.ClientReady);
      await client.login(double.token);
      await ready;
    }
    return clients;
  }

  it('gives each shard only its guilds, and sends their interactions there', async () => {
    const double = new DiscordDouble();
    await double.start();
    const guilds = Array.from({ length: 6 }, () => double.createGuild({ users: 1 }));
    const clients = await twoClients(double, [
      [0, 2],
      [1, 2],
    ]);
    try {
      expect(double.identifications.map((identification) => identification.shard)).toEqual([
        [0, 2],
        [1, 2],
      ]);
      const shardOf = (guildId: string) => Number((BigInt(guildId) >> 22n) % 2n);
      for (const [index, client] of clients.entries()) {
        expect([...client.guilds.cache.keys()].sort()).toEqual(
          guilds
            .filter((guild) => shardOf(guild.id) === index)
            .map((guild) => guild.id)
            .sort(),
        );
      }
      for (const guild of guilds) {
        const handle = double.slashCommand({ guildId: guild.id, channelId: guild.channelId, user: guild.users[0]!, name: 'acquire' });
        expect(handle.deliveredTo).toEqual([double.identifications[shardOf(guild.id)]!.sessionId]);
      }
    } finally {
      for (const client of clients) await client.destroy();
      await double.stop();
    }
  });

  it('alternates interactions between two sessions of the same shard with round-robin delivery', async () => {
    const double = new DiscordDouble({ interactionDelivery: 'round-robin' });
    await double.start();
    const guild = double.createGuild({ users: 1 });
    const clients = await twoClients(double, null);
    try {
      const answered: number[] = [];
      clients.forEach((client, index) =>
        client.on(Events.InteractionCreate, (interaction) => {
          answered.push(index);
          if (interaction.isChatInputCommand()) void interaction.reply({ content: `client ${index}` });
        }),
      );
      for (let i = 0; i < 4; i++) {
        await double.slashCommand({ guildId: guild.id, channelId: guild.channelId, user: guild.users[0]!, name: 'acquire' }).settled();
      }
      expect(answered).toEqual([0, 1, 0, 1]);
    } finally {
      for (const client of clients) await client.destroy();
      await double.stop();
    }
  });
});

describe("discord double enforces Discord's rate limits", () => {
  /** A raw request with the bot token, bypassing discord.js's own pacing. */
  const post = (double: DiscordDouble, path: string, body: unknown, auth = true) =>
    fetch(`${double.restUrl}/v10${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bot ${double.token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('refuses the sixth message in a channel within five seconds, announcing the bucket in headers', async () => {
    const double = new DiscordDouble();
    await double.start();
    try {
      const fixture = double.createGuild({ users: 1, channels: ['one', 'two'] });
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await post(double, `/channels/${fixture.channelId}/messages`, { content: `m${i}` });
        expect(res.status).toBe(200);
        remaining.push(res.headers.get('x-ratelimit-remaining'));
      }
      expect(remaining).toEqual(['4', '3', '2', '1', '0']);
      const refused = await post(double, `/channels/${fixture.channelId}/messages`, { content: 'too many' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-ratelimit-scope')).toBe('user');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(4);
      expect(await refused.json()).toMatchObject({ global: false, message: 'You are being rate limited.' });
      expect(double.channelMessages(fixture.channelId).map((m) => m.content)).not.toContain('too many');
      // Another channel has its own bucket.
      const other = await post(double, `/channels/${fixture.channels[1]!.id}/messages`, { content: 'elsewhere' });
      expect(other.status).toBe(200);
    } finally {
      await double.stop();
    }
  });

  it('refuses bot-token requests over the global limit, but not interaction-token requests', async () => {
    const double = new DiscordDouble({ rateLimits: { globalPerSecond: 3, channelSends: { count: 100, windowMs: 1_000 } } });
    await double.start();
    try {
      const fixture = double.createGuild({ users: 1 });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await post(double, `/channels/${fixture.channelId}/messages`, { content: `m${i}` })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(double.calls.filter((call) => call.countsGlobally)).toHaveLength(3);
      // A request without the bot token (the interaction routes) is not counted and not refused.
      const unauthenticated = await post(double, `/interactions/1/nope/callback`, { type: 1 }, false);
      expect(unauthenticated.status).not.toBe(429);
    } finally {
      await double.stop();
    }
  });

  it('lets discord.js, which obeys the headers, post past the channel limit without a refusal', async () => {
    const double = new DiscordDouble({ rateLimits: { channelSends: { count: 5, windowMs: 300 } } });
    await double.start();
    const fixture = double.createGuild({ users: 1 });
    const client = await readyClient(double);
    try {
      const channel = (await client.channels.fetch(fixture.channelId)) as TextChannel;
      const started = Date.now();
      for (let i = 0; i < 12; i += 1) await channel.send(`message ${i}`);
      expect(double.channelMessages(fixture.channelId)).toHaveLength(12);
      // Twelve messages at five per window need at least two waits for the window to pass.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 300 - 50);
    } finally {
      await client.destroy();
      await double.stop();
    }
  });
});

describe('discord double checks Components V2 limits', () => {
  const double = new DiscordDouble();
  let client: Client;
  let fixture: GuildFixture;
  const text = (content: string) => ({ type: 10, content });

  beforeAll(async () => {
    await double.start();
    fixture = double.createGuild({ users: 1 });
    client = await readyClient(double);
  });
  afterAll(async () => {
    await client.destroy();
    await double.stop();
  });

  const send = async (body: Record<string, unknown>) => {
    const channel = (await client.channels.fetch(fixture.channelId)) as TextChannel;
    return channel.send({ flags: MessageFlags.IsComponentsV2, ...body } as never);
  };

  it('accepts a container of text displays and buttons within the limits', async () => {
    const sent = await send({
      components: [{ type: 17, components: [text('Turn 3'), { type: 1, components: [{ type: 2, style: 1, custom_id: 'a', label: 'A' }] }] }],
    });
    expect(double.message(sent.id)?.components).toHaveLength(1);
  });

  it('refuses more than 40 components, nested ones counted', async () => {
    const displays = Array.from({ length: 40 }, (_, i) => text(`line ${i}`));
    await expect(send({ components: [{ type: 17, components: displays }] })).rejects.toMatchObject({ code: 50035, status: 400 });
  });

  it('refuses more than 4,000 characters across text displays', async () => {
    await expect(send({ components: [text('x'.repeat(2_500)), text('y'.repeat(1_501))] })).rejects.toMatchObject({ code: 50035 });
    await expect(send({ components: [text('x'.repeat(2_500)), text('y'.repeat(1_500))] })).resolves.toBeDefined();
  });

  it('refuses content or embeds beside the Components V2 flag', async () => {
    await expect(send({ content: 'hello', components: [text('x')] })).rejects.toMatchObject({ code: 50035 });
  });
});

describe('discord double: threads, direct messages, pings and removal', () => {
  const double = new DiscordDouble();
  let client: Client;
  let fixture: GuildFixture;
  let onInteraction: (interaction: Interaction) => Promise<unknown> = async () => undefined;
  const parent = () => client.channels.cache.get(fixture.channelId) as TextChannel;

  beforeAll(async () => {
    await double.start();
    fixture = double.createGuild({ users: 3, channels: ['acquire', 'lounge'] });
    client = await readyClient(double, [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages]);
    client.on(Events.InteractionCreate, (interaction) => void onInteraction(interaction));
  });
  afterAll(async () => {
    await client.destroy();
    await double.stop();
  });

  it('opens a public thread from a message, announces it, and routes interactions made inside it', async () => {
    const lobby = await parent().send('Lobby');
    const created = once(client, Events.ThreadCreate);
    const thread = await lobby.startThread({ name: 'Acquire game' });
    await created;
    expect(thread.id).toBe(lobby.id);
    expect(thread.isThread()).toBe(true);
    expect(double.threads(fixture.channelId).map((t) => t.name)).toEqual(['Acquire game']);
    await thread.send('Turn 1');
    expect(double.channelMessages(thread.id).map((m) => m.content)).toEqual(['Turn 1']);
    // Only one thread per message.
    await expect(lobby.startThread({ name: 'again' })).rejects.toMatchObject({ code: 160004 });

    onInteraction = async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply(`in thread ${String(interaction.channel?.isThread())}`);
    };
    const view = await double
      .slashCommand({ guildId: fixture.id, channelId: thread.id, user: fixture.users[1]!, name: 'acquire', subcommand: 'status' })
      .settled();
    expect(view.original?.content).toBe('in thread true');
    expect(view.original?.channelId).toBe(thread.id);
  });

  it('refuses a thread, or a post, when the bot lacks the permission', async () => {
    const joined = once(client, Events.GuildCreate);
    const other = double.createGuild({ users: 1 });
    await joined;
    const channel = (await client.channels.fetch(other.channelId)) as TextChannel;
    const message = await channel.send('Lobby');
    double.revokeBotPermissions(other.id, PermissionFlagsBits.CreatePublicThreads);
    await expect(message.startThread({ name: 'no' })).rejects.toMatchObject({ code: 50013, status: 403 });
    expect(double.threads(other.channelId)).toHaveLength(0);
    double.revokeBotPermissions(other.id, PermissionFlagsBits.AttachFiles);
    await expect(channel.send({ files: [new AttachmentBuilder(PNG, { name: 'board.png' })] })).rejects.toMatchObject({ code: 50013 });
    double.revokeBotPermissions(other.id, PermissionFlagsBits.SendMessages);
    await expect(channel.send('hello')).rejects.toMatchObject({ code: 50013 });
  });

  it('delivers direct messages, and refuses them to a user who closed them', async () => {
    const [open, closed] = [fixture.users[1]!, fixture.users[2]!];
    const openUser = await client.users.fetch(open.id);
    await openUser.send('Your turn in Acquire');
    expect(double.directMessages(open).map((m) => m.content)).toEqual(['Your turn in Acquire']);
    double.closeDirectMessages(closed);
    const closedUser = await client.users.fetch(closed.id);
    await expect(closedUser.send('Your turn')).rejects.toMatchObject({ code: 50007 });
    expect(double.directMessages(closed)).toHaveLength(0);
  });

  it('pings only from new messages, as allowed_mentions permits, and counts posts and uploads', async () => {
    const lounge = client.channels.cache.get(fixture.channels[1]!.id) as TextChannel;
    const [a, b] = [fixture.users[1]!.id, fixture.users[2]!.id];
    const first = await lounge.send({ content: `<@${a}> your turn`, files: [new AttachmentBuilder(PNG, { name: 'board.png' })] });
    await lounge.send({ content: `<@${a}> and <@${b}>`, allowedMentions: { users: [b] } });
    await lounge.send({ content: `<@${b}> quietly`, flags: MessageFlags.SuppressNotifications });
    // An edit never pings, even when it adds a mention; a new file on an edit is an upload.
    await first.edit({ content: `<@${b}> edited`, files: [new AttachmentBuilder(PNG, { name: 'board2.png' })] });
    const activity = double.channelActivity(lounge.id);
    expect(activity.messagesPosted).toBe(3);
    expect(activity.imagesUploaded).toBe(2);
    expect(activity.pings.map((ping) => ping.userId)).toEqual([a, b]);
  });

  it('tells the bot when it is removed from a server or a channel is deleted, and refuses their routes', async () => {
    const joined = once(client, Events.GuildCreate);
    const gone = double.createGuild({ users: 1, channels: ['games', 'other'] });
    await joined;
    const deleted = once(client, Events.ChannelDelete);
    double.deleteChannel(gone.channels[1]!.id);
    const [channel] = (await deleted) as [TextChannel];
    expect(channel.id).toBe(gone.channels[1]!.id);
    const removed = once(client, Events.GuildDelete);
    double.removeBotFromGuild(gone.id);
    const [guild] = (await removed) as [{ id: string }];
    expect(guild.id).toBe(gone.id);
    const res = await fetch(`${double.restUrl}/v10/channels/${gone.channelId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bot ${double.token}` },
      body: JSON.stringify({ content: 'still here?' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 50001 });
  });
});
