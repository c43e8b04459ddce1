import { Writable } from "node:stream";

import express from "express";
import { pino } from "pino";
import request from "supertest";
import { describe, expect, it } from "vitest";

import { requestLog } from "./request-log";

function appLogging(level: "info" | "silent") {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ level }, sink)));
  app.get("/api/health", (_req, res) => void res.json({ ok: true }));
  app.get("/api/samples", (_req, res) => void res.json([]));
  app.get("/api/ledger/unsubscribe/:token", (_req, res) => void res.json({}));
  app.get("/api/broken", (_req, res) => void res.status(500).json({ error: "Internal server error" }));
  return { app, lines };
}

describe("requestLog", () => {
  it("logs one line a request: id, method, path without its query, status and time; no headers", async () => {
    const { app, lines } = appLogging("info");
    const res = await request(app)
      .get("/api/samples?q=ravi%40gmail.com")
      .set("authorization", "Bearer secret-token");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      reqId: res.headers["x-request-id"],
      route: "GET /api/samples",
      res: { statusCode: 200 },
    });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof lines[0]?.["responseTime"]).toBe("number");
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|ravi|Bearer/);
  });

  it("masks ids and tokens in the path", async () => {
    const { app, lines } = appLogging("info");
    await request(app).get("/api/ledger/unsubscribe/eyJhbGciOi.c2lnbmF0dXJl?x=1");
    expect(lines[0]).toMatchObject({ route: "GET /api/ledger/unsubscribe/:param" });
    expect(JSON.stringify(lines)).not.toMatch(/eyJ|c2ln/);
  });

  it("keeps a short safe incoming X-Request-Id and replaces any other", async () => {
    const { app, lines } = appLogging("info");
    const kept = await request(app).get("/api/samples").set("x-request-id", "edge-1234.abc");
    expect(kept.headers["x-request-id"]).toBe("edge-1234.abc");
    for (const unsafe of ["a b", "x".repeat(65), "<script>", 'id"}']) {
      const res = await request(app).get("/api/samples").set("x-request-id", unsafe);
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(lines.map((line) => line["reqId"])[0]).toBe("edge-1234.abc");
  });

  it("logs a 5xx at error level and leaves /api/health out", async () => {
    const { app, lines } = appLogging("info");
    await request(app).get("/api/health");
    await request(app).get("/api/broken");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "request errored", res: { statusCode: 500 } });
  });

  it("logs nothing when the logger is silent, but still names the request", async () => {
    const { app, lines } = appLogging("silent");
    const res = await request(app).get("/api/samples");
    expect(lines).toEqual([]);
    expect(res.headers["x-request-id"]).toEqual(expect.any(String));
  });
});
