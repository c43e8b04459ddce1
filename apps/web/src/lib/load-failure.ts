// What a screen that could not load tells its reader, and what it does about it. Kept apart from the
// error page's markup so it can be tested without a browser; on the entry chunk, so it stays small.
import { isOffline, OfflineError } from "./network";

/**
 * - offline: no connection (a request or a chunk that could not be fetched while offline);
 * - stale: a chunk of an older build that the server no longer has (a tab left open across a
 *   release): a reload brings the new build;
 * - unexpected: anything else, shown with a support reference, never a stack.
 */
export type LoadFailure = "offline" | "stale" | "unexpected";

// Chromium, Firefox, Safari, and Vite's own preload helper.
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload/i;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "string" ? error : "";

export const isChunkLoadError = (error: unknown): boolean => CHUNK_FAILURE.test(messageOf(error));

/**
 * lib/api-client's ApiError, read by its shape: importing that module would put it (and the lab
 * session) on the entry chunk, which /login's budget has no room for.
 */
function apiErrorOf(error: unknown): { status: number; requestId: string | undefined } | null {
  if (!(error instanceof Error) || error.name !== "ApiError") return null;
  const { status, requestId } = error as Error & { status?: unknown; requestId?: unknown };
  if (typeof status !== "number") return null;
  return { status, requestId: typeof requestId === "string" && requestId ? requestId : undefined };
}

export function loadFailureOf(error: unknown, offline = isOffline()): LoadFailure {
  if (error instanceof OfflineError) return "offline";
  const api = apiErrorOf(error);
  if (api) return api.status === 0 ? "offline" : "unexpected";
  if (isChunkLoadError(error)) return offline ? "offline" : "stale";
  // fetch() itself, outside the API client.
  if (offline && error instanceof TypeError) return "offline";
  return "unexpected";
}

/** The chunk's address in the browser's message, else the message: what a reload was for. */
export function chunkOf(error: unknown): string {
  const message = messageOf(error);
  return /(https?:\/\/\S+|\/assets\/\S+)/.exec(message)?.[1] ?? message;
}

export const RELOAD_KEY = "lab.reloadedFor";
/** A second failure of the same chunk this soon after reloading for it is no release: do not loop. */
export const RELOAD_GUARD_MS = 10 * 60_000;

function tabStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

interface LastReload {
  chunk?: unknown;
  at?: unknown;
}

/**
 * Whether a reload may fetch this missing chunk's new build: not when this tab already reloaded for
 * the same chunk within RELOAD_GUARD_MS (a loop: the chunk is missing for another reason).
 */
export function mayReloadFor(chunk: string, storage = tabStorage(), now = Date.now()): boolean {
  if (!storage) return false;
  try {
    const last = JSON.parse(storage.getItem(RELOAD_KEY) ?? "null") as LastReload | null;
    return !(last?.chunk === chunk && typeof last.at === "number" && now - last.at < RELOAD_GUARD_MS);
  } catch {
    return false;
  }
}

/** Notes the reload in sessionStorage (this tab only; it survives the reload); false when it could not. */
export function recordReloadFor(chunk: string, storage = tabStorage(), now = Date.now()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(RELOAD_KEY, JSON.stringify({ chunk, at: now }));
    return true;
  } catch {
    return false; // unrecorded, a reload could loop: the page offers its button instead
  }
}

/** 8 characters a person can read out on the phone to support. */
function generatedReference(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/** The support reference: the API's request id when a request failed, else a new one. */
export const supportReference = (error: unknown): string =>
  apiErrorOf(error)?.requestId ?? generatedReference();

/** Loads the page afresh from the server: the new build's index and chunks. */
export function reloadPage(): void {
  window.location.reload();
}
