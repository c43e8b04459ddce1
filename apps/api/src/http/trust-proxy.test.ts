import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TrustProxy } from "../env";
import { ENQUIRIES_PER_IP as ENQUIRY_LIMIT } from "../routes/enquiries/router";
import { STRONG_PASSWORD, signedInCustomer, startTestApp, uniqueEmail, type TestApp } from "../test/harness";

// The contact form's per-IP limit is the rate-limited route these tests count on.
const ENQUIRIES_PER_IP = ENQUIRY_LIMIT.points;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const enquiry = (app: TestApp, forwardedFor: string) =>
  request(app.app)
    .post("/api/enquiries")
    .set("X-Forwarded-For", forwardedFor)
    .send({
      firstName: "Lakshmi",
      lastName: "Devi",
      email: uniqueEmail("proxy"),
      phone: "098765 43210",
      message: "Do you test for white spot virus?",
    });

async function withApp(trustProxy: TrustProxy, run: (app: TestApp) => Promise<void>): Promise<void> {
  const app = await startTestApp({ rateLimit: true, database: t.database, trustProxy });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

/** Statuses of N enquiries, each claiming a different client address. */
async function rotatingEnquiries(app: TestApp, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await enquiry(app, `198.51.100.${i + 1}`)).status);
  return statuses;
}

describe("client address behind a proxy (TRUST_PROXY)", () => {
  it("off: a rotating X-Forwarded-For is ignored, so the per-IP limit still answers 429 after its limit", async () => {
    await withApp(false, async (app) => {
      const statuses = await rotatingEnquiries(app, ENQUIRIES_PER_IP + 2);
      expect(statuses.slice(0, ENQUIRIES_PER_IP)).toEqual(Array(ENQUIRIES_PER_IP).fill(202));
      expect(statuses.slice(ENQUIRIES_PER_IP)).toEqual([429, 429]);
    });
  });

  it("proxy 127.0.0.1 configured: the header's address is the one counted", async () => {
    await withApp(["127.0.0.1"], async (app) => {
      const statuses = await rotatingEnquiries(app, ENQUIRIES_PER_IP + 2);
      expect(statuses).toEqual(Array(ENQUIRIES_PER_IP + 2).fill(202));
      for (let i = 0; i < ENQUIRIES_PER_IP; i += 1) await enquiry(app, "203.0.113.7").expect(202);
      expect((await enquiry(app, "203.0.113.7")).status).toBe(429);
      expect((await enquiry(app, "203.0.113.8")).status).toBe(202);
    });
  });

  it("another proxy configured (10.0.0.0/8): the header from 127.0.0.1 is ignored and the limit hits", async () => {
    await withApp(["10.0.0.0/8"], async (app) => {
      const statuses = await rotatingEnquiries(app, ENQUIRIES_PER_IP + 1);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  it("a hop count of 1: the address the proxy appended is counted, not one the client put before it", async () => {
    await withApp(1, async (app) => {
      for (let i = 0; i < ENQUIRIES_PER_IP; i += 1) {
        await enquiry(app, `192.0.2.${i + 1}, 203.0.113.50`).expect(202);
      }
      expect((await enquiry(app, "192.0.2.99, 203.0.113.50")).status).toBe(429);
    });
  });
});

describe("Secure refresh cookie behind a proxy", () => {
  const signIn = async (app: TestApp) => {
    const customer = await signedInCustomer(app);
    return request(app.app)
      .post("/api/customers/login")
      .set("X-Forwarded-Proto", "https")
      .send({ email: customer.email, password: STRONG_PASSWORD })
      .expect(200);
  };
  const refreshCookie = (res: request.Response): string => {
    const raw: unknown = res.headers["set-cookie"];
    const lines = Array.isArray(raw) ? raw.map(String) : [];
    return lines.find((line) => line.startsWith("portal_refresh=")) ?? "";
  };

  it("is Secure when the configured proxy says the request came over https", async () => {
    const app = await startTestApp({ database: t.database, trustProxy: ["127.0.0.1"] });
    try {
      expect(refreshCookie(await signIn(app))).toMatch(/;\s*Secure/);
    } finally {
      await app.close();
    }
  });

  it("ignores X-Forwarded-Proto from a peer that is not a configured proxy", async () => {
    const app = await startTestApp({ database: t.database, trustProxy: false });
    try {
      const cookie = refreshCookie(await signIn(app));
      expect(cookie).toContain("portal_refresh=");
      expect(cookie).not.toMatch(/;\s*Secure/);
    } finally {
      await app.close();
    }
  });
});
