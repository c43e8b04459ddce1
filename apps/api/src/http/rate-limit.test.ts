import { messages } from "@lab/contracts";
import { createTestDatabase } from "@lab/db/testing";
import { Redis } from "ioredis";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";

import { testEnv } from "../env";
import { startTestApp, uniqueEmail } from "../test/harness";
import { SIGN_IN_BACKOFF, signInDelaySeconds } from "./rate-limit";

const login = (app: Parameters<typeof request>[0], email: string) =>
  request(app).post("/api/customers/login").send({ email, password: "Wrong#Pass1" });

describe("signInDelaySeconds", () => {
  it("is 0 for the free failures, then doubles from 2 s per failure up to the cap", () => {
    const delays = Array.from({ length: 14 }, (_, i) => signInDelaySeconds(i));
    expect(delays).toEqual([0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 64, 120, 120, 120]);
    expect(signInDelaySeconds(10_000)).toBe(SIGN_IN_BACKOFF.maxDelaySeconds);
  });
});

describe("rate limits", () => {
  it("makes an account's attempt after 5 failures in a row wait: 429 with Retry-After of at most 2 s, other accounts served", async () => {
    const t = await startTestApp({ rateLimit: true });
    try {
      const email = uniqueEmail();
      for (let i = 0; i < 5; i += 1) expect((await login(t.app, email)).status).toBe(401);
      const limited = await login(t.app, email);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: messages.tooManyRequests,
        code: "rate_limited",
        messageCode: "too_many_requests",
      });
      // 2 s from the fifth failure's start, less the time it took to answer.
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(2);
      // Another account from the same address is still served.
      expect((await login(t.app, uniqueEmail())).status).toBe(401);
    } finally {
      await t.close();
    }
    // Starting an app on PGlite is the slow part on a busy machine.
  }, 60_000);

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

  it("counts attempts made through two instances against one account's delay", async () => {
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
      for (let i = 0; i < 5; i += 1) expect((await login(i % 2 ? a.app : b.app, email)).status).toBe(401);
      expect((await login(a.app, email)).status).toBe(429);
      const waiting = await login(b.app, email);
      expect(waiting.status).toBe(429);
      // Redis keeps the delay on its own clock: wait it out for real, then the next attempt is checked.
      await new Promise((resolve) =>
        setTimeout(resolve, Number(waiting.headers["retry-after"]) * 1000 + 100),
      );
      expect((await login(b.app, email)).status).toBe(401);
      // That failure earned the next delay, which holds on the other instance too.
      expect((await login(a.app, email)).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  }, 120_000);
});
