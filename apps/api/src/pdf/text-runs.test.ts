import { describe, expect, it } from "vitest";

import { textRuns } from "./text-runs";

const runs = (text: string, weight: "regular" | "bold" = "regular") =>
  textRuns(text, weight).map((run) => [run.text, run.font.name]);

describe("textRuns: a text cut into runs, each in a font that has its characters", () => {
  it("a Telugu or Devanagari name is one run in its script's font, spaces included; Latin around it in Noto Sans", () => {
    expect(runs("Sampler: లక్ష్మీ దేవి (Bhimavaram)")).toEqual([
      ["Sampler: ", "noto-sans-latin-400-normal"],
      ["లక్ష్మీ దేవి ", "noto-sans-telugu-telugu-400-normal"],
      ["(Bhimavaram)", "noto-sans-latin-400-normal"],
    ]);
    expect(runs("लक्ष्मी देवी", "bold")).toEqual([["लक्ष्मी देवी", "noto-sans-devanagari-devanagari-700-normal"]]);
  });

  it("Tamil, Bengali, Gujarati, Oriya and Malayalam each get their own font", () => {
    expect(runs("தமிழ்செல்வி সুব্রত ગુજરાતી ଓଡ଼ିଆ മലയാളം").map(([, font]) => font)).toEqual([
      "noto-sans-tamil-tamil-400-normal",
      "noto-sans-bengali-bengali-400-normal",
      "noto-sans-gujarati-gujarati-400-normal",
      "noto-sans-oriya-oriya-400-normal",
      "noto-sans-malayalam-malayalam-400-normal",
    ]);
  });

  it("ā in Latin Extended, ≥ ≤ ✓ in Noto Sans Math, emoji (with skin tone and ZWJ sequences whole) in Noto Emoji", () => {
    expect(runs("Godāvari")).toEqual([
      ["God", "noto-sans-latin-400-normal"],
      ["ā", "noto-sans-latin-ext-400-normal"],
      ["vari", "noto-sans-latin-400-normal"],
    ]);
    expect(runs("≥ 7.5 ✓")).toEqual([
      ["≥", "noto-sans-math-latin-400-normal"],
      [" 7.5 ", "noto-sans-latin-400-normal"],
      ["✓", "noto-sans-math-latin-400-normal"],
    ]);
    expect(runs("🦐🙏🏽👨‍👩‍👧 ok")).toEqual([
      ["🦐🙏🏽👨‍👩‍👧", "noto-emoji-emoji-400-normal"],
      [" ok", "noto-sans-latin-400-normal"],
    ]);
  });

  it("a superscript no font has is written with a caret, not as a plain digit (10⁴ is not 104; Latin-1 ³ stays)", () => {
    expect(
      textRuns("≤ 10⁴ and 10⁻³")
        .map((run) => run.text)
        .join(""),
    ).toBe("≤ 10^4 and 10^−³");
  });

  it("decomposed input is composed first (a + combining macron prints as ā)", () => {
    expect(
      textRuns("Goda\u0304vari")
        .map((run) => run.text)
        .join(""),
    ).toBe("Godāvari");
  });
});
