import { describe, expect, it } from "vitest";

import { databaseFailureOf, errorSummary, isUniqueViolation } from "./db-errors";

/** Drizzle's shape: its own error with the SQL and parameters, the driver's error as the cause. */
const wrapped = (cause: object) =>
  Object.assign(new Error("Failed query: insert ... params: secret@x.in,$2b$10$hash"), { cause });
const pgError = (code: string) => Object.assign(new Error("driver message"), { code });

describe("databaseFailureOf", () => {
  it.each(["22P02", "22021", "22003", "22007", "22008", "22P05", "23505", "23503", "23514", "54000"])(
    "%s (bad input) is invalid",
    (code) => {
      expect(databaseFailureOf(wrapped(pgError(code)))).toBe("invalid");
    },
  );

  it.each(["08006", "08001", "57P01", "57P02", "57P03", "53300", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT"])(
    "%s (unreachable) is unavailable",
    (code) => {
      expect(databaseFailureOf(wrapped(pgError(code)))).toBe("unavailable");
    },
  );

  it.each([
    "Connection terminated unexpectedly",
    "Connection terminated due to connection timeout",
    "timeout exceeded when trying to connect",
    "Cannot use a pool after calling end on the pool",
    "Client has encountered a connection error and is not queryable",
    "PGlite is closed",
  ])("%s is unavailable", (message) => {
    expect(databaseFailureOf(wrapped(new Error(message)))).toBe("unavailable");
  });

  it("Postgres stopped under a running query: 57P01 'terminating connection due to administrator command'", () => {
    const error = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
      severity: "FATAL",
    });
    expect(databaseFailureOf(wrapped(error))).toBe("unavailable");
  });

  it("leaves anything else (a bug) to be a 500", () => {
    expect(databaseFailureOf(wrapped(pgError("42703")))).toBeUndefined();
    expect(databaseFailureOf(new TypeError("x is undefined"))).toBeUndefined();
    expect(databaseFailureOf("a string")).toBeUndefined();
  });

  it("survives a cause cycle", () => {
    const a: { cause?: unknown } = {};
    a.cause = { cause: a };
    expect(databaseFailureOf(a)).toBeUndefined();
  });
});

describe("errorSummary", () => {
  it("names the classes and the code, never the message", () => {
    const summary = errorSummary(wrapped(pgError("22021")));
    expect(summary).toEqual({ type: "Error", cause: "Error", code: "22021" });
    expect(JSON.stringify(summary)).not.toMatch(/secret|\$2b\$|Failed query/);
  });

  it("leaves out a code that is not a short identifier", () => {
    expect(errorSummary(Object.assign(new Error("x"), { code: "secret@x.in and more" }))).toEqual({
      type: "Error",
    });
  });
});

describe("isUniqueViolation", () => {
  it("finds 23505 on the cause", () => {
    expect(isUniqueViolation(wrapped(pgError("23505")))).toBe(true);
    expect(isUniqueViolation(wrapped(pgError("23503")))).toBe(false);
  });
});
