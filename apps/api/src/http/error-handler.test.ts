import { createServer } from "node:net";
import { Writable } from "node:stream";

import { messages, providerInputSchema } from "@lab/contracts";
import { createDatabase } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testEnv } from "../env";
import { parse } from "./parse";
import { databaseFailureOf } from "../lib/db-errors";
import { STRONG_PASSWORD, signedInCustomer, startTestApp, uniqueEmail, type TestApp } from "../test/harness";

/** A pino logger writing every line into an array, as the app's own logger would to stdout. */
function arrayLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}

const NAME = "Ravi Kumar Secretname";

/** Nothing personal, secret or SQL in what was logged. */
function expectClean(lines: Record<string, unknown>[], email: string) {
  const logged = JSON.stringify(lines);
  for (const secret of [
    email,
    "Secretname",
    STRONG_PASSWORD,
    "$2b$",
    "$2a$",
    "Bearer",
    "insert into",
    "params",
  ]) {
    expect(logged).not.toContain(secret);
  }
}

describe("error logs carry the error class, request id and route, never parameters", () => {
  let t: TestApp;
  const log = arrayLogger();
  beforeAll(async () => {
    t = await startTestApp({ logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (email: string, fullName: string) =>
    request(t.app)
      .post("/api/customers/register")
      .set("authorization", "Bearer not-a-real-token")
      .set("x-request-id", `test-${email.slice(0, 20)}`.replace(/[^A-Za-z0-9._:-]/g, "-"))
      .send({ fullName, email, password: STRONG_PASSWORD });

  it("a NUL in the registration name is a 400 text_invalid, logged by id and route only", async () => {
    log.lines.length = 0;
    const email = uniqueEmail();
    const res = await register(email, `${NAME}\u0000`).expect(400);
    expect(res.body).toEqual({
      error: messages.textInvalid,
      code: "text_invalid",
      messageCode: "text_invalid",
      field: "fullName",
    });
    const id = res.headers["x-request-id"];
    expect(log.lines).toContainEqual(
      expect.objectContaining({ reqId: id, route: "POST /api/customers/register", res: { statusCode: 400 } }),
    );
    expectClean(log.lines, email);
  });

  it("a failing insert (with the bcrypt hash among its parameters) is a 500 logged without them", async () => {
    // A trigger that fails every insert into customers, as a broken migration or a bug would.
    await t.database.db.execute(sql`
      create function refuse_customer() returns trigger language plpgsql as $$
      begin raise exception 'refused %', new.password_hash using errcode = 'P0001'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_customer before insert on customers for each row execute function refuse_customer()`,
    );
    try {
      log.lines.length = 0;
      const email = uniqueEmail();
      const res = await register(email, NAME).expect(500);
      expect(res.body).toEqual({
        error: messages.serverError,
        code: "internal",
        messageCode: "server_error",
      });
      const id = res.headers["x-request-id"];
      const errorLine = log.lines.find((line) => line["msg"] === "unhandled error");
      expect(errorLine).toMatchObject({
        level: 50,
        reqId: id,
        route: "POST /api/customers/register",
        err: { type: "DrizzleQueryError", code: "P0001" },
      });
      expect(log.lines).toContainEqual(
        expect.objectContaining({ msg: "request errored", reqId: id, res: { statusCode: 500 } }),
      );
      expectClean(log.lines, email);

      // The same insert refused by an integrity rule (class 23) is the client's: a 400, not a 500.
      await t.database.db.execute(sql`drop trigger refuse_customer on customers`);
      await t.database.db.execute(
        sql`alter table customers add constraint no_secret_names check (full_name not like '%Secretname%') not valid`,
      );
      log.lines.length = 0;
      const refused = await register(uniqueEmail(), NAME).expect(400);
      expect(refused.body).toEqual({
        error: messages.databaseRefused,
        code: "validation_failed",
        messageCode: "database_refused",
      });
      expect(log.lines).toContainEqual(
        expect.objectContaining({
          msg: "database refused a value",
          err: expect.objectContaining({ code: "23514" }),
        }),
      );
      expectClean(log.lines, email);
    } finally {
      await t.database.db.execute(sql`drop trigger if exists refuse_customer on customers`);
      await t.database.db.execute(sql`alter table customers drop constraint if exists no_secret_names`);
    }
  });
});

describe("the error body names the field an error is about", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("parse puts the first zod issue's path, joined with dots, into AppError.field", () => {
    const body = { samplerName: "Suresh", phoneNumber: "9848022338", farmers: [{}, {}, { phoneNumber: 5 }] };
    expect(() => parse(providerInputSchema, body, "profileInvalid")).toThrow(
      expect.objectContaining({ status: 400, code: "validation_failed", field: "farmers.2.phoneNumber" }),
    );
  });

  it("a 200-character registration name is a 400 with a plain message and field 'fullName'", async () => {
    const res = await request(t.app)
      .post("/api/customers/register")
      .send({ fullName: "ల".repeat(200), email: uniqueEmail(), password: STRONG_PASSWORD })
      .expect(400);
    expect(res.body).toEqual({
      error: "Name must be 120 characters or fewer.",
      code: "validation_failed",
      messageCode: "too_long",
      params: { label: "Name", max: "120" },
      field: "fullName",
    });
  });

  it("an error about the whole request (malformed JSON) has no field", async () => {
    const res = await request(t.app)
      .post("/api/customers/register")
      .set("content-type", "application/json")
      .send("{not json")
      .expect(400);
    expect(res.body).toEqual({
      error: messages.malformedJson,
      code: "malformed_json",
      messageCode: "malformed_json",
    });
  });
});

describe("an unreachable database", () => {
  it("is a 503 service_unavailable with Retry-After, never a 500", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    const log = arrayLogger();
    const t = await startTestApp({ database, logger: log.logger });
    try {
      await database.close();
      const email = uniqueEmail();
      const res = await request(t.app)
        .post("/api/customers/login")
        .send({ email, password: STRONG_PASSWORD })
        .expect(503);
      expect(res.body).toEqual({
        error: messages.serviceUnavailable,
        code: "service_unavailable",
        messageCode: "service_unavailable",
      });
      expect(res.headers["retry-after"]).toBe("5");
      expect(log.lines).toContainEqual(
        expect.objectContaining({
          msg: "database unavailable",
          reqId: res.headers["x-request-id"],
          route: "POST /api/customers/login",
        }),
      );
      expectClean(log.lines, email);
    } finally {
      await t.close();
    }
  });
});

/** A local port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

describe("a database that is really unreachable", () => {
  it("a Postgres pool pointed at a closed port (ECONNREFUSED) makes login a 503 with Retry-After", async () => {
    const database = await createDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/lab` });
    const t = await startTestApp({ database });
    try {
      const res = await request(t.app)
        .post("/api/customers/login")
        .send({ email: uniqueEmail(), password: STRONG_PASSWORD })
        .expect(503);
      expect(res.body).toEqual({
        error: messages.serviceUnavailable,
        code: "service_unavailable",
        messageCode: "service_unavailable",
      });
      expect(res.headers["retry-after"]).toBe("5");
    } finally {
      await t.close();
    }
  });

  it("the session check of a signed-in request is a 503 once the database has gone", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    const t = await startTestApp({ database });
    try {
      const customer = await signedInCustomer(t);
      await database.close();
      const res = await request(t.app)
        .get(`/api/customers/${customer.id}`)
        .set("authorization", `Bearer ${customer.token}`)
        .expect(503);
      expect(res.body).toEqual({
        error: messages.serviceUnavailable,
        code: "service_unavailable",
        messageCode: "service_unavailable",
      });
      expect(res.headers["retry-after"]).toBe("5");
    } finally {
      await t.close();
    }
  });

  it.runIf(testEnv.databaseUrl)(
    "a query whose backend is killed by pg_terminate_backend (57P01, admin shutdown) is unavailable",
    async () => {
      const database = await createTestDatabase(testEnv.databaseUrl);
      try {
        const marker = `sleep_${Date.now()}`;
        const sleeping = database.db.execute(sql.raw(`select pg_sleep(5) as ${marker}`)).then(
          () => undefined,
          (error: unknown) => error,
        );
        // Wait for the sleeping query to show up, then end its backend as an administrator would.
        let killed = false;
        for (let attempt = 0; attempt < 50 && !killed; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const result = (await database.db.execute(
            sql.raw(
              `select pg_terminate_backend(pid) as done from pg_stat_activity where query like '%${marker}%' and pid <> pg_backend_pid()`,
            ),
          )) as { rows: { done: boolean }[] };
          killed = result.rows.some((row) => row.done);
        }
        expect(killed).toBe(true);
        const error = await sleeping;
        expect(error).toBeDefined();
        expect(databaseFailureOf(error)).toBe("unavailable");
      } finally {
        await database.close();
      }
    },
  );
});

describe("Redis down under the rate limiter", () => {
  it("sign-in still answers (per-process limits take over), never a 500", async () => {
    // As server.ts builds it, but pointed at a port nothing listens on.
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on("error", () => undefined);
    const t = await startTestApp({ rateLimit: true, redis });
    try {
      const res = await request(t.app)
        .post("/api/customers/login")
        .send({ email: uniqueEmail(), password: STRONG_PASSWORD })
        .expect(401);
      expect(res.body).toMatchObject({ error: messages.invalidCredentials });
    } finally {
      await t.close();
      redis.disconnect();
    }
  });
});
