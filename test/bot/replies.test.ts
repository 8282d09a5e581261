/**
 * `answerInTime`: a click whose answer is slow in coming is acknowledged once, in time, and the
 * feature's answer then lands on that acknowledgement; one that answers in time is untouched.
 * The interaction is a stand-in recording what would be sent to Discord, in order.
 */
import type { ButtonInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { answerInTime } from '../../src/bot/replies.js';

const AFTER_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What discord.js would send, and the acknowledgement state it keeps (set once a call resolves, as discord.js does). */
function recordingClick() {
  const sent: string[] = [];
  const call = (name: string, after?: () => void) => async (options?: { content?: string; flags?: unknown }) => {
    sent.push(options?.content === undefined ? name : `${name}: ${options.content}${options.flags === undefined ? '' : ' (flags)'}`);
    await sleep(5);
    after?.();
  };
  const click = {
    deferred: false,
    replied: false,
    reply: call('reply', () => (click.replied = true)),
    update: call('update', () => (click.replied = true)),
    deferReply: call('deferReply', () => (click.deferred = true)),
    deferUpdate: call('deferUpdate', () => (click.deferred = true)),
    editReply: call('editReply'),
    followUp: call('followUp'),
  };
  return { click, interaction: click as unknown as ButtonInteraction, sent };
}

describe('answerInTime', () => {
  it('leaves an answer given in time as it is', async () => {
    const { interaction, sent } = recordingClick();
    const stop = answerInTime(interaction, 'reply', AFTER_MS);
    await interaction.reply({ content: 'your panel', flags: 64 });
    await sleep(AFTER_MS * 2);
    stop();
    expect(sent).toEqual(['reply: your panel (flags)']);
  });

  it('acknowledges a private answer that is late, then writes it over the acknowledgement', async () => {
    const { interaction, sent } = recordingClick();
    const stop = answerInTime(interaction, 'reply', AFTER_MS);
    await sleep(AFTER_MS * 2);
    await interaction.reply({ content: 'your panel', flags: 64 });
    stop();
    // The deferred answer is private already: the edit carries no flags (an edit cannot set them).
    expect(sent).toEqual(['deferReply', 'editReply: your panel']);
  });

  it('keeps a panel whose rewrite is late, then rewrites it; a new private answer goes beside it', async () => {
    const { interaction, sent } = recordingClick();
    const stop = answerInTime(interaction, 'update', AFTER_MS);
    await sleep(AFTER_MS * 2);
    await interaction.update({ content: 'the panel, rewritten' });
    await interaction.followUp({ content: 'a note' });
    stop();
    expect(sent).toEqual(['deferUpdate', 'editReply: the panel, rewritten', 'followUp: a note']);

    const refused = recordingClick();
    const stopRefused = answerInTime(refused.interaction, 'update', AFTER_MS);
    await sleep(AFTER_MS * 2);
    await refused.interaction.reply({ content: 'That is not possible.', flags: 64 });
    stopRefused();
    expect(refused.sent).toEqual(['deferUpdate', 'followUp: That is not possible. (flags)']);
  });

  it('acknowledges once: a feature that defers after the clock did sends nothing more', async () => {
    const { interaction, sent } = recordingClick();
    const stop = answerInTime(interaction, 'reply', AFTER_MS);
    await sleep(AFTER_MS * 2);
    await interaction.deferReply({ flags: 64 });
    await interaction.editReply({ content: 'done' });
    stop();
    expect(sent).toEqual(['deferReply', 'editReply: done']);
  });

  it('does not acknowledge an answer already on its way when the clock runs out', async () => {
    const { click, interaction, sent } = recordingClick();
    // Sent just before the clock runs out and still in flight when it does.
    click.reply = async (options) => {
      sent.push(`reply: ${options?.content}`);
      await sleep(AFTER_MS * 3);
      click.replied = true;
    };
    const stop = answerInTime(interaction, 'reply', AFTER_MS);
    await sleep(AFTER_MS / 2);
    await interaction.reply({ content: 'your panel' });
    await sleep(AFTER_MS);
    stop();
    expect(sent).toEqual(['reply: your panel']);
  });

  it('answers nothing once stopped: a click answered by its feature in its own time is left alone', async () => {
    const { interaction, sent } = recordingClick();
    const stop = answerInTime(interaction, 'update', AFTER_MS);
    stop();
    await sleep(AFTER_MS * 2);
    expect(sent).toEqual([]);
  });
});
