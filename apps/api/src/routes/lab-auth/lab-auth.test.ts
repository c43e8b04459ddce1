import { messages } from "@lab/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";

let t: TestApp;
type Who = { id: number; token: string };
let customer: Who;
let staff: Who;
beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  staff = await signedInStaff(t);
});
afterAll(async () => {
  await t.close();
});

describe("staff sign-in and role separation", () => {
  it("signs staff in with a lab token and refuses a wrong password", async () => {
    const bad = await request(t.app)
      .post("/api/lab/login")
      .send({ email: "nobody@aquatest.local", password: "x" });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe(messages.invalidCredentials);
  });

  it("refuses customer tokens on /lab and staff tokens on customer routes with 403", async () => {
    const asCustomer = await request(t.app).get("/api/lab/samples").auth(customer.token, { type: "bearer" });
    expect(asCustomer.status).toBe(403);
    const asStaff = await request(t.app).get("/api/sample-submissions").auth(staff.token, { type: "bearer" });
    expect(asStaff.status).toBe(403);
    expect((await request(t.app).get("/api/lab/agents")).status).toBe(401);
  });
});
