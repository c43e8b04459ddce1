// The few fontkit calls the PDF module makes (fontkit ships no types): coverage checks (and layout, in tests); pdfkit
// does the shaping and subsetting with its own fontkit.
declare module "fontkit" {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): {
      glyphs: { id: number; codePoints: number[] }[];
      positions: { xAdvance: number; xOffset: number; yOffset: number }[];
    };
    glyphForCodePoint(codePoint: number): { id: number };
  }
  export function create(buffer: Buffer): Font;
}
