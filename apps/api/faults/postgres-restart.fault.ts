import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { logsOnFailure, startEnvironment, type Environment } from "./support/environment";
import { record } from "./support/figures";
import { call, signedInCustomer, staffToken, samplePayload, type Customer } from "./support/http";
import { sleep } from "./support/ports";

const SERVICE_UNAVAILABLE = "Service unavailable. Please try again later.";

describe.skipIf(inject("faultsSkip") !== "")("fault: Postgres stopped and started again", () => {
  let env: Environment;
  logsOnFailure(() => env);
  let customer: Customer;
  let staff: string;

  beforeAll(async () => {
    env = await startEnvironment(2);
    const [a] = env.instances;
    if (!a) throw new Error("no instance");
    customer = await signedInCustomer(a.base, env.smtp);
    staff = await staffToken(a.base);
  });
  afterAll(async () => {
    await env?.close();
  });

  it("answers 503 with Retry-After and the spec's text while it is down, then 200 again on both instances without a restart", async () => {
    // Both instances have warm pools: the stop ends those sessions under them.
    for (const instance of env.instances) {
      const list = await call(instance.base, "GET", "/sample-submissions", { token: customer.token });
      expect(list.status).toBe(200);
    }
    await env.postgres.stop();

    // Requests that need the database, each a different path through the app: authenticated reads,
    // a write, sign-in (no session yet) and staff reads.
    const requests = [
      { method: "GET", path: "/sample-submissions", token: customer.token },
      {
        method: "POST",
        path: "/sample-submissions",
        token: customer.token,
        body: samplePayload(customer.id),
      },
      { method: "GET", path: "/notifications", token: customer.token },
      { method: "POST", path: "/customers/login", body: { email: customer.email, password: "Shrimp#2024" } },
      { method: "GET", path: "/lab/samples", token: staff },
    ];
    const statuses = new Map<number, number>();
    let slowest = 0;
    const downUntil = Date.now() + 4000;
    while (Date.now() < downUntil) {
      for (const instance of env.instances) {
        for (const { method, path, token, body } of requests) {
          const started = Date.now();
          const answer = await call(instance.base, method, path, { token, body, timeoutMs: 10_000 });
          const took = Date.now() - started;
          slowest = Math.max(slowest, took);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          expect(answer.status, `${instance.name} ${method} ${path}: ${answer.text}`).toBe(503);
          expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
          expect(answer.body).toMatchObject({ error: SERVICE_UNAVAILABLE, code: "service_unavailable" });
          expect(took, `${instance.name} ${method} ${path} took ${took} ms`).toBeLessThanOrEqual(6000);
        }
      }
    }
    const ready = await call(env.instances[0]?.base ?? "", "GET", "/ready");
    expect(ready.status).toBe(503);
    const answered = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    record(
      "postgres down",
      "requests answered 503 (of all)",
      `${statuses.get(503) ?? 0}/${answered}`,
      "all 503, no 500",
    );
    record("postgres down", "slowest 503", `${slowest} ms`, "≤ 6000 ms");

    await env.postgres.start();
    const back = Date.now();
    const recovered = await Promise.all(
      env.instances.map(async (instance) => {
        for (;;) {
          const answer = await call(instance.base, "GET", "/sample-submissions", { token: customer.token });
          if (answer.status === 200) return Date.now() - back;
          expect([503]).toContain(answer.status);
          if (Date.now() - back > 10_000)
            throw new Error(`${instance.name} still ${answer.status} after 10 s`);
          await sleep(50);
        }
      }),
    );
    for (const [i, ms] of recovered.entries()) {
      record(
        "postgres back",
        `instance ${env.instances[i]?.name} answers 200 after`,
        `${ms} ms`,
        "≤ 5000 ms",
      );
      expect(ms).toBeLessThanOrEqual(5000);
    }
    // Writes work again too, and nothing was half-written while it was down.
    for (const instance of env.instances) {
      const created = await call(instance.base, "POST", "/sample-submissions", {
        token: customer.token,
        body: samplePayload(customer.id),
      });
      expect(created.status, created.text).toBe(201);
    }
    const rows = await env.postgres.query(`select count(*) from samples where customer_id = ${customer.id}`);
    expect(rows).toEqual(["2"]);
    for (const instance of env.instances) expect(instance.child.exitCode).toBeNull();
  });
});
