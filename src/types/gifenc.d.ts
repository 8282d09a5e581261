/** The part of gifenc (no types of its own; a CommonJS main) that src/render/animation.ts uses. */
declare module 'gifenc' {
  interface Encoder {
    /** `colorDepth`: bits a palette index (8 by default); `dispose`: the GIF disposal method. */
    writeFrame(
      index: Uint8Array,
      width: number,
      height: number,
      options?: { palette?: number[][]; delay?: number; repeat?: number; colorDepth?: number; dispose?: number },
    ): void;
    finish(): void;
    bytes(): Uint8Array;
    /** What is written so far, without a copy (writing into it changes the GIF). */
    bytesView(): Uint8Array;
  }
  const gifenc: { GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): Encoder };
  export default gifenc;
}
