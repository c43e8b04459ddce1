// Place names and queries compared as lower-case ASCII words, and by edit distance for typos.
/** Lower-case ASCII: "Pūnch" is found by "punch". */
export const normalize = (value: string): string =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
const PLAIN = /^[\x20-\x7e]*$/;
export const wordsOf = (value: string): string[] =>
  // Most names are plain ASCII: lower-casing them is all normalizing does, at a fraction of the cost.
  (PLAIN.test(value) ? value.toLowerCase() : normalize(value)).split(/[^a-z0-9]+/).filter(Boolean);
export const keyOf = (value: string): string => wordsOf(value).join(" ");

// Scratch rows reused by every distance computation: the search allocates nothing per place.
const rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * Optimal string alignment distance (a swap counts once) between a and the first bLength
 * characters of b, stopping early once it exceeds max.
 */
export function editDistance(a: string, b: string, max: number, bLength = b.length): number {
  const m = Math.min(bLength, b.length);
  if (Math.abs(a.length - m) > max) return max + 1;
  if (a.length >= 63 || m >= 63) return max + 1;
  let [prevPrev, prev, row] = rows;
  for (let j = 0; j <= m; j += 1) prev[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= m; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, (prevPrev[j - 2] as number) + 1);
      }
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  return prev[m] as number;
}
