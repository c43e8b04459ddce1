import { describe, expect, it } from "vitest";

import { FALLBACK_FONTS, SCRIPT_FONTS, woffToSfnt } from "./fonts";

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
