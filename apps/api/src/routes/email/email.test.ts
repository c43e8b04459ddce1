import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createEmailChecker, createMxLookup } from "../../infra/email-check";
import { startTestApp, type TestApp } from "../../test/harness";

describe("POST /api/email/verify-email", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A DNS stand-in: "no-mx.example" has no mail server, everything else does.
    t = await startTestApp({ mxLookup: async (domain) => domain !== "no-mx.example" });
  });
  afterAll(async () => {
    await t.close();
  });
  const check = (email: string) => request(t.app).post("/api/email/verify-email").send({ email });

  it("answers every field of the spec's e-mail check result", async () => {
    const res = await check("ravi.kumar@aquafarms.in");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: "ravi.kumar@aquafarms.in",
      did_you_mean: "",
      user: "ravi.kumar",
      domain: "aquafarms.in",
      format_valid: true,
      mx_found: true,
      smtp_check: true,
      catch_all: null,
      role: false,
      disposable: false,
      free: false,
      score: 1,
    });
  });

  it("flags a bad format, a typo, a disposable, a free, a role address and a domain without MX", async () => {
    expect((await check("ravi@@gmail")).body).toMatchObject({
      format_valid: false,
      smtp_check: false,
      score: 0,
    });
    expect((await check("ravi@gmial.com")).body.did_you_mean).toBe("ravi@gmail.com");
    expect((await check("x@mailinator.com")).body).toMatchObject({ disposable: true, smtp_check: false });
    expect((await check("ravi@gmail.com")).body).toMatchObject({
      free: true,
      mx_found: true,
      smtp_check: true,
    });
    expect((await check("info@aquafarms.in")).body).toMatchObject({ role: true, smtp_check: true });
    expect((await check("ravi@no-mx.example")).body).toMatchObject({ mx_found: false, smtp_check: false });
  });
});

describe("MX look-up", () => {
  const noDomain = Object.assign(new Error("queryMx ENOTFOUND"), { code: "ENOTFOUND" });

  it("says false for a domain DNS says does not exist while DNS answers for others", async () => {
    const lookup = createMxLookup(async (domain) => {
      if (domain === "gmail.com") return [{ exchange: "mx.gmail.com", priority: 5 }];
      throw noDomain;
    });
    expect(await lookup("no-such-farm-domain.in")).toBe(false);
  });

  it("says null, not false, when DNS cannot be reached or answers 'no such domain' for everything", async () => {
    const unreachable = createMxLookup(async () => {
      throw Object.assign(new Error("timeout"), { code: "ETIMEOUT" });
    });
    expect(await unreachable("aquafarms.in")).toBeNull();
    const broken = createMxLookup(async () => {
      throw noDomain;
    });
    expect(await broken("aquafarms.in")).toBeNull();
  });

  it("lets an address through the check when DNS is unreachable", async () => {
    const checker = createEmailChecker(async () => null);
    expect(await checker("ravi@aquafarms.in")).toMatchObject({ mx_found: null, smtp_check: true });
  });
});
