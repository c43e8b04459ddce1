import { LABEL_CODE_LENGTH, LABEL_CODE_PATTERN } from "@lab/contracts";

/** The longest sample id typed by hand (a Postgres integer has ten digits). */
const SAMPLE_ID_DIGITS = 10;

/**
 * What reception looks up for a scanned or typed text: a label's code (Crockford's base32, read as
 * its decoder reads it: case, spaces and hyphens ignored, I and L as 1, O as 0) or a sample id
 * (digits); null for anything else.
 */
export function receptionCodeOf(text: string): string | null {
  const compact = text.trim().replace(/[\s-]+/g, "");
  if (/^\d+$/.test(compact)) {
    return compact.length <= SAMPLE_ID_DIGITS && Number(compact) > 0 ? String(Number(compact)) : null;
  }
  if (compact.length !== LABEL_CODE_LENGTH) return null;
  const code = compact.toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0");
  return LABEL_CODE_PATTERN.test(code) ? code : null;
}

/** Seals as compared: the same number written with other case or spaces is the same seal. */
export const sealKey = (seal: string) => seal.trim().replace(/\s+/g, "").toUpperCase();

/** The read seals that are not among the recorded ones (none when nothing was recorded). */
export function unmatchedSeals(recorded: readonly string[], read: readonly string[]): Set<number> {
  const known = new Set(recorded.map(sealKey));
  const unmatched = new Set<number>();
  if (known.size === 0) return unmatched;
  read.forEach((seal, index) => {
    if (seal.trim() !== "" && !known.has(sealKey(seal))) unmatched.add(index);
  });
  return unmatched;
}

/** The recorded seals that no read seal names. */
export function missingSeals(recorded: readonly string[], read: readonly string[]): string[] {
  const seen = new Set(read.filter((seal) => seal.trim() !== "").map(sealKey));
  return recorded.filter((seal) => !seen.has(sealKey(seal)));
}
