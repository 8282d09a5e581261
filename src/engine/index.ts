/**
 * The Acquire rules engine: pure, deterministic, JSON in and out. No Discord, database or
 * canvas here; the bot, the store and the pictures build on this.
 */
export * from './types.js';
export {
  ALL_TILES,
  CHAIN_SETS,
  HAND_SIZE,
  MAX_PURCHASES,
  SAFE_SIZE,
  END_SIZE,
  SHARES_PER_CHAIN,
  STARTING_CASH,
  bonusPlaces,
  isTile,
  sharePrice,
  tileIndex,
  tileName,
} from './board.js';
export { apply, type ApplyOptions } from './apply.js';
export { chainIndex, decidingSeat, seatOf, whatIsAwaited } from './state.js';
export { mayAct, optionsProblem, staleness } from './permissions.js';
export { acceptShortfall } from './moves/trades.js';
export { createGame, resolveOptions, DEFAULT_OPTIONS, MIN_PLAYERS, MAX_PLAYERS, SetupError, type GameSetup } from './setup.js';
export { replay } from './replay.js';
export * from './queries.js';
export { viewFor, spectatorView } from './views.js';
export { defaultAction } from './defaults.js';
export { actionSchema, optionsSchema, gameStateSchema, parseAction, parseGameState } from './schema.js';
export { distributeBonuses, type Holding } from './bonuses.js';
