// The Noto fonts every PDF draws with, from npm (@fontsource ships each font cut into unicode-range
// files; each Indic file keeps its script's whole GSUB, so pdfkit's fontkit shapes conjuncts and vowel
// signs). pdfkit embeds only the glyphs a document uses (a subset per font).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import * as fontkit from "fontkit";

const require = createRequire(import.meta.url);

export type Weight = "regular" | "bold";

export interface PdfFont {
  /** The name the font is registered under in a document. */
  name: string;
  data: Buffer;
  covers: (codePoint: number) => boolean;
}

function load(pkg: string, file: string): PdfFont {
  const data = readFileSync(require.resolve(`@fontsource/${pkg}/files/${file}`));
  const font = fontkit.create(data);
  return {
    name: file.replace(/\.woff$/, ""),
    data,
    covers: (codePoint) => font.hasGlyphForCodePoint(codePoint),
  };
}

/** A family's regular and bold cut (bold falls back to regular where Noto has none). */
interface Family {
  regular: PdfFont;
  bold: PdfFont;
}

function family(pkg: string, subset: string, bold = true): Family {
  const regular = load(pkg, `${pkg}-${subset}-400-normal.woff`);
  return { regular, bold: bold ? load(pkg, `${pkg}-${subset}-700-normal.woff`) : regular };
}

/** A script of India and the font that shapes it; `pattern` tells its letters (and signs). */
export interface ScriptFont {
  script: string;
  pattern: RegExp;
  family: Family;
}

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  { script: "Telugu", pattern: /\p{Script=Telugu}/u, family: family("noto-sans-telugu", "telugu") },
  {
    script: "Devanagari",
    pattern: /\p{Script=Devanagari}/u,
    family: family("noto-sans-devanagari", "devanagari"),
  },
  { script: "Tamil", pattern: /\p{Script=Tamil}/u, family: family("noto-sans-tamil", "tamil") },
  { script: "Bengali", pattern: /\p{Script=Bengali}/u, family: family("noto-sans-bengali", "bengali") },
  { script: "Gujarati", pattern: /\p{Script=Gujarati}/u, family: family("noto-sans-gujarati", "gujarati") },
  { script: "Oriya", pattern: /\p{Script=Oriya}/u, family: family("noto-sans-oriya", "oriya") },
  {
    script: "Malayalam",
    pattern: /\p{Script=Malayalam}/u,
    family: family("noto-sans-malayalam", "malayalam"),
  },
];

/**
 * Everything else, tried in order by coverage: Latin-1, then Latin Extended (ā, ₹), math (≥ ≤ ✓),
 * symbols and dingbats, and monochrome emoji.
 */
export const FALLBACK_FONTS: readonly Family[] = [
  family("noto-sans", "latin"),
  family("noto-sans", "latin-ext"),
  family("noto-sans-math", "latin", false),
  family("noto-sans-symbols-2", "symbols", false),
  family("noto-emoji", "emoji", false),
];

export const EMOJI_FAMILY = FALLBACK_FONTS[FALLBACK_FONTS.length - 1] as Family;

/** The font of plain Latin text, and of anything no font covers (drawn as a missing-glyph box). */
export const BASE_FAMILY = FALLBACK_FONTS[0] as Family;

const ALL_FONTS = [...SCRIPT_FONTS.map((script) => script.family), ...FALLBACK_FONTS].flatMap((f) => [
  f.regular,
  f.bold,
]);

/** Registers every font with a new document; pdfkit reads and embeds only those a text uses. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const font of new Set(ALL_FONTS)) doc.registerFont(font.name, font.data);
}
