/**
 * Autopilot: any other player may put a player who let decisions run out on autopilot (the
 * seat driver then plays for them); "I'm back" gives the decisions back.
 */
import { ButtonStyle, MessageFlags, type ButtonBuilder } from 'discord.js';
import { say, t } from '../../i18n/index.js';
import { getGame, setTurnClock, type ActiveGame } from '../../store/index.js';
import { seatsAwayLongEnough, withAutopilot } from '../clock-policy.js';
import { args, button, defineKind } from '../components.js';
import { announce, keepPlaying } from '../game-flow.js';
import { refusals } from '../refusals.js';
import { readerLocale, refuse } from '../replies.js';
import { cutText, escapedName, mention } from '../text.js';
import { feature } from './feature.js';

/** The argument is the seat to put on autopilot. */
export const autopilot = defineKind('autopilot', args.int(5));
export const back = defineKind('back', args.none);

/** The public message's autopilot buttons: one per seat away long enough, and "I'm back". */
export function autopilotButtons(game: ActiveGame): ButtonBuilder[] {
  const at = { gameId: game.id, stateId: game.state.stateId };
  const locale = game.language;
  const buttons = seatsAwayLongEnough(game).map((seat) =>
    button(
      autopilot,
      at,
      seat,
      cutText(
        t(locale, 'autopilot.putButton', {
          name: game.seats[seat]!.displayName,
        }),
        80,
      ),
      { style: ButtonStyle.Danger },
    ),
  );
  if (game.clock.autopilot.length > 0)
    buttons.push(
      button(back, at, undefined, t(locale, 'autopilot.backButton'), {
        style: ButtonStyle.Success,
      }),
    );
  return buttons;
}

export const autopilotFeatures = [
  feature({
    kind: back,
    needs: 'seat',
    on: 'public',
    async run(ctx, interaction, { game, seat }) {
      if (!game.clock.autopilot.includes(seat)) return refuse(interaction, refusals.notOnAutopilot);
      const written = await ctx.locks.run(game.id, () => setTurnClock(ctx.db, game.id, game.state.stateId, withAutopilot(game, seat, false)));
      if (!written) return refuse(interaction, refusals.stale);
      await interaction.reply({
        content: t(readerLocale(interaction), 'autopilot.welcomeBack'),
        flags: MessageFlags.Ephemeral,
      });
    },
  }),
  feature({
    kind: autopilot,
    needs: 'seat',
    on: 'public',
    async run(ctx, interaction, { arg: target, game, seat }) {
      const locale = readerLocale(interaction);
      const name = escapedName(game.seats[target]?.displayName ?? t(locale, 'autopilot.thatPlayer'));
      if (target === seat) return refuse(interaction, refusals.cannotSelfAutopilot);
      if (!seatsAwayLongEnough(game).includes(target)) return refuse(interaction, refusals.cannotAutopilot(name));
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const done = await ctx.locks.run(game.id, async () => {
        if (!(await setTurnClock(ctx.db, game.id, game.state.stateId, withAutopilot(game, target, true)))) return false;
        const latest = await getGame(ctx.db, game.id);
        if (latest?.status !== 'active') return false;
        await announce(
          ctx,
          latest,
          [],
          [
            t(latest.language, 'autopilot.announced', {
              who: mention(interaction.user.id, latest.language),
              name,
            }),
          ],
        );
        return true;
      });
      // If it is their decision now, the seat driver makes it (and any after it).
      if (done) keepPlaying(ctx, game.id);
      await interaction.editReply(done ? t(locale, 'autopilot.done', { name }) : say(locale, refusals.stale));
    },
  }),
];
