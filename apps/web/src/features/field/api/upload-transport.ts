// One request through XMLHttpRequest instead of fetch, for what fetch cannot say: when the request's
// body has been sent. The field queue starts the next collection's body then, so on a slow line the
// bodies follow each other while the server works on the one before.

type Transport = (url: string, init: RequestInit) => Promise<Response>;

// Statuses whose Response may not carry a body.
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A fetch-like transport that calls `bodySent` once the body has gone out in full (XMLHttpRequest's
 * upload `load`). It answers as fetch does: a Response for any HTTP status, a TypeError when no
 * answer came, an AbortError when the signal aborts it.
 */
export function uploadTransport(bodySent: () => void): Transport {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const body = init.body ?? null;
      if (body instanceof ReadableStream) {
        reject(new TypeError("A streamed body cannot be sent this way"));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? "GET", url);
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.addEventListener("load", () => bodySent());
      xhr.addEventListener("load", () => {
        if (xhr.status < 200 || xhr.status > 599) {
          reject(new TypeError("Failed to fetch"));
          return;
        }
        resolve(
          new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr),
          }),
        );
      });
      xhr.addEventListener("error", () => reject(new TypeError("Failed to fetch")));
      xhr.addEventListener("timeout", () => reject(new TypeError("Failed to fetch")));
      xhr.addEventListener("abort", () => reject(new DOMException("The request was aborted", "AbortError")));
      init.signal?.addEventListener("abort", () => xhr.abort());
      xhr.send(body);
    });
}
