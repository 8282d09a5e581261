/** The pictures the bot sends: the board every turn, the price chart, the end-of-game chart. */
export { BOARD_WIDTH, boardHeight, renderBoard, tileBounds, type BoardOptions, type BoardView } from './board.js';
export { renderNetWorthChart } from './netWorthChart.js';
export { renderPriceChart } from './priceChart.js';
