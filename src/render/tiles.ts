/** A chain's tile: the chain's colour and label, the one way every picture shows a chain. */
import type { Canvas, CanvasRenderingContext2D } from 'canvas';
import { chainColour, textColourOn } from './palette.js';
import { drawText, sprite } from './sprites.js';

/** A square of the chain's colour carrying its label; on the headquarters, inside a disc. */
export function chainTile(name: string, label: string, side: number, labelSize: number, isHeadquarters = false): Canvas {
  return sprite(`chain-tile|${name}|${label}|${side}|${labelSize}|${isHeadquarters}`, side, side, (ctx) => {
    const fill = chainColour(name);
    const ink = textColourOn(fill);
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, side, side);
    // Two-letter labels (only when initials clash) get a smaller size to fit the same square.
    let size = label.length > 1 ? Math.round(labelSize * 0.75) : labelSize;
    let colour = ink;
    if (isHeadquarters) {
      drawHeadquartersDisc(ctx, side / 2, side / 2, side * 0.38, ink);
      size = Math.round(size * 0.85);
      colour = fill;
    }
    drawText(ctx, label, side / 2, side / 2 + 1, { size, weight: 'bold', colour, align: 'center' });
  });
}

/** The headquarters marker: a disc standing out from any chain colour. */
export function drawHeadquartersDisc(ctx: CanvasRenderingContext2D, centreX: number, centreY: number, radius: number, colour: string): void {
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(centreX, centreY, radius, 0, 2 * Math.PI);
  ctx.fill();
}
