/**
 * Simulated players: they read the channel, answer when the bot mentions them, and click only
 * buttons the bot showed them, choosing among them with a seeded random source.
 */
import { nextInt } from '../../src/engine/rng.js';
import type { StoredMessage } from '../support/discord-double/index.js';
import { decodeEnvelope } from '../../src/bot/components.js';
import {
  SETTLE_MS,
  answerOf,
  buttonsOf,
  gameChannelOf,
  latestPublicWithButtons,
  messageText,
  offersOnlyAfter,
  privateFollowUps,
  tableMovedPast,
  type Venue,
} from './harness.js';

/** Who the table message asks to decide: the mention in its prompt (its last text), if any. */
function promptMention(message: StoredMessage): string | null {
  const texts = messageText(message).split('\n');
  const prompt = message.components.length > 0 && !message.content ? (texts.at(-1) ?? '') : message.content;
  return /<@(\d+)>/.exec(prompt)?.[1] ?? null;
}

function stateOf(customId: string): number {
  const id = decodeEnvelope(customId);
  if (!id) throw new Error(`not one of the bot's custom ids: ${customId}`);
  return id.stateId;
}

export class Table {
  private rng: number;
  /** Panels shown to players, for the privacy checks. */
  readonly panels: { userId: string; message: StoredMessage }[] = [];
  moves = 0;
  tradesOffered = 0;
  /** Whether the players end the game as soon as they may (false: a test that needs the game to go on). */
  declaresEnd = true;

  /**
   * `channelId`: where the game plays (a thread, or a channel); by default the newest thread of
   * the guild's channel, or the channel itself.
   */
  constructor(
    private readonly harness: Venue,
    seed: number,
    private readonly channelId?: string,
  ) {
    this.rng = seed;
  }

  /** Where this table's game is played. */
  channel(): string {
    return this.channelId ?? gameChannelOf(this.harness);
  }

  private int(bound: number): number {
    const draw = nextInt(this.rng, bound);
    this.rng = draw.rng;
    return draw.value;
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  private user(id: string) {
    const user = this.harness.guild.users.find((candidate) => candidate.id === id);
    if (!user) throw new Error(`no user ${id}`);
    return user;
  }

  /** Whose decision the latest public message announces, with that message. */
  current(): { message: StoredMessage; userId: string } | null {
    const message = latestPublicWithButtons(this.harness, this.channel());
    // The final message's only button is a rematch: no decision is offered any more.
    if (!message || !buttonsOf(message).some((button) => button.kind === 'decide' || button.kind === 'hand')) return null;
    const userId = promptMention(message);
    if (!userId) throw new Error(`public message without a mention: ${messageText(message)}`);
    return { message, userId };
  }

  /** Set while a test keeps the table from being shown: a move is then not waited for on the table. */
  tableDown = false;

  #stopped = false;
  readonly #onStop = new Set<(error: Error) => void>();

  /**
   * The players leave: what they are waiting for fails at once, and the next click throws
   * instead of clicking (a test that kills the bot need not wait out their timeouts).
   */
  stop(): void {
    this.#stopped = true;
    for (const fail of this.#onStop) fail(new Error('the table was stopped'));
    this.#onStop.clear();
  }

  #throwIfStopped(): void {
    if (this.#stopped) throw new Error('the table was stopped');
  }

  /** `work`, unless the table is stopped first. */
  private async unlessStopped<T>(work: Promise<T>): Promise<T> {
    this.#throwIfStopped();
    let fail: (error: Error) => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => {
      fail = reject;
    });
    this.#onStop.add(fail);
    try {
      return await Promise.race([work, stopped]);
    } finally {
      this.#onStop.delete(fail);
    }
  }

  private click(input: Parameters<Venue['double']['clickButton']>[0]) {
    this.#throwIfStopped();
    return this.harness.double.clickButton(input);
  }

  /**
   * Plays one decision: opens the panel from the public message as the player mentioned, then
   * clicks through it until the bot says "Done" (or the panel has nothing left to click).
   * Returns false when no public message offers a decision (the game is over).
   */
  async playDecision(): Promise<boolean> {
    // Between a turn's message losing its buttons and the next turn's arriving (posted by another
    // process, say) no message has any: wait for one (a game over leaves its rematch button).
    const channelId = this.channel();
    let message = latestPublicWithButtons(this.harness, channelId);
    if (!message) {
      await this.unlessStopped(
        this.harness.double
          .waitFor(() => latestPublicWithButtons(this.harness, channelId) !== undefined, {
            timeoutMs: SETTLE_MS,
            description: 'a message with buttons',
            channelId,
          })
          .catch(() => undefined),
      );
      message = latestPublicWithButtons(this.harness, channelId);
    }
    // The final message's only button is a rematch: no decision is offered any more.
    if (!message || !buttonsOf(message).some((button) => button.kind === 'decide' || button.kind === 'hand')) return false;
    const opener = buttonsOf(message).find((button) => button.kind === 'decide') ?? buttonsOf(message).find((button) => button.kind === 'hand');
    if (!opener) throw new Error('public message offers no panel');
    const mentioned = promptMention(message);
    // Hidden holdings name no holder in a merger: each player who holds shares presses the
    // button, and only the one whose decision it is gets a panel.
    const candidates = mentioned ? [this.user(mentioned)] : this.harness.guild.users;
    let user = candidates[0]!;
    let panel: StoredMessage | null = null;
    for (const candidate of candidates) {
      user = candidate;
      panel = await this.unlessStopped(answerOf(this.click({ message, customId: opener.customId, user })));
      if (panel && buttonsOf(panel).length > 0) break;
    }
    for (let clicks = 0; panel && clicks < 20; clicks++) {
      this.panels.push({ userId: user.id, message: panel });
      // Plain checks rather than vitest's expect: `npm run bench:load` plays thousands of panels a
      // second through here, and each expect was a share of its players' CPU.
      if (!panel.ephemeral) throw new Error(`a panel for ${user.id} is public: ${messageText(panel)}`);
      if (panel.visibleTo !== user.id) throw new Error(`a panel for ${user.id} is shown to ${panel.visibleTo}`);
      const choice = this.choose(buttonsOf(panel));
      if (!choice) return true;
      if (choice.kind === 'offer') {
        const opened = this.click({ message: panel, customId: choice.customId, user });
        const openedView = await this.unlessStopped(opened.settled({ timeoutMs: SETTLE_MS }));
        if (!openedView.modal) throw new Error(`the offer opened no form: ${openedView.original?.content ?? ''}`);
        this.#throwIfStopped();
        const submitted = this.harness.double.submitModal({ modalOf: opened, values: { giveShares: '', giveCash: '100', getShares: '', getCash: '0' } });
        const answered = await this.unlessStopped(submitted.settled({ timeoutMs: SETTLE_MS }));
        if (privateFollowUps(answered).length === 0) await this.unlessStopped(tableMovedPast(this.harness, this.channel(), stateOf(choice.customId)));
        this.moves++;
        return true;
      }
      const handle = this.click({ message: panel, customId: choice.customId, user });
      const view = await this.unlessStopped(handle.settled({ timeoutMs: SETTLE_MS }));
      const refusal = privateFollowUps(view).at(-1);
      if (refusal) throw new Error(`the bot refused an offered button ${choice.kind}:${choice.arg}: ${refusal.content}`);
      if (!['cart', 'dispose'].includes(choice.kind)) {
        // Wait for the table to show the move (computers' and autopilot moves follow in the
        // background), and for the panel to show what comes next: it is answered after the table.
        const movedFrom = stateOf(choice.customId);
        if (!this.tableDown) await this.unlessStopped(tableMovedPast(this.harness, this.channel(), movedFrom));
        await this.unlessStopped(
          this.harness.double.waitFor(() => offersOnlyAfter(this.harness.double.message(panel!.id), movedFrom), {
            timeoutMs: SETTLE_MS,
            description: 'the panel answering the move',
            channelId: panel.channelId,
          }),
        );
        this.moves++;
      }
      panel = this.harness.double.message(panel.id) ?? null;
    }
    return true;
  }

  /** The button a player clicks next, or null when the panel is finished with. */
  private choose(buttons: ReturnType<typeof buttonsOf>): ReturnType<typeof buttonsOf>[number] | null {
    if (buttons.length === 0) return null;
    const of = (kind: string) => buttons.filter((button) => button.kind === kind);
    if (of('declareEnd').length > 0 && this.declaresEnd) return of('declareEnd')[0]!;
    if (of('tile').length > 0) {
      // The first chance to offer a trade is always taken, so a game with trades on has one.
      if (of('offer').length > 0 && (this.tradesOffered === 0 || this.int(25) === 0)) {
        this.tradesOffered++;
        return this.pick(of('offer'));
      }
      return this.pick(of('tile'));
    }
    for (const kind of ['redraw', 'skip', 'found', 'survivor', 'defunct', 'answer']) if (of(kind).length > 0) return this.pick(of(kind));
    if (of('disposeOk').length > 0) {
      const adjust = of('dispose');
      return adjust.length > 0 && this.int(3) > 0 ? this.pick(adjust) : of('disposeOk')[0]!;
    }
    if (of('buyOk').length > 0) {
      // A share added makes the cart longer than the one Buy would buy now (Remove last and Clear make it shorter).
      const add = of('cart').filter((button) => button.arg.length > of('buyOk')[0]!.arg.length);
      return add.length > 0 && this.int(4) > 0 ? this.pick(add) : of('buyOk')[0]!;
    }
    return null;
  }
}
