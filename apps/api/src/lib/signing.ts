import { createHmac, createSecretKey, hkdfSync, timingSafeEqual, type KeyObject } from "node:crypto";

/**
 * Server-side signatures for values handed to clients and read back (list cursors, unsubscribe links).
 * Each purpose gets its own key derived from the server secret, so a signature made for one purpose
 * never passes for another, and none can be computed without the secret.
 */
export interface Signer {
  sign(purpose: string, data: string): string;
  verify(purpose: string, data: string, signature: string): boolean;
}

export function createSigner(secret: string): Signer {
  // KeyObjects, made once: given raw bytes, createHmac makes one on every call, which on Node 24 costs
  // several times the MAC itself (the list signs its page cursor on every request).
  const keys = new Map<string, KeyObject>();
  const keyFor = (purpose: string): KeyObject => {
    let key = keys.get(purpose);
    if (!key) {
      key = createSecretKey(
        Buffer.from(hkdfSync("sha256", secret, "aquatest-portal", `sign:${purpose}`, 32)),
      );
      keys.set(purpose, key);
    }
    return key;
  };
  const mac = (purpose: string, data: string): Buffer =>
    createHmac("sha256", keyFor(purpose)).update(data).digest();
  return {
    sign: (purpose, data) => mac(purpose, data).toString("base64url"),
    verify(purpose, data, signature) {
      const given = Buffer.from(signature, "base64url");
      const expected = mac(purpose, data);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
