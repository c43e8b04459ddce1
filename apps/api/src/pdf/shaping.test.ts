// Conjuncts and vowel signs of every Indian script the portal speaks are shaped, in fontkit's glyphs
// and in the pixels poppler draws; and words whose mark has no anchor on its base no longer crash.
import { describe, expect, it } from "vitest";

import { testEnv } from "../env";
import { hasPdftoppm, pdfPages, renderPages } from "../test/pdf-text";
import { createDocument, documentBytes } from "./document";
import { SCRIPT_FONTS } from "./fonts";
import { drawText } from "./layout";

const font = (script: string) => {
  const found = SCRIPT_FONTS.find((entry) => entry.script === script);
  if (!found) throw new Error(`no font for ${script}`);
  return found.family.regular.font;
};

// క్ష in each script: consonant, virama, consonant, which every one of them joins into a conjunct.
const CONJUNCTS = [
  ["Telugu", "క్ష"],
  ["Devanagari", "क्ष"],
  ["Tamil", "க்ஷ"],
  ["Bengali", "ক্ষ"],
  ["Gujarati", "ક્ષ"],
  ["Oriya", "କ୍ଷ"],
  ["Malayalam", "ക്ഷ"],
] as const;

// A vowel sign each: drawn before its consonant (Devanagari ि, Tamil ெ, Bengali ে, Malayalam െ),
// above it (Telugu ి, Odia ି) or as a sign of its own (Gujarati ી).
const VOWEL_SIGNS = [
  ["Telugu", "కి"],
  ["Devanagari", "कि"],
  ["Tamil", "கெ"],
  ["Bengali", "কে"],
  ["Gujarati", "કી"],
  ["Oriya", "କି"],
  ["Malayalam", "കെ"],
] as const;

const unshaped = (script: string, text: string) =>
  [...text].map((char) => font(script).glyphForCodePoint(char.codePointAt(0) ?? 0).id);
const shaped = (script: string, text: string) =>
  font(script)
    .layout(text)
    .glyphs.map((glyph) => glyph.id);

describe("fontkit shapes every script (GSUB of the Noto files)", () => {
  it.each(CONJUNCTS)("%s: %s is a conjunct, not its three letters side by side", (script, text) => {
    const glyphs = shaped(script, text);
    expect(glyphs.every((id) => id !== 0)).toBe(true);
    expect(glyphs).not.toEqual(unshaped(script, text));
  });

  it.each(VOWEL_SIGNS)("%s: the vowel sign of %s is placed by the font", (script, text) => {
    const layout = font(script).layout(text);
    const ids = layout.glyphs.map((glyph) => glyph.id);
    expect(ids.every((id) => id !== 0)).toBe(true);
    // Reordered before the consonant, substituted by a contextual form, or moved by GPOS.
    const moved = layout.positions.some((position) => position.xOffset !== 0 || position.yOffset !== 0);
    const reordered = layout.glyphs[0]?.codePoints[0] !== text.codePointAt(0);
    expect(moved || reordered || ids.join() !== unshaped(script, text).join()).toBe(true);
  });

  it("a mark whose base has no anchor for it (a NULL anchor, which fontkit 2.0.4 could not read) is laid out", () => {
    for (const [script, word] of [
      ["Telugu", "ప్రతి"],
      ["Telugu", "ప్రయోగశాల"],
      ["Malayalam", "റിപ്പോർട്ട്"],
      ["Malayalam", "സർട്ടിഫിക്കറ്റ്"],
      ["Gujarati", "અંતિમ"],
    ] as const) {
      const glyphs = font(script).layout(word).glyphs;
      expect(glyphs.length, word).toBeGreaterThan(0);
      expect(
        glyphs.every((glyph) => glyph.id !== 0),
        word,
      ).toBe(true);
    }
  });

  it("each shaped glyph carries the characters of its own word, not those of the word that used it first", () => {
    const bengali = font("Bengali");
    // স্ক্যান shares a glyph with নম্বর (fontkit kept one Glyph per id, with its first word's characters).
    bengali.layout("স্ক্যান");
    for (const word of ["নম্বর", "পদ্ধতি", "সংস্করণ"]) {
      const characters = bengali
        .layout(word)
        .glyphs.flatMap((glyph) => glyph.codePoints)
        .map((codePoint) => String.fromCodePoint(codePoint));
      // In the glyphs' visual order (ি is drawn before its consonant): the same characters.
      expect(characters.sort().join(""), word).toBe([...word].sort().join(""));
    }
  });
});

describe("the PDF's text reads back each word as typed", () => {
  it("a glyph two Bengali words share reads as each word's own letters (copy, search, pdf.js)", async () => {
    // স্ক্যান first: pdfkit kept the text of a glyph's first use for the whole document (নম্বর read নমকর).
    const doc = createDocument({ title: "spellings", author: "test" });
    drawText(doc, "স্ক্যান করুন\nশংসাপত্র নম্বর\nপদ্ধতি সংস্করণ", 40, 40, { size: 14 }, 500);
    const text = (await pdfPages(await documentBytes(doc))).join("\n");
    const letters = (value: string) => [...value.normalize("NFD").replace(/\s+/g, "")].sort().join("");
    const lines = text.split("\n").map(letters);
    expect(lines).toContain(letters("স্ক্যান করুন"));
    expect(lines).toContain(letters("শংসাপত্র নম্বর"));
    expect(lines).toContain(letters("পদ্ধতি সংস্করণ"));
  });
});

/** A small PDF of one line of text. */
async function line(text: string): Promise<Buffer> {
  const doc = createDocument({ title: "shaping", author: "test" });
  drawText(doc, text, 40, 40, { size: 28 }, 500);
  return documentBytes(doc);
}

const poppler = hasPdftoppm();
if (!poppler && testEnv.ci)
  throw new Error("CI=true: pdftoppm (poppler-utils) is required for the rendered-page tests");

describe.runIf(poppler)("poppler draws the conjuncts (pixels)", () => {
  it.each(CONJUNCTS)(
    "%s: %s drawn differs from its letters kept apart by a zero-width non-joiner, and reads back",
    async (_script, text) => {
      const [joined] = renderPages(await line(text), 72);
      // The same letters with a zero-width non-joiner after the virama: drawn apart, as unshaped.
      const [, virama] = [...text];
      const [kept] = renderPages(await line(text.replace(virama ?? "", `${virama ?? ""}\u200c`)), 72);
      if (!joined || !kept) throw new Error("no page");
      const ink = (gray: Uint8Array) => gray.reduce((sum, value) => sum + (value < 128 ? 1 : 0), 0);
      expect(ink(joined.gray)).toBeGreaterThan(50);
      expect(ink(kept.gray)).toBeGreaterThan(50);
      expect(Buffer.from(joined.gray).equals(Buffer.from(kept.gray))).toBe(false);
      // And the text reads back as typed (a conjunct glyph maps to its three characters).
      expect((await pdfPages(await line(text))).join("").replace(/\s+/g, "")).toBe(text);
    },
  );
});
