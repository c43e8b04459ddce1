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
  app.get("/api/broken", (_req, res) => void res.status(500).json({ error: "Internal server error" }));
  return { app, lines };
}

describe("requestLog", () => {
  it("logs one line a request: method, path without its query, status and time; no headers", async () => {
    const { app, lines } = appLogging("info");
    await request(app).get("/api/samples?q=ravi%40gmail.com").set("authorization", "Bearer secret-token");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/api/samples" },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]?.["responseTime"]).toBe("number");
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|ravi/);
  });

  it("logs a 5xx at error level and leaves /api/health out", async () => {
    const { app, lines } = appLogging("info");
    await request(app).get("/api/health");
    await request(app).get("/api/broken");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "request errored", res: { statusCode: 500 } });
  });

  it("does nothing when the logger is silent", async () => {
    const { app, lines } = appLogging("silent");
    await request(app).get("/api/samples");
    expect(lines).toEqual([]);
  });
});
