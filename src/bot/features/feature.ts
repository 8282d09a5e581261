/**
 * What a feature file declares for each kind of button or form: its typed id (`kind`), what
 * the click needs before it may run (checked by the router, src/bot/router.ts), where the
 * component sits, and `run`. The router does the parse half (decode, load, check); `run` is
 * the feature's own.
 */
import type { ButtonInteraction, ModalSubmitInteraction } from 'discord.js';
import type { Action } from '../../engine/index.js';
import type { ActiveGame, FinishedGame, LobbyGame, Player } from '../../store/index.js';
import type { ComponentKind } from '../components.js';
import type { BotContext } from '../context.js';

/**
 * `lobby`: the game is still a lobby. `live`: a lobby or a game in progress. `seat`: a game in
 * progress and the clicker has a seat. `decider`: that, and the engine says the clicker may act
 * now (for `acts`, the action the click leads to). `ended`: a finished game (its replay).
 */
export type Needs = 'lobby' | 'live' | 'seat' | 'decider' | 'ended';

export type GameFor<N extends Needs> = N extends 'lobby'
  ? LobbyGame
  : N extends 'live'
    ? LobbyGame | ActiveGame
    : N extends 'ended'
      ? FinishedGame
      : ActiveGame;

export type ComponentInteraction = ButtonInteraction | ModalSubmitInteraction;

export interface Click<Arg, N extends Needs> {
  arg: Arg;
  /** The state id the component was offered at (checked against the game for `seat`/`decider`). */
  stateId: number;
  game: GameFor<N>;
  /** The clicker, with the name they go by in this server. */
  user: Player;
  /** The clicker's seat, or -1 when they have none. */
  seat: number;
}

export interface Feature<Arg, N extends Needs> {
  kind: ComponentKind<Arg>;
  needs: N;
  /** For `decider`: the action the click leads to, when the engine's check depends on it. */
  acts?: Action['type'];
  /**
   * Where the component sits: `public`, the game's current message in the channel (never
   * rewritten by a click, so a forged id cannot turn it into someone's panel); `panel`, a private
   * (ephemeral) panel or answer; `any`.
   */
  on: 'public' | 'panel' | 'any';
  /** Usable from any channel of the game's server (a replay opened from `/acquire history`). */
  anyChannel?: boolean;
  /**
   * A move made from the player's panel: the click is acknowledged before the game is even read
   * (its answer, the panel's next decision, comes after the move's write anyway), so that the
   * first answer never waits for the database. Refusals then come as private follow-ups.
   */
  move?: boolean;
  /**
   * How the click is acknowledged when its answer is slow in coming (the database or the
   * machine busy): `reply`, a private answer deferred (Discord shows "thinking…") and written
   * when ready; `update`, the panel it sits on kept and rewritten when ready. Unset: the feature
   * answers in its own time (it acknowledges first, or rewrites a public message, or opens a
   * form, which must be the first answer). See `answerInTime` (src/bot/replies.ts).
   */
  slowAnswer?: 'reply' | 'update';
  /** A form submitted (a modal) rather than a button clicked. */
  form?: boolean;
  run(ctx: BotContext, interaction: ComponentInteraction, click: Click<Arg, N>): Promise<void>;
}

/** A feature entry for the router's table, its argument type erased once it is declared. */
export type AnyFeature = Feature<unknown, Needs>;

export function feature<Arg, N extends Needs>(declared: Feature<Arg, N>): AnyFeature {
  return declared as unknown as AnyFeature;
}
