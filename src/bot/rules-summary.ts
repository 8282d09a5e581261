/** `/acquire rules`: the game in a few lines (the full rules are in the project's README). */
export const RULES_SUMMARY = [
  '**Acquire in brief**',
  '• Each turn: **place one tile**, **buy up to 3 shares** of chains on the board, then draw.',
  '• A tile next to loose tiles **founds a chain** (you pick it and get a free share). Next to one chain it **grows** it.',
  '• A tile joining chains causes a **merger**: the largest survives (its maker breaks ties). For each acquired chain the top holders get **bonuses**, then every holder, the mergemaker first, **sells**, **trades 2 for 1** into the survivor, or **keeps** their shares.',
  '• A chain of **11+ tiles is safe**: it can never be acquired. A tile that would merge two safe chains can never be played; one that would found an 8th chain waits.',
  '• Share prices rise with a chain’s size (see `/acquire chart`).',
  '• The player in turn may **end the game** when a chain has 41+ tiles or every chain on the board is safe. Then bonuses are paid for every chain, all shares are sold, and **the most cash wins**.',
  'Your tiles are private: use **My tiles** or `/acquire hand`.',
].join('\n');
