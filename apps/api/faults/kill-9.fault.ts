import { randomUUID } from "node:crypto";
import { request } from "node:http";

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import type { ApiInstance } from "./support/api";
import { logsOnFailure, startEnvironment, type Environment } from "./support/environment";
import { record } from "./support/figures";
import { call, samplePayload, signedInCustomer, type Customer } from "./support/http";
import { sleep } from "./support/ports";

const LOAD_MS = 4000;
const KILL_AT_MS = 1500;

interface Submission {
  key: string;
  customer: Customer;
  /** Ids answered with 201 for this key (the first answer and any replay). */
  ids: number[];
  /** Attempts that got no answer: the connection was reset under the request (it may have committed). */
  cutOff: number;
  /** Attempts refused before reaching a server (the killed instance's closed port). */
  refused: number;
  replays: number;
}

const refusedConnection = (error: unknown) =>
  error instanceof Error &&
  typeof error.cause === "object" &&
  error.cause !== null &&
  "code" in error.cause &&
  error.cause.code === "ECONNREFUSED";

describe.skipIf(inject("faultsSkip") !== "")("fault: kill -9 of one instance under submission load", () => {
  let env: Environment;
  logsOnFailure(() => env);
  let customers: Customer[];

  beforeAll(async () => {
    env = await startEnvironment(2);
    const base = env.instances[0]?.base ?? "";
    customers = [
      await signedInCustomer(base, env.smtp, "Alice Farms"),
      await signedInCustomer(base, env.smtp, "Bob Farms"),
    ];
  });
  afterAll(async () => {
    await env?.close();
  });

  it("keeps every acknowledged submission exactly once, and a retry with the same Idempotency-Key writes nothing new", async () => {
    const [a, b] = env.instances;
    if (!a || !b) throw new Error("two instances expected");
    const [victim, survivor]: [ApiInstance, ApiInstance] = [a, b];
    const submissions: Submission[] = [];
    const started = Date.now();

    /** Sends one key until it is answered: a failed connection is retried on the other instance, as a client would. */
    async function submit(customer: Customer, first: ApiInstance): Promise<void> {
      const submission: Submission = {
        key: randomUUID(),
        customer,
        ids: [],
        cutOff: 0,
        refused: 0,
        replays: 0,
      };
      submissions.push(submission);
      let target = first;
      for (let attempt = 0; attempt < 10; attempt += 1) {
        try {
          const answer = await call(target.base, "POST", "/sample-submissions", {
            token: customer.token,
            body: samplePayload(customer.id),
            headers: { "Idempotency-Key": submission.key },
          });
          expect(answer.status, answer.text).toBe(201);
          submission.ids.push((answer.body as { id: number }).id);
          if (answer.headers.get("idempotent-replayed") === "true") submission.replays += 1;
          return;
        } catch (error) {
          if (!(error instanceof Error) || error.name === "AssertionError") throw error;
          if (refusedConnection(error)) submission.refused += 1;
          else submission.cutOff += 1;
          target = target === victim ? survivor : victim;
        }
      }
      throw new Error(`key ${submission.key} never answered`);
    }

    // Two customers, two lanes each, every lane alternating between the instances.
    const lanes = [0, 1, 2, 3].map(async (lane) => {
      const customer = customers[lane % 2];
      if (!customer) throw new Error("no customer");
      for (let n = 0; Date.now() - started < LOAD_MS; n += 1)
        await submit(customer, (n + lane) % 2 === 0 ? a : b);
    });
    const kill = new Promise<void>((resolve) =>
      setTimeout(() => {
        a.signal("SIGKILL");
        resolve();
      }, KILL_AT_MS),
    );
    await Promise.all([...lanes, kill]);
    const exit = await a.exited;
    expect(exit.signal).toBe("SIGKILL");

    // Retry every key once more, on the survivor: a committed one replays its first answer, nothing new is written.
    for (const submission of submissions) {
      const again = await call(b.base, "POST", "/sample-submissions", {
        token: submission.customer.token,
        body: samplePayload(submission.customer.id),
        headers: { "Idempotency-Key": submission.key },
      });
      expect(again.status, again.text).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      submission.ids.push((again.body as { id: number }).id);
    }

    const ids = customers.map((c) => c.id).join(",");
    const rows = (
      await env.postgres.query(`select id from samples where customer_id in (${ids}) order by id`)
    ).map(Number);
    const acknowledged = submissions.map((s) => s.ids[0] ?? 0);
    for (const submission of submissions) expect(new Set(submission.ids).size, submission.key).toBe(1);
    // Every key is one row, and every row is one key: nothing lost, nothing doubled.
    expect(rows).toHaveLength(submissions.length);
    expect(new Set(acknowledged).size).toBe(submissions.length);
    expect([...acknowledged].sort((x, y) => x - y)).toEqual(rows);

    const cutOff = submissions.filter((s) => s.cutOff > 0);
    const committedUnanswered = cutOff.filter((s) => s.replays > 1).length;
    record("kill -9", "submissions acknowledged (201)", submissions.length);
    record("kill -9", "rows in the database for them", rows.length, "= acknowledged");
    record(
      "kill -9",
      "cut off mid-request, retried",
      `${cutOff.length} (${committedUnanswered} had committed)`,
      "",
    );
    record("kill -9", "duplicates after retries", rows.length - new Set(acknowledged).size, "0");
    // Load it was: a few per second even on a busy machine; hundreds on a quiet one.
    expect(submissions.length).toBeGreaterThanOrEqual(20);
  });

  it("replays the first answer when a connection dropped after the request was sent, and writes nothing new", async () => {
    const survivor = env.instances[1];
    const customer = customers[0];
    if (!survivor || !customer) throw new Error("instance B and a customer expected");
    const url = new URL(survivor.base);
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const before = Number(
      (await env.postgres.query(`select count(*) from samples where customer_id = ${customer.id}`))[0],
    );
    // The whole request goes out, then the client's connection is cut before any answer can arrive.
    await Promise.all(
      keys.map(
        (key) =>
          new Promise<void>((resolve) => {
            const body = Buffer.from(JSON.stringify(samplePayload(customer.id)));
            const req = request({
              host: url.hostname,
              port: url.port,
              path: "/api/sample-submissions",
              method: "POST",
              agent: false,
              headers: {
                authorization: `Bearer ${customer.token}`,
                "content-type": "application/json",
                "content-length": String(body.length),
                "idempotency-key": key,
              },
            });
            req.on("error", () => resolve());
            req.on("response", () => resolve());
            req.end(body, () => setTimeout(() => req.destroy(), 2));
          }),
      ),
    );
    await sleep(1000);
    const committed =
      Number(
        (await env.postgres.query(`select count(*) from samples where customer_id = ${customer.id}`))[0],
      ) - before;
    let replayed = 0;
    for (const key of keys) {
      const retry = await call(survivor.base, "POST", "/sample-submissions", {
        token: customer.token,
        body: samplePayload(customer.id),
        headers: { "Idempotency-Key": key },
      });
      expect(retry.status, retry.text).toBe(201);
      if (retry.headers.get("idempotent-replayed") === "true") replayed += 1;
    }
    const after = Number(
      (await env.postgres.query(`select count(*) from samples where customer_id = ${customer.id}`))[0],
    );
    expect(after - before).toBe(keys.length);
    expect(replayed).toBe(committed);
    record("dropped connection", "requests cut off after sending", keys.length, "");
    record("dropped connection", "of them committed without an answer", committed, "");
    record(
      "dropped connection",
      "retries that replayed / rows added",
      `${replayed} / ${after - before}`,
      `${committed} / ${keys.length}`,
    );
  });
});
