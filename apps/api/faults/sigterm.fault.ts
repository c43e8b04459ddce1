import { request } from "node:http";

import { Client } from "@stomp/stompjs";

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";

import { logsOnFailure, startEnvironment, type Environment } from "./support/environment";
import { record } from "./support/figures";
import { call, expectStatus, samplePayload, signedInCustomer, type Customer } from "./support/http";
import { sleep, waitUntil } from "./support/ports";

const SAMPLES = 60;
const HARD_BOUND_MS = 10_000;

interface Reply {
  status: number;
  connection: string;
  body: Buffer;
  endedAt: number;
}

/**
 * One request on a connection of its own. With `holdBody`, only the headers and half the body go now:
 * the request is in flight on the server until release() sends the rest.
 */
function send(
  base: string,
  method: string,
  path: string,
  token: string,
  options: { body?: unknown; holdBody?: boolean; headers?: Record<string, string> } = {},
) {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const url = new URL(`${base}/api${path}`);
  let release: () => void = () => undefined;
  const reply = new Promise<Reply>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { "content-type": "application/json", "content-length": String(payload.length) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: String(res.headers.connection ?? ""),
            body: Buffer.concat(chunks),
            endedAt: Date.now(),
          }),
        );
      },
    );
    req.on("error", reject);
    if (payload && options.holdBody) {
      const half = Math.floor(payload.length / 2);
      req.write(payload.subarray(0, half));
      release = () => {
        req.end(payload.subarray(half));
      };
    } else {
      req.end(payload);
    }
  });
  return { reply, release: () => release() };
}

const complete = (reply: Reply, kind: "json" | "pdf") => {
  if (kind === "pdf") {
    const text = reply.body.toString("latin1");
    return text.startsWith("%PDF-") && text.trimEnd().endsWith("%%EOF");
  }
  try {
    JSON.parse(reply.body.toString("utf8"));
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(inject("faultsSkip") !== "")("fault: SIGTERM with requests in flight", () => {
  let env: Environment;
  logsOnFailure(() => env);
  let customer: Customer;

  beforeAll(async () => {
    env = await startEnvironment(1);
    const base = env.instances[0]?.base ?? "";
    customer = await signedInCustomer(base, env.smtp, "Alice Farms");
    for (let i = 0; i < SAMPLES; i += 1)
      await expectStatus(201, base, "POST", "/sample-submissions", {
        token: customer.token,
        body: samplePayload(customer.id, `Pond ${i + 1}`),
      });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("answers every in-flight request completely, refuses new connections, and exits 0 within the 10 s bound", async () => {
    const [a] = env.instances;
    if (!a) throw new Error("an instance expected");
    const exportStarted = Date.now();
    const probe = await call(a.base, "GET", "/sample-submissions/export.pdf", { token: customer.token });
    expect(probe.status).toBe(200);
    const exportMs = Date.now() - exportStarted;

    // A live session: its shutdown notice marks the moment the server has stopped listening.
    let noticeAt = 0;
    const stomp = new Client({
      webSocketFactory: () =>
        new WebSocket(`${a.base.replace(/^http/, "ws")}/api/ws/websocket`, ["v12.stomp"]),
      connectHeaders: { Authorization: `Bearer ${customer.token}` },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
    });
    await new Promise<void>((resolve) => {
      stomp.onConnect = () => {
        stomp.subscribe("/topic/system/shutdown", () => (noticeAt = Date.now()), { receipt: "subscribed" });
        stomp.watchForReceipt("subscribed", () => resolve());
      };
      stomp.activate();
    });

    // Submissions whose body is still on its way (certainly in flight), then PDF exports and list reads.
    const posts = [0, 1, 2].map((i) =>
      send(a.base, "POST", "/sample-submissions", customer.token, {
        body: samplePayload(customer.id, `Late pond ${i + 1}`),
        holdBody: true,
        headers: { "Idempotency-Key": `sigterm-${i}` },
      }),
    );
    const pdfs = [0, 1, 2, 3].map(() =>
      send(a.base, "GET", "/sample-submissions/export.pdf", customer.token),
    );
    const lists = Array.from({ length: 8 }, () =>
      send(a.base, "GET", "/sample-submissions?size=100", customer.token),
    );
    // Settled as they come, so a failure is reported by the assertions below, not as a stray rejection.
    const settled = Promise.allSettled([...posts, ...pdfs, ...lists].map((r) => r.reply));
    await sleep(300);

    a.signal("SIGTERM");
    const termAt = Date.now();
    await waitUntil("the shutdown notice", () => noticeAt > 0, 5000, 5);
    // From then on the port refuses new connections.
    const late = await call(a.base, "GET", "/health", { timeoutMs: 3000 }).then(
      (answer) => `answered ${answer.status}`,
      (error: unknown) => (error instanceof Error ? String(error.cause ?? error.message) : "failed"),
    );
    expect(late).not.toMatch(/^answered/);
    for (const post of posts) post.release();

    const outcomes = await settled;
    const failures = outcomes.filter((o) => o.status === "rejected").map((o) => String(o.reason));
    expect(failures).toEqual([]);
    const replies = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    const postReplies = replies.slice(0, posts.length);
    const pdfReplies = replies.slice(posts.length, posts.length + pdfs.length);
    const listReplies = replies.slice(posts.length + pdfs.length);
    for (const reply of postReplies) {
      expect(reply.status, reply.body.toString()).toBe(201);
      expect(complete(reply, "json")).toBe(true);
      expect(reply.connection).toBe("close");
    }
    for (const reply of pdfReplies) {
      expect(reply.status).toBe(200);
      expect(complete(reply, "pdf")).toBe(true);
    }
    for (const reply of listReplies) {
      expect(reply.status).toBe(200);
      expect((JSON.parse(reply.body.toString("utf8")) as { total: number }).total).toBeGreaterThanOrEqual(
        SAMPLES,
      );
    }
    await stomp.deactivate();
    const exit = await a.exited;
    expect(exit.code, a.output()).toBe(0);
    const all = replies;
    const answeredAfterTerm = all.filter((reply) => reply.endedAt >= termAt).length;
    const lastReply = Math.max(...all.map((reply) => reply.endedAt));
    record("sigterm", "requests sent before SIGTERM", all.length, "");
    record(
      "sigterm",
      "answered completely (of them after SIGTERM)",
      `${all.length} (${answeredAfterTerm})`,
      `all ${all.length}`,
    );
    record("sigterm", "SIGTERM → shutdown notice to a live session", `${noticeAt - termAt} ms`, "");
    record(
      "sigterm",
      "new connection after the notice",
      late.replace(/^Error: /, "").slice(0, 40),
      "refused",
    );
    record("sigterm", "one PDF export of 60 samples, idle", `${exportMs} ms`, "");
    record("sigterm", "SIGTERM → last response", `${lastReply - termAt} ms`, "");
    record("sigterm", "SIGTERM → exit (code 0)", `${exit.at - termAt} ms`, `≤ ${HARD_BOUND_MS} ms`);
    expect(exit.at - termAt).toBeLessThanOrEqual(HARD_BOUND_MS);
    const rows = await env.postgres.query(`select count(*) from samples where customer_id = ${customer.id}`);
    expect(rows).toEqual([String(SAMPLES + posts.length)]);
  });
});
