import { mkdtempSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createDatabase, type Database } from "./client";
import { customers, organisations } from "./schema/index";

/** An organisation for the customers a test writes: every customer is a member of one. */
async function organisationIn(database: Database): Promise<number> {
  const [row] = await database.db
    .insert(organisations)
    .values({ name: "Ravi Farms" })
    .returning({ id: organisations.id });
  if (!row) throw new Error("no organisation");
  return row.id;
}

describe("createDatabase on PGlite", () => {
  it("applies the migrations at start-up and keeps data across a restart", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "lab-db-")), "pg");
    const first = await createDatabase({ dataDir });
    expect(await first.isMigrated()).toBe(false);
    await first.migrate();
    expect(await first.isMigrated()).toBe(true);
    const organisationId = await organisationIn(first);
    await first.db
      .insert(customers)
      .values({ organisationId, email: "ravi@gmail.com", fullName: "Ravi", passwordHash: "x" });
    await first.close();

    const second = await createDatabase({ dataDir });
    await second.migrate();
    const rows = await second.db.select().from(customers).where(eq(customers.email, "ravi@gmail.com"));
    expect(rows).toHaveLength(1);
    await second.close();
  }, 30_000);

  it("keeps e-mails unique whatever their case", async () => {
    const database = await createDatabase({});
    await database.migrate();
    const organisationId = await organisationIn(database);
    await database.db
      .insert(customers)
      .values({ organisationId, email: "ravi@gmail.com", fullName: "Ravi", passwordHash: "x" });
    await expect(
      database.db
        .insert(customers)
        .values({ organisationId, email: "RAVI@gmail.com", fullName: "Ravi", passwordHash: "x" }),
    ).rejects.toThrow();
    await database.close();
  }, 30_000);
});

describe("createDatabase on a Postgres that stops answering", () => {
  it("fails a query after the connect timeout instead of waiting for the TCP timeout", async () => {
    // A server that accepts connections and never says a word: a hung host, as a pool sees it.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const database = await createDatabase({
      url: `postgres://nobody@127.0.0.1:${port}/none`,
      connectTimeoutMs: 300,
    });
    const started = performance.now();
    const failure: unknown = await database.db
      .select()
      .from(customers)
      .then(
        () => null,
        (error: unknown) => error,
      );
    // Drizzle wraps the driver's error; the API maps this cause to 503 (apps/api/src/lib/db-errors.ts:
    // "Connection terminated…" and "timeout exceeded…" are unavailable).
    expect(failure).toMatchObject({
      cause: expect.objectContaining({
        message: expect.stringMatching(/^(Connection terminated due to connection timeout|timeout exceeded)/),
      }),
    });
    expect(performance.now() - started).toBeLessThan(3_000);
    await database.close();
    silent.close();
  });
});

describe("Database.poolStats", () => {
  it("on PGlite: reports no pool (one in-process connection)", async () => {
    const database = await createDatabase({});
    expect(database.poolStats()).toBeUndefined();
    await database.close();
  }, 30_000);

  it("on Postgres: counts the open clients and the queries waiting for one when the pool is full", async () => {
    // A server that never answers keeps the pool's one client connecting, so a second query must wait.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const database = await createDatabase({
      url: `postgres://nobody@127.0.0.1:${port}/none`,
      poolSize: 1,
      connectTimeoutMs: 500,
    });
    expect(database.poolStats()).toEqual({ total: 0, idle: 0, waiting: 0, max: 1 });
    const queries = [database.db.select().from(customers), database.db.select().from(customers)].map(
      (query) =>
        query.then(
          () => "answered",
          () => "failed",
        ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(database.poolStats()).toEqual({ total: 1, idle: 0, waiting: 1, max: 1 });
    expect(await Promise.all(queries)).toEqual(["failed", "failed"]);
    await database.close();
    silent.close();
  });
});
