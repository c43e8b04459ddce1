import { createSecretKey } from "node:crypto";

import { TOKEN_DEFAULT_LIFETIME_S } from "@lab/contracts";
import jwt from "jsonwebtoken";

export type Role = "customer" | "lab";

export interface TokenClaims {
  subject: number;
  role: Role;
}

export interface TokenService {
  issue(claims: TokenClaims): { token: string; expiresIn: number };
  verify(token: string): TokenClaims | undefined;
}

const ISSUER = "aqualab-portal";

export function createTokenService(secret: string, lifetimeSeconds = TOKEN_DEFAULT_LIFETIME_S): TokenService {
  // A KeyObject once: given a string, jsonwebtoken first tries (and fails) to read it as a public key
  // on every verify, which cost a few percent of a list request's CPU.
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  return {
    issue({ subject, role }) {
      const token = jwt.sign({ role }, key, {
        algorithm: "HS256",
        subject: String(subject),
        expiresIn: lifetimeSeconds,
        issuer: ISSUER,
      });
      return { token, expiresIn: lifetimeSeconds };
    },
    verify(token) {
      try {
        // The algorithm is pinned: a token signed any other way (or "none") is refused.
        const payload = jwt.verify(token, key, { algorithms: ["HS256"], issuer: ISSUER });
        if (typeof payload === "string") return undefined;
        const subject = Number(payload.sub);
        const role = payload["role"];
        if (!Number.isSafeInteger(subject) || (role !== "customer" && role !== "lab")) return undefined;
        return { subject, role };
      } catch {
        return undefined;
      }
    },
  };
}
