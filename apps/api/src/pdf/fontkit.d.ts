// The few fontkit calls the PDF module makes (fontkit ships no types): coverage checks only; pdfkit
// does the shaping and subsetting with its own fontkit.
declare module "fontkit" {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
