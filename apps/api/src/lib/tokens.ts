import { createSecretKey } from "node:crypto";

import { TOKEN_DEFAULT_LIFETIME_S } from "@lab/contracts";
import jwt from "jsonwebtoken";

export type Role = "customer" | "lab";

export interface TokenClaims {
  subject: number;
  role: Role;
  /** The session (device) the token belongs to: revoking it ends the token at once. */
  sessionId: string;
  /** When the token stops being valid (ms since the epoch). */
  expiresAt: number;
}

export interface TokenService {
  issue(claims: { subject: number; role: Role; sessionId: string }): { token: string; expiresIn: number };
  verify(token: string): TokenClaims | undefined;
  readonly lifetimeSeconds: number;
}

const ISSUER = "aqualab-portal";
const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function createTokenService(secret: string, lifetimeSeconds = TOKEN_DEFAULT_LIFETIME_S): TokenService {
  // A KeyObject once: given a string, jsonwebtoken first tries (and fails) to read it as a public key
  // on every verify, which cost a few percent of a list request's CPU.
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  return {
    lifetimeSeconds,
    issue({ subject, role, sessionId }) {
      const token = jwt.sign({ role, sid: sessionId }, key, {
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
        const role: unknown = payload["role"];
        const sessionId: unknown = payload["sid"];
        const exp = payload.exp;
        if (!Number.isSafeInteger(subject) || subject < 1 || subject > 2_147_483_647) return undefined;
        if (role !== "customer" && role !== "lab") return undefined;
        // Tokens from before sessions existed name none: they are refused like any unknown session.
        if (typeof sessionId !== "string" || !SESSION_ID.test(sessionId)) return undefined;
        if (typeof exp !== "number") return undefined;
        return { subject, role, sessionId, expiresAt: exp * 1000 };
      } catch {
        return undefined;
      }
    },
  };
}
