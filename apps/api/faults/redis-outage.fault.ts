import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { logsOnFailure, startEnvironment, type Environment } from "./support/environment";
import { record } from "./support/figures";
import { expectStatus, samplePayload, signedInCustomer, type Customer } from "./support/http";
import { sleep, waitUntil } from "./support/ports";
import { openScreen, type Screen } from "./support/stomp";

const OUTAGE_MS = 5000;
const UPDATES = 10;

describe.skipIf(inject("faultsSkip") !== "")("fault: Redis killed and restarted", () => {
  let env: Environment;
  logsOnFailure(() => env);
  let customer: Customer;
  let screen: Screen | undefined;

  beforeAll(async () => {
    env = await startEnvironment(2);
    customer = await signedInCustomer(env.instances[0]?.base ?? "", env.smtp, "Alice Farms");
  });
  afterAll(async () => {
    await screen?.close();
    await env?.close();
  });

  /** What the database holds for the customer, as the screen should show it. */
  async function truth() {
    const samples = await env.postgres.query(
      `select id, status from samples where customer_id = ${customer.id}`,
    );
    const notes = await env.postgres.query(`select id from notifications where customer_id = ${customer.id}`);
    return {
      samples: new Map(
        samples.map((line) => line.split("|")).map(([id, status]) => [Number(id), status ?? ""]),
      ),
      notifications: new Set(notes.map(Number)),
    };
  }
  const shows = (seen: Screen, held: Awaited<ReturnType<typeof truth>>) =>
    seen.samples.size === held.samples.size &&
    [...held.samples].every(([id, status]) => seen.samples.get(id) === status) &&
    seen.notifications.size === held.notifications.size &&
    [...held.notifications].every((id) => seen.notifications.has(id));

  it("re-syncs the open screen on the other instance, which then shows every update made during the outage within 2 s of Redis' return", async () => {
    const [a, b] = env.instances;
    if (!a || !b) throw new Error("two instances expected");
    const submit = () =>
      expectStatus(201, a.base, "POST", "/sample-submissions", {
        token: customer.token,
        body: samplePayload(customer.id),
      });
    const seen = await openScreen(b.base, customer);
    screen = seen;

    // Fan-out works: a submission through A shows on B's screen by push.
    await submit();
    const live = await truth();
    await waitUntil("the push through Redis before the outage", () => shows(seen, live), 3000, 10);

    await env.redis.kill();
    const killedAt = Date.now();
    const pushesBefore = seen.pushes;
    for (let i = 0; i < UPDATES; i += 1) {
      await submit();
      await sleep(OUTAGE_MS / UPDATES / 2);
    }
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - killedAt)));
    const held = await truth();
    expect(held.samples.size).toBe(UPDATES + 1);
    const pushedDuringOutage = seen.pushes - pushesBefore;

    const back = await env.redis.start();
    await waitUntil("the screen showing everything", () => shows(seen, held), 10_000, 10);
    const visibleAfter = Date.now() - back;
    const restored = seen.resyncs.find((r) => r.at >= back && r.reason === "fan-out-restored");
    expect(restored, JSON.stringify(seen.resyncs)).toBeDefined();
    record("redis outage", "updates made through A while down", UPDATES * 2, "samples + notifications");
    record("redis outage", "of them pushed to B's screen while down", pushedDuringOutage, "");
    record("redis outage", "return → resync frame on B", `${(restored?.at ?? back) - back} ms`, "");
    record("redis outage", "return → everything visible on B", `${visibleAfter} ms`, "≤ 2000 ms");
    expect(visibleAfter).toBeLessThanOrEqual(2000);
    // The session stayed up the whole time: the re-sync came from the server, not a reconnect.
    expect(seen.connects).toBe(1);

    // And pushes flow again after the return.
    await submit();
    const after = await truth();
    await waitUntil("a push after the return", () => shows(seen, after), 3000, 10);
  });
});
