/**
 * The one font family every picture uses, registered from the bundled `dejavu-fonts-ttf`
 * package so a picture looks the same on every machine whatever fonts it has installed.
 */
import { createRequire } from 'node:module';
import { registerFont } from 'canvas';

const require = createRequire(import.meta.url);

const FONT_FAMILY = 'DejaVu Sans';

// node-canvas only sees fonts registered before the first canvas is created, so this runs on
// import and every module that draws imports this one.
registerFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), { family: FONT_FAMILY });
registerFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'), { family: FONT_FAMILY, weight: 'bold' });

/** A CSS font string in the bundled family, e.g. `font(24, 'bold')`. */
export function font(sizePx: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight} ${sizePx}px "${FONT_FAMILY}"`;
}
