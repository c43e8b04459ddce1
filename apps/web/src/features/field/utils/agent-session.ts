// The field agent's session, apart from the customer's and the staff's: its own storage keys and its
// own refresh cookie (POST /field/auth/refresh). An agent may be offline for days with collections
// waiting, so an expired token does not sign them out: the next call asks the refresh cookie first,
// and only a refused refresh ends the session.
import { useSyncExternalStore } from "react";

import type { AgentSignedIn, FieldAgent } from "@lab/contracts";

import { API_BASE } from "@/lib/api-base";
import { isOffline } from "@/lib/network";

export const FIELD_TOKEN_KEY = "fieldToken";
export const FIELD_AGENT_KEY = "fieldAgent";
/** A token with less than this left is refreshed before it is sent. */
const REFRESH_BEFORE_MS = 60_000;

export interface AgentSession {
  agent: FieldAgent;
  token: string;
  tokenType: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** undefined: storage not read yet. */
let current: AgentSession | null | undefined;
let refreshing: Promise<AgentSession | null> | null = null;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parseAgent(value: unknown): FieldAgent | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, name, phone } = value as Record<string, unknown>;
  if (typeof id !== "number" || !Number.isInteger(id)) return null;
  if (typeof name !== "string" || typeof phone !== "string") return null;
  return { id, name, phone };
}

function readStored(): AgentSession | null {
  const store = storage();
  try {
    const agent = parseAgent(JSON.parse(store?.getItem(FIELD_AGENT_KEY) ?? "null"));
    const token = JSON.parse(store?.getItem(FIELD_TOKEN_KEY) ?? "null") as unknown;
    if (!agent || typeof token !== "object" || token === null) return null;
    const { value, tokenType, expiresAt } = token as Record<string, unknown>;
    if (typeof value !== "string" || typeof expiresAt !== "number") return null;
    return {
      agent,
      token: value,
      tokenType: typeof tokenType === "string" ? tokenType : "Bearer",
      expiresAt,
    };
  } catch {
    return null;
  }
}

const emit = () => {
  for (const listener of listeners) listener();
};

export function getAgentSession(): AgentSession | null {
  if (current === undefined) current = readStored();
  return current;
}

/** After a sign-in, a join or a refresh. */
export function startAgentSession(answer: AgentSignedIn, now = Date.now()): AgentSession {
  const session: AgentSession = {
    agent: answer.agent,
    token: answer.accessToken,
    tokenType: answer.tokenType,
    expiresAt: now + answer.expiresIn * 1000,
  };
  const store = storage();
  store?.setItem(FIELD_AGENT_KEY, JSON.stringify(session.agent));
  store?.setItem(
    FIELD_TOKEN_KEY,
    JSON.stringify({ value: session.token, tokenType: session.tokenType, expiresAt: session.expiresAt }),
  );
  current = session;
  emit();
  return session;
}

/** Forgets the session on this phone (the queue stays: it belongs to the phone until sent). */
export function endAgentSession(): void {
  const store = storage();
  store?.removeItem(FIELD_AGENT_KEY);
  store?.removeItem(FIELD_TOKEN_KEY);
  current = null;
  emit();
}

export function subscribeAgentSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAgentSession(): AgentSession | null {
  return useSyncExternalStore(subscribeAgentSession, getAgentSession, getAgentSession);
}

/** A sign-in, join or refresh answer, checked by hand. */
export function parseSignedIn(body: unknown): AgentSignedIn | null {
  if (typeof body !== "object" || body === null) return null;
  const { agent, accessToken, expiresIn } = body as Record<string, unknown>;
  const parsed = parseAgent(agent);
  if (!parsed || typeof accessToken !== "string" || accessToken === "") return null;
  return {
    agent: parsed,
    accessToken,
    expiresIn: typeof expiresIn === "number" ? expiresIn : 900,
    tokenType: "Bearer",
  };
}

/**
 * Trades the refresh cookie for a new token: the new session, or null. A refusal (401/403) ends the
 * session; no answer (offline, 5xx) keeps it for the next try. One request at a time.
 */
export function refreshAgentSession(): Promise<AgentSession | null> {
  if (isOffline()) return Promise.resolve(null);
  refreshing ??= (async () => {
    try {
      const response = await fetch(`${API_BASE}/field/auth/refresh`, {
        method: "POST",
        // The server refuses a cookie-only call without this header (CSRF).
        headers: { Accept: "application/json", "X-Requested-With": "fetch" },
        credentials: "same-origin",
      });
      const answer = response.ok ? parseSignedIn(await response.json().catch(() => null)) : null;
      if (answer) return startAgentSession(answer);
      if (response.status === 401 || response.status === 403) endAgentSession();
      return null;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** A token worth sending: the stored one while it has a minute left, else a refreshed one. */
export async function freshAgentToken(now = Date.now()): Promise<AgentSession | null> {
  const session = getAgentSession();
  if (!session) return null;
  if (session.expiresAt - now > REFRESH_BEFORE_MS) return session;
  return (await refreshAgentSession()) ?? null;
}

/** Tests: read storage again on the next call. */
export function forgetAgentSession(): void {
  current = undefined;
  refreshing = null;
}
