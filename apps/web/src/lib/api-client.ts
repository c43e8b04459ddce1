// fetch wrapper: JSON in and out, the bearer token, and the error texts (docs/product-rules.md, Errors).
import type { z } from "zod";

import type { AnyMessageParams, MessageKey, PlainMessageKey } from "@lab/contracts";

import { customerSession } from "./auth";
import { API_BASE } from "./api-base";
import { discardEarly, takeEarly } from "./early-requests";
import type { Shown } from "./i18n/message-text";
import { labSessionStore } from "./lab-session";
import { isOffline } from "./network";
import type { SessionStore, SessionUser } from "./session-store";

export { API_BASE };

/** Status 0 means the request never got an answer (offline, network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  /** Seconds from the answer's Retry-After header (429, 503), when it has one. */
  readonly retryAfter: number | undefined;
  /**
   * The server's `messageCode` (the snake_case of contracts' message key), so the message can be
   * shown in the reader's language; `message` stays the server's English text. Failures found here
   * (offline, no session) carry their key as both.
   */
  readonly messageCode: string | undefined;
  /** The values of the message's placeholders, from the server's `params`. */
  readonly params: AnyMessageParams | undefined;
  /** The server's X-Request-Id of the answer: the reference a person gives support. */
  requestId: string | undefined;

  constructor(
    status: number,
    message: string,
    code?: string,
    body?: unknown,
    retryAfter?: number,
    messageCode: string | undefined = readField(body, "messageCode"),
    params: AnyMessageParams | undefined = readParams(body),
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.body = body;
    this.retryAfter = retryAfter;
    this.messageCode = messageCode;
    this.params = params;
  }

  /** What to show for this error: its message by key (with the English as fallback), else its text. */
  get shown(): Shown {
    return this.messageCode === undefined
      ? this.message
      : { key: keyOfCode(this.messageCode) as MessageKey, params: this.params, text: this.message };
  }
}

/** An error found on this side, by the key of its message: offline, no session, a refused answer. */
export const localError = (status: number, key: PlainMessageKey, code: string, body?: unknown) =>
  new ApiError(status, key, code, body, undefined, codeOfKey(key));

const keyOfCode = (code: string) => code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const codeOfKey = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function readParams(body: unknown): AnyMessageParams | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const params = (body as Record<string, unknown>)["params"];
  if (typeof params !== "object" || params === null) return undefined;
  const entries = Object.entries(params).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === "string" || typeof entry[1] === "number",
  );
  return Object.fromEntries(entries);
}

/** What to show for any failure: an ApiError by its message's key, another error by its text. */
export function shownOf(error: unknown): Shown {
  if (isApiError(error)) return error.shown;
  return error instanceof Error ? error.message : String(error);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export { isOffline };

/** A non-empty string field of an error body (the server's `error` text), if present. */
export function readField(body: unknown, field: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

// A proxy's own page while the API restarts or its database is down carries no JSON error.
const GATEWAY_KEYS: Record<number, PlainMessageKey> = {
  502: "serviceTemporarilyUnavailable",
  503: "serviceUnavailable",
  504: "requestTimeout",
};

/**
 * Generic HTTP failure: the error or message field of the body, else the spec's message for
 * 502/503/504, else 'HTTP error! status: {code}' (`httpError`).
 */
export function httpFailure(response: Response, body: unknown): ApiError {
  const { status } = response;
  const text = readField(body, "error") ?? readField(body, "message");
  const code = readField(body, "code");
  const retry = retryAfterOf(response);
  if (text !== undefined) return new ApiError(status, text, code, body, retry);
  const gateway = GATEWAY_KEYS[status];
  if (gateway !== undefined) return new ApiError(status, gateway, code, body, retry, codeOfKey(gateway));
  return new ApiError(status, "httpError", code, body, retry, "http_error", { status });
}

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; a FormData as multipart/form-data. */
  body?: unknown;
  /**
   * Protected call: sends the token of that session ("customer", the default with `true`; "staff",
   * the lab console) and refuses locally without one. A 401 refreshes or ends that session only, so
   * one session's token never goes to the other's endpoints. `false`: no session.
   */
  auth?: boolean | SessionKind;
  /** A token this device has already dropped (sign-out), sent with `auth: false`. */
  bearer?: { token: string; tokenType: string };
  /** Validates the answer. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** What sends the request instead of fetch (the field queue's uploads, which report their progress). */
  transport?: ((url: string, init: RequestInit) => Promise<Response>) | undefined;
}

/** Which session a call uses: the customer app's or the lab console's (staff). */
export type SessionKind = "customer" | "staff";

// Each kind has its own store, refresh cookie and sign-out; a call reads and ends only its own.
type RequestSession = Pick<
  SessionStore<SessionUser>,
  "freshToken" | "getSession" | "getToken" | "refreshSession" | "logout"
>;
const SESSIONS: Record<SessionKind, RequestSession> = {
  customer: customerSession,
  staff: labSessionStore,
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get("Retry-After"));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return send(path, options, true);
}

async function send<T>(path: string, options: RequestOptions<T>, mayRefresh: boolean): Promise<T> {
  const { method = "GET", body, auth = true, bearer, schema, signal } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: "application/json" };
  // A form goes as it is: the browser writes its multipart Content-Type, with the boundary.
  const form = typeof FormData !== "undefined" && body instanceof FormData ? body : undefined;
  if (body !== undefined && !form) headers["Content-Type"] = "application/json";
  const session = auth === false ? null : SESSIONS[auth === true ? "customer" : auth];
  if (session) {
    // A token about to expire is refreshed first (one refresh shared by concurrent calls).
    const token = await session.freshToken();
    if (!token) {
      if (session.getSession()) throw localError(0, isOffline() ? "offline" : "networkError", "network");
      throw localError(401, "authRequired", "unauthenticated");
    }
    headers.Authorization = `${token.tokenType} ${token.token}`;
  } else if (bearer) {
    headers.Authorization = `${bearer.tokenType} ${bearer.token}`;
  }

  let response: Response;
  try {
    // The first screen's GETs may have been started beside its code (lib/early-requests); a write
    // makes any not taken yet stale.
    if (method !== "GET") discardEarly();
    const early =
      method === "GET" && headers.Authorization !== undefined
        ? takeEarly(path, headers.Authorization)
        : undefined;
    response = await (early ??
      (options.transport ?? fetch)(`${API_BASE}${path}`, {
        method,
        headers,
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw localError(0, isOffline() ? "offline" : "networkError", "network");
  }

  const data = await readBody(response);
  if (!response.ok) {
    const requestId = response.headers.get("X-Request-Id") ?? undefined;
    if (session && response.status === 401) {
      // A refused token: the refresh cookie may still hold the session (the token expired early, or
      // the device slept). One refresh, one retry; a refused refresh has signed out.
      const sent = headers.Authorization;
      const refreshed = mayRefresh ? await session.refreshSession("unauthorized") : null;
      const current = session.getToken();
      if (refreshed && current && `${current.tokenType} ${current.token}` !== sent) {
        return send(path, options, false);
      }
      if (!mayRefresh || session.getSession()) session.logout("unauthorized");
    }
    const failure = httpFailure(response, data);
    failure.requestId = requestId;
    throw failure;
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const failure = localError(response.status, "serverError", "invalid_response", data);
    failure.requestId = response.headers.get("X-Request-Id") ?? undefined;
    throw failure;
  }
  return parsed.data;
}
