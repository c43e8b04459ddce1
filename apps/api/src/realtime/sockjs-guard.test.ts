import { connect, type Socket } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startTestApp, type TestApp } from "../test/harness";

// Regression: sockjs buffered a whole POST body (copying it on every chunk) before it looked at the
// session, so one anonymous 32 MB body stalled /api/health for 1.4 s. These requests are written by
// hand on a raw socket so the test controls the declared length, the chunking and the pace.
const BIG = 32 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "x");

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ realtime: {} });
  port = Number(new URL(t.baseUrl).port);
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number | undefined;
  body: string;
  /** From the first byte sent to the status line. */
  ms: number;
  bytesSent: number;
}

/** POSTs a body of `size` bytes (declared, or chunked) and reads the answer; stops writing when refused. */
function post(path: string, size: number, mode: "length" | "chunked", body?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, "127.0.0.1");
    const started = performance.now();
    let answeredAt: number | undefined;
    let response = "";
    let bytesSent = 0;
    let done = false;
    const refused = () => answeredAt !== undefined && !response.startsWith("HTTP/1.1 200");
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(response)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        body: response.split("\r\n\r\n")[1] ?? "",
        ms: (answeredAt ?? performance.now()) - started,
        bytesSent,
      });
    };
    socket.on("data", (data: Buffer) => {
      answeredAt ??= performance.now();
      response += data.toString("latin1");
      // A complete answer (with a length, or none for 204): no need to wait for the server to close.
      const [head, rest = ""] = response.split("\r\n\r\n");
      if (head === undefined || !response.includes("\r\n\r\n")) return;
      if (/^HTTP\/1\.1 204/.test(head)) return finish();
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && rest.length >= Number(length)) finish();
    });
    socket.on("close", finish);
    socket.on("error", finish);
    socket.on("connect", () => {
      const head =
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n` +
        (mode === "length"
          ? `Content-Length: ${body === undefined ? size : Buffer.byteLength(body)}\r\n`
          : "Transfer-Encoding: chunked\r\n") +
        "\r\n";
      socket.write(head);
      if (body !== undefined) {
        socket.write(
          mode === "length" ? body : `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`,
        );
        bytesSent += Buffer.byteLength(body);
        return;
      }
      const pump = () => {
        // A 200 (a stream opening) is no refusal: keep sending until the server cuts the connection.
        while (!done && !refused() && bytesSent < size) {
          const piece = CHUNK.subarray(0, Math.min(CHUNK.length, size - bytesSent));
          bytesSent += piece.length;
          const more =
            mode === "length"
              ? socket.write(piece)
              : socket.write(`${piece.length.toString(16)}\r\n`) &&
                socket.write(piece) &&
                socket.write("\r\n");
          if (!more) {
            socket.once("drain", pump);
            return;
          }
        }
        if (!done && !refused() && mode === "chunked") socket.write("0\r\n\r\n");
      };
      pump();
    });
  });
}

/** Opens an xhr-polling SockJS session by hand: its first poll answers the open frame "o". */
async function openSession(id: string): Promise<void> {
  const answer = await fetch(`${t.baseUrl}/api/ws/000/${id}/xhr`, { method: "POST" });
  expect(answer.status).toBe(200);
  expect(await answer.text()).toBe("o\n");
}

/** Times /api/health back to back while `work` runs; answers the slowest. */
async function healthWhile<T>(work: Promise<T>): Promise<{ result: T; slowestMs: number; count: number }> {
  let running = true;
  let slowestMs = 0;
  let count = 0;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${t.baseUrl}/api/health`);
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      count += 1;
    }
  })();
  const result = await work;
  // A few more probes after the refusal: the process is not still digesting the body.
  await new Promise((resolve) => setTimeout(resolve, 100));
  running = false;
  await probe;
  return { result, slowestMs, count };
}

describe("SockJS POST bodies are refused before sockjs buffers them", () => {
  it("a send to a session that does not exist answers 404 without reading the body", async () => {
    for (const transport of ["xhr_send", "jsonp_send"]) {
      const small = await post(`/api/ws/000/no-such-session/${transport}`, 0, "length", '["x"]');
      expect(small.status).toBe(404);
      const big = await post(`/api/ws/000/no-such-session/${transport}`, BIG, "length");
      expect(big.status).toBe(404);
      expect(big.bytesSent).toBeLessThan(BIG / 4);
    }
  });

  it.each(["length", "chunked"] as const)(
    "a 32 MB xhr_send to a live session, by %s, is refused with 413 at once while /api/health stays responsive",
    async (mode) => {
      const id = `big-${mode}`;
      await openSession(id);
      const { result, slowestMs, count } = await healthWhile(post(`/api/ws/000/${id}/xhr_send`, BIG, mode));
      expect(result.status).toBe(413);
      expect(result.ms).toBeLessThan(1000);
      // Cut off long before the whole body went over the wire.
      expect(result.bytesSent).toBeLessThan(BIG / 4);
      expect(count).toBeGreaterThan(0);
      // Before the guard: 1.4 s. Generous for a busy two-core machine, far under the old stall.
      expect(slowestMs).toBeLessThan(300);
    },
  );

  it("every other POST under /api/ws is held to the same limit: the receive side, jsonp_send, unknown paths", async () => {
    for (const [index, transport] of ["xhr", "xhr_streaming", "jsonp_send", "xhr_send"].entries()) {
      // A session of its own each: cutting a receive request ends its session, as an aborted poll does.
      const id = `limits-${index}`;
      await openSession(id);
      const path = `/api/ws/000/${id}/${transport}`;
      expect((await post(path, BIG, "length")).status, path).toBe(413);
      const chunked = await post(path, BIG, "chunked");
      expect(chunked.bytesSent, path).toBeLessThan(BIG / 4);
      // A receive request has its answer under way (a poll, a stream) by then: the connection is cut.
      if (transport.startsWith("xhr") && transport !== "xhr_send") {
        expect([413, 200, undefined], path).toContain(chunked.status);
      } else expect(chunked.status, path).toBe(413);
    }
    for (const path of ["/api/ws/chunking_test", "/api/ws/anything/else"]) {
      expect((await post(path, BIG, "length")).status, path).toBe(413);
      // sockjs answers an unknown path 404 before any body arrives; either way nothing is buffered.
      expect([404, 413], path).toContain((await post(path, BIG, "chunked")).status);
    }
  });

  it("a body just over the limit is refused; one under it reaches the session", async () => {
    await openSession("edge");
    const over = `["${"x".repeat(65_536)}"]`;
    expect((await post("/api/ws/000/edge/xhr_send", 0, "length", over)).status).toBe(413);
    expect((await post("/api/ws/000/edge/xhr_send", 0, "chunked", over)).status).toBe(413);
    // A real frame: the broker refuses it for speaking before CONNECT, which proves it arrived.
    const frame = JSON.stringify(["SUBSCRIBE\nid:1\ndestination:/topic/system/shutdown\n\n\u0000"]);
    expect((await post("/api/ws/000/edge/xhr_send", 0, "chunked", frame)).status).toBe(204);
    const poll = await fetch(`${t.baseUrl}/api/ws/000/edge/xhr`, { method: "POST" });
    expect(await poll.text()).toContain("CONNECT expected");
  });
});
