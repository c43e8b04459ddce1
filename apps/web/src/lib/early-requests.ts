// Requests a first screen is known to make, started while its code is still downloading. On a line
// with 400 ms round trips the dashboard's data otherwise waits for ~100 KB of code to arrive and run
// before it is even asked for. On the entry chunk, so it imports nothing heavier than the API base.
import { API_BASE } from "./api-base";

interface Early {
  authorization: string;
  response: Promise<Response>;
  at: number;
}

const early = new Map<string, Early>();
/** An answer older than this is not handed out: the screen asks afresh. */
export const EARLY_FRESH_MS = 15_000;

/** Starts GETs of `paths` (under /api) with this authorization, each once. */
export function startEarly(paths: readonly string[], authorization: string, now = Date.now()): void {
  for (const path of paths) {
    if (early.has(path)) continue;
    const response = fetch(`${API_BASE}${path}`, {
      headers: { Accept: "application/json", Authorization: authorization },
    });
    // Whoever takes it handles a failure; untaken, it must not surface as an unhandled rejection.
    response.catch(() => undefined);
    early.set(path, { authorization, response, at: now });
  }
}

/**
 * Forgets every early request not taken yet: after a write they may be stale, and once the first
 * screen has shown nobody is going to take them.
 */
export function discardEarly(): void {
  early.clear();
}

/**
 * The early answer for a GET of `path` with this authorization, once; undefined when none was
 * started, it was for another token (the session changed), or it is too old.
 */
export function takeEarly(
  path: string,
  authorization: string,
  now = Date.now(),
): Promise<Response> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  if (entry.authorization !== authorization || now - entry.at > EARLY_FRESH_MS) return undefined;
  return entry.response;
}
