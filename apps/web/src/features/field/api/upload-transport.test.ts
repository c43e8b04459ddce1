import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { uploadTransport } from "./upload-transport";

// jsdom's XMLHttpRequest against a real server on this machine: the page's origin is another, so the
// server answers CORS as the API's own origin never needs to.

const PAGE_ORIGIN = window.location.origin;
let server: Server | undefined;

async function serve(
  handle: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
): Promise<string> {
  server = createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", PAGE_ORIGIN);
    res.setHeader("Access-Control-Expose-Headers", "X-Request-Id");
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Methods", "POST");
      res.setHeader("Access-Control-Allow-Headers", "Idempotency-Key, Authorization, Accept");
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, res, Buffer.concat(chunks)));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  const open = server;
  server = undefined;
  if (open) await new Promise((resolve) => open.close(resolve));
});

describe("upload transport", () => {
  it("says when the body has gone out, before the answer, and answers as fetch would: status, headers, body", async () => {
    const seen: string[] = [];
    let received: { type: string | undefined; key: string | undefined; body: string } | undefined;
    const base = await serve((req, res, body) => {
      received = {
        type: req.headers["content-type"],
        key: req.headers["idempotency-key"] as string | undefined,
        body: body.toString("latin1"),
      };
      // The server's work after the whole body arrived.
      setTimeout(() => {
        res.writeHead(201, { "Content-Type": "application/json", "X-Request-Id": "req-7" });
        res.end(JSON.stringify({ id: 7 }));
      }, 50);
    });
    const form = new FormData();
    form.append("collection", JSON.stringify({ sampleId: 7 }));
    form.append("seal", new Blob([new Uint8Array([1, 2, 3])], { type: "image/webp" }), "photo-1.webp");
    const send = uploadTransport(() => seen.push("body sent"));
    const response = await send(`${base}/api/field/collections`, {
      method: "POST",
      headers: { "Idempotency-Key": "key-7", Accept: "application/json" },
      body: form,
    });
    seen.push("answered");
    expect(seen).toEqual(["body sent", "answered"]);
    expect(response.status).toBe(201);
    expect(response.headers.get("X-Request-Id")).toBe("req-7");
    expect(await response.json()).toEqual({ id: 7 });
    expect(received?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(received?.key).toBe("key-7");
    expect(received?.body).toContain('name="collection"');
    expect(received?.body).toContain('{"sampleId":7}');
    expect(received?.body).toContain('name="seal"; filename="photo-1.webp"');
  });

  it("a refusal is an answer (a Response with its status); no answer at all is fetch's TypeError", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(422, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: "Give at least one seal number" }));
    });
    const refused = await uploadTransport(() => undefined)(`${base}/x`, { method: "POST", body: "{}" });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: "Give at least one seal number" });
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    await expect(
      uploadTransport(() => undefined)(`${base}/x`, { method: "POST", body: "{}" }),
    ).rejects.toThrow(TypeError);
  });
});
