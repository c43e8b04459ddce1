import { createTestDatabase } from "@lab/db/testing";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testEnv } from "../../env";
import { enqueueMail } from "../../mail/outbox";
import { healthRouter } from "./router";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
});
afterAll(async () => {
  await database.close();
});

describe("GET /ready", () => {
  it("stays ready with mail waiting and shows the backlog: pending count and the oldest mail's age", async () => {
    const app = express().use(healthRouter(database));
    const before = await request(app).get("/ready");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ status: "ready", database: true, mail: { oldestPendingSeconds: 0 } });
    await enqueueMail(database.db, {
      to: ["farmer@gmail.com"],
      subject: "Waiting",
      text: "x",
      queuedAt: new Date(Date.now() - 150_000),
    });
    await enqueueMail(database.db, { to: ["farmer@gmail.com"], subject: "Newer", text: "x" });
    const ready = await request(app).get("/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("ready");
    expect(ready.body.mail.pending).toBe(before.body.mail.pending + 2);
    expect(ready.body.mail.oldestPendingSeconds).toBeGreaterThanOrEqual(149);
    expect(ready.body.mail.oldestPendingSeconds).toBeLessThan(200);
    expect(ready.body.mail.failed).toBe(0);
  });
});
