import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Whether `header` (X-Hub-Signature-256) is "sha256=" and the hex HMAC-SHA256 of the raw body under
 * the app secret, compared in constant time. Meta signs the bytes it sent, so the body is checked
 * before it is parsed.
 */
export function signatureMatches(header: string | undefined, rawBody: Buffer, appSecret: string): boolean {
  const given = header === undefined ? undefined : SIGNATURE.exec(header.trim())?.[1];
  if (given === undefined) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given.toLowerCase(), "hex"), expected);
}

/** Two secrets compared in constant time whatever their lengths (both hashed to one length first). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
