// fetch wrapper: JSON in and out, the bearer token, and the error texts (docs/product-rules.md, Errors).
import type { z } from "zod";

import type { httpErrorMessage, messages } from "@lab/contracts";

import { customerSession } from "./auth";
import { takeEarly } from "./early-requests";
import { labSessionStore } from "./lab-session";
import { isOffline } from "./network";
import type { SessionStore, SessionUser } from "./session-store";

export const API_BASE = "/api";

/**
 * The spec's texts this module and the sign-in form need, as contracts' `messages` has them: the
 * `satisfies` fails the typecheck when one differs. Importing that object would put all its English
 * messages (about 3.5 KB gzip) on /login, which shows them through the "errors" catalogue anyway.
 */
export const specTexts = {
  authRequired: "Authentication required",
  serverError: "Server error. Please try again later.",
  invalidCredentials: "Invalid email or password",
  loginFailedDefault: "Login failed. Please check your credentials and try again.",
  serviceTemporarilyUnavailable: "Service temporarily unavailable. Please try again later.",
  serviceUnavailable: "Service unavailable. Please try again later.",
  requestTimeout: "Request timeout. Please try again later.",
  offline: "No internet connection. Please check your connection and try again.",
  networkError: "Network error. Please try again later.",
} as const satisfies Partial<typeof messages>;

/** contracts' httpErrorMessage (a test holds them equal), for the same reason. */
export const httpErrorText: typeof httpErrorMessage = (status) => `HTTP error! status: ${status}`;

/** Status 0 means the request never got an answer (offline, network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  /** Seconds from the answer's Retry-After header (429, 503), when it has one. */
  readonly retryAfter: number | undefined;
  /**
   * The server's `messageCode` (the snake_case name of contracts' message), so the message can be
   * shown in the reader's language; `message` stays the English text.
   */
  readonly messageCode: string | undefined;
  /** The server's X-Request-Id of the answer: the reference a person gives support. */
  requestId: string | undefined;

  constructor(
    status: number,
    message: string,
    code?: string,
    body?: unknown,
    retryAfter?: number,
    messageCode: string | undefined = readField(body, "messageCode"),
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.body = body;
    this.retryAfter = retryAfter;
    this.messageCode = messageCode;
  }
}

/**
 * The `messageCode` to show beside `text`: the error's, when the text shown is the error's own
 * message (a form may show a text of its own instead, which is then localized by its English).
 */
export function messageCodeFor(text: string | null | undefined, error: unknown): string | undefined {
  return isApiError(error) && text === error.message ? error.messageCode : undefined;
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
const GATEWAY_TEXTS: Record<number, string> = {
  502: specTexts.serviceTemporarilyUnavailable,
  503: specTexts.serviceUnavailable,
  504: specTexts.requestTimeout,
};

/**
 * Generic HTTP failure: the error or message field of the body, else the spec's text for 502/503/504,
 * else 'HTTP error! status: {code}'.
 */
export function httpFailureMessage(status: number, body: unknown): string {
  return (
    readField(body, "error") ?? readField(body, "message") ?? GATEWAY_TEXTS[status] ?? httpErrorText(status)
  );
}

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
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
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const session = auth === false ? null : SESSIONS[auth === true ? "customer" : auth];
  if (session) {
    // A token about to expire is refreshed first (one refresh shared by concurrent calls).
    const token = await session.freshToken();
    if (!token) {
      if (session.getSession())
        throw new ApiError(0, isOffline() ? specTexts.offline : specTexts.networkError, "network");
      throw new ApiError(401, specTexts.authRequired, "unauthenticated");
    }
    headers.Authorization = `${token.tokenType} ${token.token}`;
  } else if (bearer) {
    headers.Authorization = `${bearer.tokenType} ${bearer.token}`;
  }

  let response: Response;
  try {
    // The first screen's GETs may have been started beside its code (lib/early-requests).
    const early =
      method === "GET" && headers.Authorization !== undefined
        ? takeEarly(path, headers.Authorization)
        : undefined;
    response = await (early ??
      fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, isOffline() ? specTexts.offline : specTexts.networkError, "network");
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
    const failure = new ApiError(
      response.status,
      httpFailureMessage(response.status, data),
      readField(data, "code"),
      data,
      retryAfterOf(response),
    );
    failure.requestId = requestId;
    throw failure;
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const failure = new ApiError(response.status, specTexts.serverError, "invalid_response", data);
    failure.requestId = response.headers.get("X-Request-Id") ?? undefined;
    throw failure;
  }
  return parsed.data;
}
