import { messages } from "@lab/contracts";
import jwt from "jsonwebtoken";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  latestCode,
  signedInCustomer,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (body: object) => request(t.app).post("/api/customers/register").send(body);

describe("POST /api/customers/register", () => {
  it("creates an unverified account, answers 201 without secrets and mails a 6-character code", async () => {
    const email = uniqueEmail();
    const res = await register({
      fullName: "  Lakshmi Devi ",
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, fullName: "Lakshmi Devi", emailVerified: false });
    expect(res.body).not.toHaveProperty("passwordHash");
    expect(typeof res.body.id).toBe("number");
    expect(await latestCode(t, email)).toMatch(/^[A-Z0-9]{6}$/);
  });

  it.each([
    [{ email: uniqueEmail(), password: STRONG_PASSWORD }, messages.nameRequired],
    [{ fullName: "  ", email: uniqueEmail(), password: STRONG_PASSWORD }, messages.nameRequired],
    [{ fullName: "Ravi", email: uniqueEmail(), password: "abcdefgh" }, messages.passwordWeak],
    [{ fullName: "Ravi", email: uniqueEmail(), password: "Ab1!" }, messages.passwordWeak],
    [{ fullName: "Ravi", email: "not-an-email", password: STRONG_PASSWORD }, messages.invalidEmailFormat],
    [
      { fullName: "Ravi", email: "ravi@mailinator.com", password: STRONG_PASSWORD },
      messages.emailValidationFailed,
    ],
  ])("refuses %o with 400 and the spec's message", async (body, message) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it("refuses an e-mail already registered, whatever its case, with 400", async () => {
    const email = uniqueEmail();
    await register({ fullName: "Ravi", email, password: STRONG_PASSWORD }).expect(201);
    const res = await register({ fullName: "Ravi", email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: messages.emailAlreadyExists,
      code: "email_taken",
      messageCode: "email_already_exists",
      field: "email",
    });
  });

  it("answers 400 for malformed JSON and 413 for a body over 100 KB, writing nothing", async () => {
    const bad = await request(t.app)
      .post("/api/customers/register")
      .set("content-type", "application/json")
      .send('{"fullName": "Ravi",');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: messages.malformedJson,
      code: "malformed_json",
      messageCode: "malformed_json",
    });

    const email = uniqueEmail();
    const big = await register({ fullName: "x".repeat(110_000), email, password: STRONG_PASSWORD });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("body_too_large");
    const login = await request(t.app)
      .post("/api/customers/login")
      .send({ email, password: STRONG_PASSWORD });
    expect(login.status).toBe(401);
  });
});

describe("POST /api/customers/login", () => {
  it("refuses an unverified account with 403 email_not_verified", async () => {
    const email = uniqueEmail();
    await register({ fullName: "Ravi", email, password: STRONG_PASSWORD }).expect(201);
    const res = await request(t.app).post("/api/customers/login").send({ email, password: STRONG_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("email_not_verified");
  });

  it("answers the customer and a one-hour Bearer JWT whose subject is the customer", async () => {
    const customer = await signedInCustomer(t);
    const res = await request(t.app)
      .post("/api/customers/login")
      .send({ email: customer.email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ expiresIn: 3600, tokenType: "Bearer", customer: { id: customer.id } });
    const claims = jwt.verify(res.body.accessToken, TEST_JWT_SECRET, { algorithms: ["HS256"] });
    expect(typeof claims === "object" && claims.sub).toBe(String(customer.id));
  });

  it("answers 401 'Invalid email or password' for a wrong password and for an unknown e-mail", async () => {
    const customer = await signedInCustomer(t);
    for (const body of [
      { email: customer.email, password: "Wrong#Pass1" },
      { email: uniqueEmail("nobody"), password: STRONG_PASSWORD },
    ]) {
      const res = await request(t.app).post("/api/customers/login").send(body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: messages.invalidCredentials,
        code: "invalid_credentials",
        messageCode: "invalid_credentials",
      });
    }
  });

  it("answers 400 when the password is missing", async () => {
    const res = await request(t.app).post("/api/customers/login").send({ email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(messages.invalidCredentials);
  });
});

describe("GET /api/customers/:id", () => {
  it("answers the own profile with sampleProviders", async () => {
    const customer = await signedInCustomer(t, "Anand Rao");
    const res = await request(t.app)
      .get(`/api/customers/${customer.id}`)
      .auth(customer.token, { type: "bearer" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: customer.id,
      fullName: "Anand Rao",
      emailVerified: true,
      sampleProviders: [],
    });
    expect(res.body.createdAt).toEqual(expect.any(String));
  });

  it("answers 401 'Authentication required' without a token, with a bad one, and with alg none", async () => {
    const customer = await signedInCustomer(t);
    const unsigned = jwt.sign({ role: "customer" }, "", { algorithm: "none", subject: String(customer.id) });
    const forged = jwt.sign({ role: "customer" }, "another-secret-another-secret-another", {
      subject: String(customer.id),
    });
    for (const header of [
      undefined,
      "Bearer nonsense",
      `Bearer ${unsigned}`,
      `Bearer ${forged}`,
      customer.token,
    ]) {
      const req = request(t.app).get(`/api/customers/${customer.id}`);
      const res = header ? await req.set("authorization", header) : await req;
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: messages.authRequired,
        code: "unauthenticated",
        messageCode: "auth_required",
      });
    }
  });

  it("answers 403 for another customer's id", async () => {
    const a = await signedInCustomer(t);
    const b = await signedInCustomer(t);
    const res = await request(t.app).get(`/api/customers/${b.id}`).auth(a.token, { type: "bearer" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });
});

describe("PUT /api/customers/:id/profile", () => {
  const put = (c: { id: number; token: string }, body: object) =>
    request(t.app).put(`/api/customers/${c.id}/profile`).auth(c.token, { type: "bearer" }).send(body);

  it("changes only the fields sent, normalises the phone and returns a newer updatedAt", async () => {
    const customer = await signedInCustomer(t, "Meena Iyer");
    const before = await request(t.app)
      .get(`/api/customers/${customer.id}`)
      .auth(customer.token, { type: "bearer" });
    t.clock.advance(5);
    const res = await put(customer, { company: "Coastal Aqua Farms", phoneNumber: "098765 43210" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fullName: "Meena Iyer",
      company: "Coastal Aqua Farms",
      phoneNumber: "+91 98765 43210",
      address: null,
      emailVerified: true,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(before.body.updatedAt));

    const again = await put(customer, { address: "Plot 4, Bhimavaram\nAndhra Pradesh" });
    expect(again.body).toMatchObject({
      company: "Coastal Aqua Farms",
      address: "Plot 4, Bhimavaram\nAndhra Pradesh",
    });
  });

  it("refuses a phone number that is not valid with 400 and keeps the profile", async () => {
    const customer = await signedInCustomer(t);
    const profile = () =>
      request(t.app).get(`/api/customers/${customer.id}`).auth(customer.token, { type: "bearer" });
    // The company shown is the organisation's name, which registration sets: it must not change.
    const before = await profile().expect(200);
    const res = await put(customer, { phoneNumber: "12345", company: "Should not land" });
    expect(res.status).toBe(400);
    const now = await profile().expect(200);
    expect(now.body.company).toBe(before.body.company);
    expect(now.body.company).not.toBe("Should not land");
    expect(now.body.phoneNumber).toBeNull();
  });

  it("keeps e-mails unique (400) and sends a new code when the address changes", async () => {
    const a = await signedInCustomer(t);
    const b = await signedInCustomer(t);
    const taken = await put(a, { email: b.email.toUpperCase(), currentPassword: STRONG_PASSWORD });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe(messages.emailAlreadyExists);

    const newEmail = uniqueEmail("moved");
    const moved = await put(a, { email: newEmail, currentPassword: STRONG_PASSWORD });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ email: newEmail, emailVerified: false });
    const code = await latestCode(t, newEmail);
    await request(t.app).post("/api/auth/verify-email").send({ email: newEmail, code }).expect(200);
  });

  it("answers 403 for another customer's id and 401 without a token", async () => {
    const a = await signedInCustomer(t);
    const b = await signedInCustomer(t);
    expect((await put({ id: b.id, token: a.token }, { company: "x" })).status).toBe(403);
    expect((await request(t.app).put(`/api/customers/${a.id}/profile`).send({ company: "x" })).status).toBe(
      401,
    );
  });

  it("answers 404 'Customer not found' when the account no longer exists", async () => {
    const customer = await signedInCustomer(t);
    const { customers } = await import("@lab/db");
    const { eq } = await import("drizzle-orm");
    await t.database.db.delete(customers).where(eq(customers.id, customer.id));
    const res = await put(customer, { company: "x" });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(messages.customerNotFound);
  });
});

describe("unknown API paths", () => {
  it("answer 404 JSON, never the SPA", async () => {
    const res = await request(t.app).get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
