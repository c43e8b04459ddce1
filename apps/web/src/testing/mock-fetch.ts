import { vi } from "vitest";

export interface MockRequest {
  method: string;
  path: string;
  /** The query string's parameters (routes are matched without it). */
  query: URLSearchParams;
  /** A JSON body parsed; a FormData as sent. */
  body: unknown;
  headers: Record<string, string>;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
}

type Handler = MockResponse | ((request: MockRequest) => MockResponse | Promise<MockResponse>);

/**
 * Replaces global fetch with a router keyed by "METHOD /path" (query string ignored). Unknown routes
 * answer 404. Returns the spy and the list of requests seen.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const requests: MockRequest[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === "string" ? input : input.toString(), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body =
      typeof init.body === "string"
        ? (JSON.parse(init.body) as unknown)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    const request: MockRequest = { method, path: url.pathname, query: url.searchParams, body, headers };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    const answer: MockResponse = handler
      ? typeof handler === "function"
        ? await handler(request)
        : handler
      : { status: 404, body: { error: "Not found", code: "not_found" } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { "Content-Type": "application/json", ...answer.headers },
    });
  });
  vi.stubGlobal("fetch", spy);
  const callsTo = (method: string, path: string) =>
    requests.filter((request) => request.method === method && request.path === path);
  return { spy, requests, callsTo };
}
