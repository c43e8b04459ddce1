import { randomBytes } from "node:crypto";

import { LOT_CODE_LENGTH } from "@lab/contracts";

// Crockford's base32: no I, L, O or U, so a code read aloud or off a wet card is not mistaken.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new lot code: 50 random bits (each byte's low five bits are uniform, 256 being a multiple of 32). */
export function newLotCode(): string {
  const bytes = randomBytes(LOT_CODE_LENGTH);
  let code = "";
  for (const byte of bytes) code += ALPHABET.charAt(byte & 31);
  return code;
}
