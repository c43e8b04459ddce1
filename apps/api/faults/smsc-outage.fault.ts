import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { encodeSms } from "../src/messaging/sms/sms-encoding";
import { renderSms } from "../src/messaging/sms/sms-templates";
import type { TemplateKey } from "../src/messaging/templates";
import { startFakeSmsc, type FakeSmsc } from "../src/test/fake-smsc";
import { startApi } from "./support/api";
import { logsOnFailure, startEnvironment, type Environment } from "./support/environment";
import { record } from "./support/figures";
import { sleep, waitUntil } from "./support/ports";

// Long enough for the sender's backoff (5 s, 10 s …) and the channel's reconnect backoff (1 s, 2 s, 4 s,
// 8 s, then every 10 s) to be well under way when the SMSC returns.
const OUTAGE_MS = 18_000;
// The channel reconnects within 10 s of the SMSC's return, the sender's probe finds it within 5 s more.
const BOUND_MS = 20_000;

/** SMS rows as the API queues them (the message sender knows no other way in): a code, notices, languages. */
const MESSAGES: { template: TemplateKey; language: string; variables: Record<string, string> }[] = [
  { template: "code", language: "en", variables: { code: "482913", minutes: "5" } },
  { template: "code", language: "hi", variables: { code: "771204", minutes: "5" } },
  { template: "sampleCollected", language: "en", variables: { sample: "#301" } },
  { template: "sampleCollected", language: "ta", variables: { sample: "#302" } },
  { template: "sampleRejected", language: "bn", variables: { sample: "#303", reason: "Container leaking" } },
  { template: "reportRevoked", language: "gu", variables: { sample: "#304" } },
  { template: "reportReleased", language: "te", variables: { sample: "#305", link: "" } },
  { template: "screeningFailed", language: "ml", variables: { sample: "#306", link: "" } },
  { template: "reportReleased", language: "or", variables: { sample: "#307", link: "" } },
  { template: "sampleCollected", language: "en", variables: { sample: "#308" } },
];
const numberOf = (index: number) => `+91944001${String(index).padStart(4, "0")}`;
const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

describe.skipIf(inject("faultsSkip") !== "")("fault: SMSC down, then back", () => {
  let env: Environment;
  let smsc: FakeSmsc;
  logsOnFailure(() => env);

  beforeAll(async () => {
    smsc = await startFakeSmsc();
    env = await startEnvironment(0);
    for (const name of ["A", "B"]) {
      env.instances.push(
        await startApi(
          name,
          { databaseUrl: env.postgres.url, redisUrl: env.redis.url, smtpUrl: env.smtp.url },
          { SMPP_URL: smsc.url, DLT_ENTITY_ID: "1101234567890123456", SMS_SENDER: "AQUATL" },
        ),
      );
    }
  });
  afterAll(async () => {
    await env?.close();
    await smsc?.close();
  });

  it("keeps the SMS queued while the SMSC is away and submits each exactly once, every part, when it returns", async () => {
    await waitUntil("both instances bound to the SMSC", () => smsc.boundSessions === 2, 20_000);
    await smsc.stop();
    const down = Date.now();

    const base = env.instances[0]?.base ?? "";
    const rows = MESSAGES.map((message, index) => {
      const variables = { ...message.variables };
      if ("link" in variables) variables.link = `${base}/verify/AQL-2026-${String(index).padStart(6, "0")}`;
      return { ...message, variables, to: numberOf(index) };
    });
    await env.postgres.query(
      `insert into outbox_messages (channel, recipient, kind, template, language, variables) values ${rows
        .map(
          (row) =>
            `('sms', ${sqlText(row.to)}, ${sqlText(row.template)}, ${sqlText(row.template)}, ${sqlText(row.language)}, ${sqlText(JSON.stringify(row.variables))}::jsonb)`,
        )
        .join(", ")}`,
    );
    // What each message must become at the SMSC: its parts, each submitted once.
    const partsOf = new Map(
      rows.map((row) => [
        row.to.slice(1),
        encodeSms(renderSms(row.template, row.language, row.variables).text, 0).parts.length,
      ]),
    );
    const expectedParts = [...partsOf.values()].reduce((a, b) => a + b, 0);
    expect(expectedParts).toBeGreaterThan(rows.length);

    // Every one is tried and refused by the channel for a retry: still queued, an error noted.
    await waitUntil(
      "every SMS tried once",
      async () =>
        (
          await env.postgres.query(
            "select count(*) from outbox_messages where status = 'queued' and attempts > 0 and last_error is not null",
          )
        )[0] === String(rows.length),
      OUTAGE_MS,
      200,
    );
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - down)));
    expect(smsc.submits).toHaveLength(0);
    expect(await env.postgres.query("select count(*) from outbox_messages where status <> 'queued'")).toEqual(
      ["0"],
    );

    const back = await smsc.start();
    await waitUntil(
      "every part submitted",
      () => smsc.submits.filter((s) => s.status === 0).length >= expectedParts,
      BOUND_MS + 10_000,
      100,
    );
    const codeAfter =
      (smsc.submits.find((s) => s.destinationAddr === numberOf(0).slice(1))?.receivedAt ?? Infinity) - back;
    const allAfter = Math.max(...smsc.submits.map((s) => s.receivedAt)) - back;
    await waitUntil(
      "every message marked sent",
      async () =>
        (await env.postgres.query("select count(*) from outbox_messages where status = 'sent'"))[0] ===
        String(rows.length),
      10_000,
      200,
    );
    // A late duplicate (the other instance, a retried claim) would arrive now: wait, then count.
    await sleep(3000);
    const perNumber = new Map<string, number>();
    for (const submit of smsc.submits)
      perNumber.set(submit.destinationAddr, (perNumber.get(submit.destinationAddr) ?? 0) + 1);
    expect(Object.fromEntries(perNumber)).toEqual(Object.fromEntries(partsOf));
    expect(smsc.submits.every((s) => s.status === 0 && s.tlvs.peId === "1101234567890123456")).toBe(true);
    expect(
      await env.postgres.query("select count(*) from outbox_message_parts where status = 'sent'"),
    ).toEqual([String(expectedParts)]);

    // The receipts close the loop: every part delivered makes its message delivered.
    for (const submit of smsc.submits) expect(await smsc.sendReceipt(submit.messageId)).toBe(0);
    await waitUntil(
      "every message delivered",
      async () =>
        (await env.postgres.query("select count(*) from outbox_messages where status = 'delivered'"))[0] ===
        String(rows.length),
      10_000,
      200,
    );

    const duplicated = [...perNumber].filter(([to, n]) => n !== partsOf.get(to)).length;
    record("smsc outage", "SMS queued while down (parts)", `${rows.length} (${expectedParts})`, "");
    record("smsc outage", "outage", `${back - down} ms`, "");
    record("smsc outage", "return → code SMS submitted", `${codeAfter} ms`, `≤ ${BOUND_MS} ms`);
    record("smsc outage", "return → every part submitted", `${allAfter} ms`, "");
    record("smsc outage", "messages submitted other than once", duplicated, "0");
    expect(codeAfter).toBeLessThanOrEqual(BOUND_MS);
  });
});
