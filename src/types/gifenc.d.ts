/** The part of gifenc (no types of its own; a CommonJS main) that src/render/animation.ts uses. */
declare module 'gifenc' {
  interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: { palette?: number[][]; delay?: number; repeat?: number }): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  const gifenc: { GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): Encoder };
  export default gifenc;
}
