// pdfkit draws a string in one font and does not fall back: a text is cut into runs, each in the font
// of its script (Telugu, Devanagari …) or, for the rest, the first font that has the character.
import { BASE_FAMILY, EMOJI_FAMILY, FALLBACK_FONTS, SCRIPT_FONTS, type PdfFont, type Weight } from "./fonts";

export interface TextRun {
  text: string;
  font: PdfFont;
}

// Marks, joiners and variation selectors belong to the character before them (a vowel sign to its
// consonant, a skin tone or VS16 to its emoji): they never start a run.
const MARK = /\p{M}/u;
const joinsPrevious = (char: string, codePoint: number): boolean =>
  MARK.test(char) ||
  codePoint === 0x200c ||
  codePoint === 0x200d ||
  codePoint === 0xfe0e ||
  codePoint === 0xfe0f ||
  (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff) ||
  (codePoint >= 0xe0020 && codePoint <= 0xe007f);
// Spaces and punctuation shared by scripts (danda, digits, brackets) stay in the run they sit in when
// its font has them, so a name in Telugu is shaped as one run.
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

// Superscripts no Noto subset on npm has (Latin-1's ¹ ² ³ are drawn as they are).
const SUPERSCRIPT = /[\u2070-\u207f]/u;

// Only an Indian script's run keeps shared characters (a Telugu name's space is shaped with it); after
// an emoji, a digit goes back to the Latin font rather than Noto Emoji's keycap-style digits.
const SCRIPT_RUN_FONTS = new Set(
  SCRIPT_FONTS.flatMap((script) => [script.family.regular, script.family.bold]),
);

const EMOJI = /\p{Emoji_Presentation}/u;

function fontFor(char: string, weight: Weight): PdfFont | undefined {
  for (const script of SCRIPT_FONTS) if (script.pattern.test(char)) return script.family[weight];
  const codePoint = char.codePointAt(0) ?? 0;
  // Pictographs are drawn as emoji even where a symbol font also has them (🐟 is in Symbols 2 too).
  if (EMOJI.test(char) && EMOJI_FAMILY.regular.covers(codePoint)) return EMOJI_FAMILY.regular;
  for (const family of FALLBACK_FONTS) {
    if (family[weight].covers(codePoint)) return family[weight];
    if (family.regular.covers(codePoint)) return family.regular;
  }
  return undefined;
}

/** The runs of a text, each in a font that has its characters; text is NFC-normalised first. */
export function textRuns(text: string, weight: Weight = "regular"): TextRun[] {
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  let superscript = false;
  for (const original of text.normalize("NFC")) {
    let char = original;
    const wasSuperscript = superscript;
    superscript = SUPERSCRIPT.test(char);
    const codePoint = char.codePointAt(0) ?? 0;
    if (
      current &&
      (joinsPrevious(char, codePoint) ||
        (SHARED.test(char) && SCRIPT_RUN_FONTS.has(current.font) && current.font.covers(codePoint)))
    ) {
      current.text += char;
      continue;
    }
    let font = fontFor(char, weight);
    if (!font) {
      // No font has it: its compatibility form often exists (superscript ⁴ → 4, ﬁ → fi).
      const compatible = char.normalize("NFKC");
      const first = compatible.codePointAt(0);
      font =
        compatible !== char && first !== undefined ? fontFor(String.fromCodePoint(first), weight) : undefined;
      // A superscript (10⁴) must not read as a plain digit (104): it is written 10^4.
      if (font) char = superscript && !wasSuperscript ? `^${compatible}` : compatible;
      else font = BASE_FAMILY[weight];
    }
    if (current && current.font === font) current.text += char;
    else {
      current = { text: char, font };
      runs.push(current);
    }
  }
  return runs;
}
