import { agents } from "@lab/db";
import request from "supertest";

import { hashPassword } from "../lib/passwords";
import type { TestApp } from "./harness";

export const AGENT_PASSWORD = "Collect#2026";

let counter = 0;
/** A valid Indian mobile number no other test agent of this process has (E.164). */
export function uniqueAgentPhone(): string {
  counter += 1;
  const tail = (Date.now() * 10 + counter) % 100_000_000;
  return `+9198${String(tail).padStart(8, "0")}`;
}

export interface SignedInAgent {
  agentId: number;
  name: string;
  /** E.164, as stored. */
  phone: string;
  password: string;
  token: string;
  /** The Set-Cookie header of the sign-in: its refresh cookie, for refresh and sign-out. */
  cookies: string[];
}

/**
 * An agent who can sign in (a password set, as after accepting an invitation), signed in through the
 * real POST /api/field/auth/sign-in. `lat`/`lng`: where the dispatcher sees them.
 */
export async function createSignedInAgent(
  t: TestApp,
  options: { name?: string; phone?: string; lat?: number; lng?: number; password?: string } = {},
): Promise<SignedInAgent> {
  const password = options.password ?? AGENT_PASSWORD;
  const phone = options.phone ?? uniqueAgentPhone();
  const name = options.name ?? "Suresh Reddy";
  const [row] = await t.database.db
    .insert(agents)
    .values({
      name,
      phone,
      lat: options.lat ?? null,
      lng: options.lng ?? null,
      passwordHash: await hashPassword(password, 4),
      passwordChangedAt: t.clock.now(),
    })
    .returning({ id: agents.id });
  if (!row) throw new Error("insert returned no row");
  const signedIn = await request(t.app).post("/api/field/auth/sign-in").send({ phone, password }).expect(200);
  const setCookie: unknown = signedIn.headers["set-cookie"];
  return {
    agentId: row.id,
    name,
    phone,
    password,
    token: (signedIn.body as { accessToken: string }).accessToken,
    cookies: Array.isArray(setCookie) ? setCookie.filter((c): c is string => typeof c === "string") : [],
  };
}
