import { createTestDatabase } from "@lab/db/testing";
import { describe, expect, it } from "vitest";

import { testEnv } from "../env";
import { createJob, withJobLock } from "./job-runner";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pass that takes `ms` and counts how often it ran and how many ran at once. */
function slowPass(ms: number) {
  const seen = { passes: 0, running: 0, maxRunning: 0 };
  const pass = async () => {
    seen.passes += 1;
    seen.running += 1;
    seen.maxRunning = Math.max(seen.maxRunning, seen.running);
    await sleep(ms);
    seen.running -= 1;
    return seen.passes;
  };
  return { seen, pass };
}

describe("createJob", () => {
  it("coalesces wake-ups during a pass into one more pass, never two at once", async () => {
    const { seen, pass } = slowPass(100);
    const job = createJob({ name: "test", intervalMs: 60_000, pass, onError: () => undefined });
    await job.start();
    for (let i = 0; i < 20; i += 1) job.wake();
    await sleep(20);
    for (let i = 0; i < 20; i += 1) job.wake();
    await sleep(350);
    // The start's pass, then one queued behind it for all forty wake-ups.
    expect(seen.passes).toBe(2);
    expect(seen.maxRunning).toBe(1);
    await job.stop();
  });

  it("passes again every interval without being woken", async () => {
    const { seen, pass } = slowPass(1);
    const job = createJob({ name: "test", intervalMs: 30, pass, onError: () => undefined });
    await job.start();
    await sleep(200);
    await job.stop();
    expect(seen.passes).toBeGreaterThanOrEqual(3);
    const after = seen.passes;
    await sleep(100);
    expect(seen.passes).toBe(after);
  });

  it("runNow answers the result of a pass that started after the call", async () => {
    const { seen, pass } = slowPass(50);
    const job = createJob({ name: "test", intervalMs: 60_000, pass, onError: () => undefined });
    const first = job.runNow();
    const second = job.runNow();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(seen.maxRunning).toBe(1);
  });

  it("ignores wake-ups while stopped, and stop waits for the pass under way", async () => {
    const { seen, pass } = slowPass(80);
    const job = createJob({ name: "test", intervalMs: 60_000, pass, onError: () => undefined });
    job.wake();
    await sleep(20);
    expect(seen.passes).toBe(0);
    await job.start();
    await sleep(10);
    expect(seen.running).toBe(1);
    await job.stop();
    expect(seen.running).toBe(0);
  });

  it("reports a failing pass and keeps polling", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const job = createJob({
      name: "test",
      intervalMs: 20,
      pass: () => {
        calls += 1;
        return Promise.reject(new Error("boom"));
      },
      onError: (error) => errors.push(error),
    });
    await job.start();
    await sleep(120);
    await job.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(errors.length).toBe(calls);
  });

  it("is woken by a NOTIFY on its channel once it has started", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    try {
      const { seen, pass } = slowPass(1);
      const job = createJob({
        name: "test",
        intervalMs: 60_000,
        pass,
        onError: () => undefined,
        wakeOn: { database, channel: "job_runner_test" },
      });
      await job.start();
      await sleep(100);
      const before = seen.passes;
      await database.db.execute("notify job_runner_test");
      const started = Date.now();
      while (seen.passes === before && Date.now() - started < 2000) await sleep(5);
      expect(seen.passes).toBe(before + 1);
      await job.stop();
      await database.db.execute("notify job_runner_test");
      await sleep(100);
      expect(seen.passes).toBe(before + 1);
    } finally {
      await database.close();
    }
  });
});

// A lost LISTEN connection: only on a server (PGlite listens in-process).
describe.skipIf(!testEnv.databaseUrl)("wake-ups after the listening connection is lost", () => {
  it("listens again, passes once for what it may have missed, and is woken by the next NOTIFY", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    try {
      const { seen, pass } = slowPass(1);
      const job = createJob({
        name: "test",
        intervalMs: 60_000,
        pass,
        onError: () => undefined,
        wakeOn: { database, channel: "job_runner_relisten" },
      });
      await job.start();
      await sleep(100);
      const before = seen.passes;
      await database.db.execute(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
      );
      const waitFor = async (passes: number) => {
        const started = Date.now();
        while (seen.passes < passes && Date.now() - started < 5000) await sleep(10);
      };
      // Reconnected (after about a second): one pass for the notifications it could not hear.
      await waitFor(before + 1);
      expect(seen.passes).toBe(before + 1);
      await sleep(100);
      await database.db.execute("notify job_runner_relisten");
      await waitFor(before + 2);
      expect(seen.passes).toBe(before + 2);
      await job.stop();
    } finally {
      await database.close();
    }
  }, 30_000);
});

// An advisory lock between connections: only meaningful on a server (PGlite is one connection).
describe.skipIf(!testEnv.databaseUrl)("withJobLock", () => {
  it("lets one instance at a time do a job's work, and releases the lock when the job stops", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    try {
      let inside = 0;
      let maxInside = 0;
      const work = async () => {
        inside += 1;
        maxInside = Math.max(maxInside, inside);
        await sleep(200);
        inside -= 1;
        return "done";
      };
      const results = await Promise.all([
        withJobLock(database.db, "exclusive-test", work),
        withJobLock(database.db, "exclusive-test", work),
        withJobLock(database.db, "exclusive-test", work),
      ]);
      expect(results.filter((result) => result === "done")).toHaveLength(1);
      expect(maxInside).toBe(1);
      // Another job's name is another lock.
      expect(
        await Promise.all([
          withJobLock(database.db, "exclusive-test", work),
          withJobLock(database.db, "other-job", work),
        ]),
      ).toEqual(["done", "done"]);

      const job = createJob({
        name: "exclusive-test",
        intervalMs: 60_000,
        pass: () => withJobLock(database.db, "exclusive-test", work),
        onError: () => undefined,
      });
      await job.start();
      await sleep(50);
      expect(
        await withJobLock(database.db, "exclusive-test", () => Promise.resolve("other")),
      ).toBeUndefined();
      await job.stop();
      expect(await withJobLock(database.db, "exclusive-test", () => Promise.resolve("other"))).toBe("other");
    } finally {
      await database.close();
    }
  }, 30_000);
});
