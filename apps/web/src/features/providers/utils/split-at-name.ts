/** A stand-in for a name inside a translated sentence; no translation or name contains it. */
export const NAME_MARK = "\u0001";

/**
 * The parts of a sentence translated with `{name: NAME_MARK}` before and after the name, so the name
 * can be set in bold wherever the language puts it.
 */
export function splitAtName(sentence: string): [string, string] {
  const at = sentence.indexOf(NAME_MARK);
  return at < 0 ? [sentence, ""] : [sentence.slice(0, at), sentence.slice(at + NAME_MARK.length)];
}
