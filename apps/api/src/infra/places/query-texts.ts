import Sanscript from "@indic-transliteration/sanscript";

import { wordsOf } from "./words";

/** Indian scripts, each a 128-code-point block from U+0900; those whose final "a" is silent. */
const SCRIPTS: readonly { start: number; scheme: string; silentFinalA: boolean }[] = [
  { start: 0x0900, scheme: "devanagari", silentFinalA: true },
  { start: 0x0980, scheme: "bengali", silentFinalA: true },
  { start: 0x0a00, scheme: "gurmukhi", silentFinalA: true },
  { start: 0x0a80, scheme: "gujarati", silentFinalA: true },
  { start: 0x0b00, scheme: "oriya", silentFinalA: true },
  { start: 0x0b80, scheme: "tamil_extended", silentFinalA: false },
  { start: 0x0c00, scheme: "telugu", silentFinalA: false },
  { start: 0x0c80, scheme: "kannada", silentFinalA: false },
  { start: 0x0d00, scheme: "malayalam", silentFinalA: false },
];
const INDIC = /[\u0900-\u0d7f]/;

/** A consonant letter (which carries an inherent "a") at the same offset in every block. */
const isConsonant = (code: number): boolean => {
  const offset = code & 0x7f;
  return (offset >= 0x15 && offset <= 0x39) || (offset >= 0x58 && offset <= 0x5f);
};

/** One word of an Indian script in the Latin spelling Indian place names use ("pashchim", "chennai"). */
function latinWord(word: string): string {
  const code = [...word].find((c) => INDIC.test(c))?.codePointAt(0) ?? 0;
  const script = SCRIPTS.find((s) => code >= s.start && code - s.start < 0x80);
  if (!script) return word;
  let latin = Sanscript.t(word, script.scheme, "iast")
    .normalize("NFC")
    .toLowerCase()
    .replace(/c(h?)/g, (_, h: string) => (h ? "chh" : "ch"))
    .replace(/[śṣ]/g, "sh")
    .replace(/ṛ|r\u0325/g, "ri")
    .replace(/ḻ/g, "zh")
    .replace(/[ṃṁ](?=[pbm]|$)/g, "m")
    .replace(/[ṃṁ]/g, "n");
  const bare = word.replace(/[\u093c\u09bc\u0a3c\u0abc\u0b3c]$/, "");
  const last = bare.codePointAt(bare.length - 1);
  if (script.silentFinalA && last !== undefined && isConsonant(last) && latin.endsWith("a")) {
    latin = latin.slice(0, -1);
  }
  return latin;
}

/** Direction words of Indian languages, as district names carry them in English. */
const DIRECTIONS: Record<string, string> = {
  pashchim: "west",
  pashchima: "west",
  paschim: "west",
  purba: "east",
  purva: "east",
  purv: "east",
  turpu: "east",
  uttar: "north",
  uttara: "north",
  dakshin: "south",
  dakshina: "south",
};

/** The normalized texts to look up for a query: a transliteration for Indian scripts, plus aliases. */
export function queryTexts(query: string): string[] {
  const typed = INDIC.test(query) ? query.split(/\s+/).map(latinWord).join(" ") : query;
  const tokens = wordsOf(typed);
  const texts = [tokens.join(" ")];
  const aliased = tokens.map((t) => DIRECTIONS[t] ?? t).join(" ");
  if (aliased !== texts[0]) texts.push(aliased);
  return texts;
}
