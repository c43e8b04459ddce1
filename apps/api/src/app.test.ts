import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { createTestDatabase } from "@lab/db/testing";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "./app";
import { testEnv } from "./env";
import { createDevMailbox } from "./mail/transport";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;
let mailbox: ReturnType<typeof createDevMailbox>;

beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
  const webDist = mkdtempSync(join(tmpdir(), "lab-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Aqua Lab</title><div id=root></div>");
  writeFileSync(join(webDist, "assets", "index-abc123.js"), "console.log('app');");
  mailbox = createDevMailbox(mkdtempSync(join(tmpdir(), "lab-mailbox-")));
  app = createApp({
    database,
    logger: pino({ level: "silent" }),
    jwtSecret: "test-secret-that-is-long-enough-for-hs256-signing",
    mailQueued: () => undefined,
    rateLimit: false,
    webDistDir: webDist,
    devMailbox: mailbox.list,
  });
});
afterAll(async () => {
  await database.close();
});

describe("createApp", () => {
  it("answers liveness and readiness (database reachable and migrated)", async () => {
    expect((await request(app).get("/api/health")).body).toEqual({ status: "ok" });
    const ready = await request(app).get("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: "ready", database: true });
  });

  it("serves the SPA for client routes, immutable hashed assets, and never the SPA for /api", async () => {
    const page = await request(app).get("/dashboard");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Aqua Lab</title>");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const asset = await request(app).get("/assets/index-abc123.js");
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await request(app).get("/assets/missing.js")).status).toBe(404);
    expect((await request(app).get("/api/unknown")).headers["content-type"]).toContain("application/json");
  });

  it("sends a strict content security policy and no x-powered-by", async () => {
    const res = await request(app).get("/login");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("shows the dev mailbox with the mails sent, escaped", async () => {
    await mailbox.transport.send({
      from: "lab@test.local",
      to: ["ravi@gmail.com"],
      subject: "Your verification code: AB2CD3",
      text: "Code <AB2CD3>",
      attachments: [],
    });
    const page = await request(app).get("/dev/mailbox");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Your verification code: AB2CD3");
    expect(page.text).toContain("Code &#60;AB2CD3&#62;");
    const json = await request(app).get("/dev/mailbox.json");
    expect(json.body.items[0]).toMatchObject({
      to: ["ravi@gmail.com"],
      subject: "Your verification code: AB2CD3",
    });
  });
});
