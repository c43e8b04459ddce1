import { describe, expect, it } from "vitest";

import { pdfPages } from "../test/pdf-text";
import { createDocument, documentBytes } from "./document";
import { FALLBACK_FONTS, SCRIPT_FONTS, useFont, woffToSfnt } from "./fonts";

const scriptFont = (script: string) => {
  const found = SCRIPT_FONTS.find((entry) => entry.script === script);
  if (!found) throw new Error(`no font for ${script}`);
  return found.family.regular.font;
};
const glyphs = (script: string, text: string) => scriptFont(script).layout(text).glyphs;

describe("the Noto files picked shape their scripts (their GSUB survived @fontsource's subsetting)", () => {
  it("Telugu: క్ష్మీ becomes conjunct glyphs, fewer than its six characters, none missing", () => {
    const shaped = glyphs("Telugu", "క్ష్మీ");
    expect(shaped.length).toBeLessThan([..."క్ష్మీ"].length);
    expect(shaped.every((glyph) => glyph.id !== 0)).toBe(true);
  });

  it("Devanagari: the vowel sign ि is drawn before its consonant (कि → ि glyph first), क्ष is one glyph", () => {
    const ki = glyphs("Devanagari", "कि");
    expect(ki.map((glyph) => glyph.codePoints)).toEqual([[0x093f], [0x0915]]);
    expect(glyphs("Devanagari", "क्ष")).toHaveLength(1);
  });

  it("Tamil and Bengali: the pre-base vowel sign moves before its consonant; ব্র forms a conjunct", () => {
    expect(glyphs("Tamil", "செ")[0]?.codePoints).toEqual([0x0bc6]);
    // ্ + র become one ra-phala glyph under the ব.
    expect(glyphs("Bengali", "ব্র").map((glyph) => glyph.codePoints)[1]).toEqual([0x09cd, 0x09b0]);
  });

  it("every font file loads as TrueType: WOFF unpacked once (fontkit would inflate a WOFF table on every read)", () => {
    for (const family of [...SCRIPT_FONTS.map((entry) => entry.family), ...FALLBACK_FONTS]) {
      expect(family.regular.covers(0x20) || family.regular.covers(0x2713)).toBe(true);
    }
    expect(woffToSfnt(Buffer.from("not a woff")).toString()).toBe("not a woff");
  });
});

describe("useFont: one shaped-word cache per font across documents", () => {
  const telugu = SCRIPT_FONTS.find((entry) => entry.script === "Telugu")?.family.regular;

  it("a second document reuses the words the first shaped, and still embeds and maps their glyphs", async () => {
    if (!telugu) throw new Error("no Telugu font");
    const draw = async () => {
      const doc = createDocument({ title: "t", author: "a" });
      useFont(doc, telugu, 12).text("వెంకట రమణ", 40, 40, { lineBreak: false });
      const cache = (doc as unknown as { _font: { layoutCache: object } })._font.layoutCache;
      return { cache, text: (await pdfPages(await documentBytes(doc))).join("") };
    };
    const first = await draw();
    const second = await draw();
    expect(second.cache).toBe(first.cache);
    expect(Object.keys(second.cache)).toContain("వెంకట ");
    // The glyphs come from each document's own subset: the second reads back like the first.
    expect(second.text).toBe(first.text);
    expect(second.text.replace(/\s+/g, "")).toBe("వెంకటరమణ");
  });
});
