/**
 * Every colour the pictures use, and the chain initials that go with the chain colours.
 *
 * Chains take the Okabe–Ito palette (Okabe & Ito, "Color Universal Design"), whose seven
 * colours stay distinct under the common colour-vision deficiencies. Colour is never the only
 * cue: every chain tile also carries the chain's initial.
 */

/** The dark theme shared by all pictures; chain colours stand out best on it. */
export const THEME = {
  background: '#1b1d23',
  panel: '#262932',
  emptyCell: '#30343e',
  /** Empty cells' names: light enough to read at half size, dim beside played tiles. */
  emptyCellText: '#b4bac5',
  gridLine: '#1b1d23',
  text: '#f2f2f2',
  mutedText: '#9aa0ab',
  faintText: '#6f7582',
  /** A tile on the board outside any chain: the ivory of a physical tile. */
  unincorporated: '#d8d2c2',
  unincorporatedText: '#3a3a3a',
  /** Outline of the tile just played. */
  highlight: '#ffffff',
  /** Alternate table rows. */
  stripe: '#22252d',
} as const;

/**
 * Chain colours by chain name, not by index, so a chain looks the same in both chain sets.
 * Luxor and Sackson never meet (each is in one set only) and share vermillion.
 */
const CHAIN_COLOURS: Record<string, string> = {
  Tower: '#f0e442', // yellow
  Luxor: '#d55e00', // vermillion
  Sackson: '#d55e00', // vermillion
  American: '#0072b2', // blue
  Worldwide: '#cc79a7', // reddish purple
  Festival: '#009e73', // bluish green
  Imperial: '#e69f00', // orange
  Continental: '#56b4e9', // sky blue
};

/** Used only for a chain name the palette does not know. */
const FALLBACK_CHAIN_COLOUR = '#999999';

export function chainColour(name: string): string {
  return CHAIN_COLOURS[name] ?? FALLBACK_CHAIN_COLOUR;
}

/**
 * Player lines in the net-worth chart: Paul Tol's "bright" scheme, again colour-blind safe,
 * and told apart by marker shape and a name label as well.
 */
const PLAYER_COLOURS = ['#66ccee', '#ee6677', '#ccbb44', '#228833', '#aa3377', '#bbbbbb'] as const;

export function playerColour(seat: number): string {
  return PLAYER_COLOURS[seat % PLAYER_COLOURS.length] ?? FALLBACK_CHAIN_COLOUR;
}

/** Black or white, whichever reads better on `background` (a `#rrggbb` colour). */
export function textColourOn(background: string): string {
  const channel = (offset: number): number => {
    const value = parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast ratio against black beats contrast against white above this luminance.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/**
 * The short label of each chain: its initial, or more letters when another chain of the same
 * set starts the same way, so no two chains on one board share a label.
 */
export function chainLabels(names: readonly string[]): string[] {
  return names.map((name) => {
    for (let length = 1; length < name.length; length++) {
      const prefix = name.slice(0, length).toUpperCase();
      const clashes = names.some((other) => other !== name && other.toUpperCase().startsWith(prefix));
      if (!clashes) return name.slice(0, length);
    }
    return name;
  });
}
