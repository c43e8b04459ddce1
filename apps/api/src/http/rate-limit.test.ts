import { messages } from "@lab/contracts";
import { createTestDatabase } from "@lab/db/testing";
import { Redis } from "ioredis";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";

import { testEnv } from "../env";
import { startTestApp, uniqueEmail } from "../test/harness";

const login = (app: Parameters<typeof request>[0], email: string) =>
  request(app).post("/api/customers/login").send({ email, password: "Wrong#Pass1" });

describe("rate limits", () => {
  it("turns the 11th login attempt for one account within 15 minutes into 429 with Retry-After", async () => {
    const t = await startTestApp({ rateLimit: true });
    try {
      const email = uniqueEmail();
      for (let i = 0; i < 10; i += 1) expect((await login(t.app, email)).status).toBe(401);
      const limited = await login(t.app, email);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: messages.tooManyRequests,
        code: "rate_limited",
        messageCode: "too_many_requests",
      });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      // Another account from the same address is still served.
      expect((await login(t.app, uniqueEmail())).status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it("limits verification attempts per address beyond the code's own three tries", async () => {
    const t = await startTestApp({ rateLimit: true });
    try {
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push(
          (await request(t.app).post("/api/auth/verify-email").send({ email, code: "ABCDEF" })).status,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await t.close();
    }
  });
});

const redisUrl = testEnv.redisUrl;
if (!redisUrl) {
  if (testEnv.ci) throw new Error("CI=true: TEST_REDIS_URL must point at a Redis server (see .ci/run)");
  console.warn("notice: TEST_REDIS_URL unset; the shared rate-limit suite on Redis is skipped");
}

describe.skipIf(!redisUrl)("rate limits shared through Redis", () => {
  const clients: Redis[] = [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  it("counts attempts made through two instances against one limit", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    const connect = () => {
      const client = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 });
      clients.push(client);
      return client;
    };
    // The two instances share their limits, and nothing of earlier runs (Redis keeps keys for 15 min).
    const rateLimitNamespace = `rl-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    const a = await startTestApp({ rateLimit: true, redis: connect(), database, rateLimitNamespace });
    const b = await startTestApp({ rateLimit: true, redis: connect(), database, rateLimitNamespace });
    try {
      const email = uniqueEmail();
      for (let i = 0; i < 10; i += 1) expect((await login(i % 2 ? a.app : b.app, email)).status).toBe(401);
      expect((await login(a.app, email)).status).toBe(429);
      expect((await login(b.app, email)).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
