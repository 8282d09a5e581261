/**
 * Replays: a finished game shown privately at any turn, rebuilt from its action log through the
 * engine (src/replay/steps.ts), with ⏮ ◀ ▶ ⏭; opened from `/acquire history`.
 */
import { AttachmentBuilder, ButtonStyle, MessageFlags, type InteractionUpdateOptions } from 'discord.js';
import { spectatorView } from '../../engine/index.js';
import { type Locale, t } from '../../i18n/index.js';
import { steps } from '../../replay/steps.js';
import { getActionLog, setupOf, type FinishedGame } from '../../store/index.js';
import { args, button, defineKind } from '../components.js';
import type { BotContext } from '../context.js';
import { rows } from '../layout.js';
import { readerLocale } from '../replies.js';
import { cutText, describeEvents } from '../text.js';
import { feature } from './feature.js';

/** Opens the replay of the game the id names, at its end. */
export const openReplay = defineKind('replayOpen', args.none);
/** Shows the replay at this step. */
export const replayStep = defineKind('replay', args.int(2000));

export function openReplayButton(game: FinishedGame, label: string) {
  return button(openReplay, { gameId: game.id, stateId: 0 }, undefined, label, { emoji: '🎞️' });
}

/** The viewer at one step: the board then, what happened in that turn, and the controls. */
export async function replayView(
  ctx: BotContext,
  game: FinishedGame,
  requested: number,
  locale: Locale,
): Promise<InteractionUpdateOptions & { content: string }> {
  const log = await getActionLog(ctx.db, game.id);
  const all = steps(
    setupOf(game),
    log.map((entry) => entry.action),
  );
  const last = all.length - 1;
  const at = Math.max(0, Math.min(requested, last));
  const { state, events } = all[at]!;
  const view = spectatorView(state);
  const heading =
    at === 0
      ? t(locale, 'replay.opening', { step: at, last })
      : at === last
        ? t(locale, 'replay.end', { turn: state.turn, step: at, last })
        : t(locale, 'replay.afterTurn', { turn: at, step: at, last });
  const happened = describeEvents(events, view, locale);
  const content = cutText([heading, ...happened].join('\n'), 2000);
  const id = { gameId: game.id, stateId: 0 };
  return {
    content,
    files: [new AttachmentBuilder(await ctx.workers.board(view, { locale }, game.id), { name: 'board.png' })],
    attachments: [],
    components: rows([
      button(replayStep, id, 0, '⏮', { disabled: at === 0 }),
      button(replayStep, id, Math.max(0, at - 1), '◀', { disabled: at === 0 }),
      button(replayStep, id, Math.min(last, at + 1), '▶', { disabled: at === last, style: ButtonStyle.Primary }),
      button(replayStep, id, last, '⏭', { disabled: at === last }),
    ]),
  };
}

export const replayFeatures = [
  feature({
    kind: openReplay,
    needs: 'ended',
    on: 'any',
    anyChannel: true,
    async run(ctx, interaction, { game }) {
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const shown = await replayView(ctx, game, Number.MAX_SAFE_INTEGER, readerLocale(interaction));
      await interaction.editReply({ content: shown.content, files: shown.files, components: shown.components });
    },
  }),
  feature({
    kind: replayStep,
    needs: 'ended',
    on: 'panel',
    slowAnswer: 'update',
    anyChannel: true,
    async run(ctx, interaction, { game, arg }) {
      if (!interaction.isButton()) return;
      await interaction.update(await replayView(ctx, game, arg, readerLocale(interaction)));
    },
  }),
];
