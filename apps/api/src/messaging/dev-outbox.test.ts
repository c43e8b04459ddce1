import { outboxMessages, type Database } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { asc } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Effects } from "../domain/unit-of-work";
import { testEnv } from "../env";
import { createMessageSender } from "../jobs/message-sender";
import { createDevOutbox, listDevMessages } from "./dev-outbox";
import { queueMessages } from "./queue";
import { renderSms } from "./sms/sms-templates";
import { whatsappMessage } from "./whatsapp/whatsapp-templates";

const logger = pino({ level: "silent" });
const noEffects: Effects = { add: () => undefined };

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
});
afterAll(async () => {
  await database.close();
});

const rows = () => database.db.select().from(outboxMessages).orderBy(asc(outboxMessages.id));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("dev outbox", () => {
  it("takes SMS and WhatsApp messages with dev- ids and reports them delivered through the providers' report paths", async () => {
    const outbox = createDevOutbox({ db: database.db, logger });
    const sender = createMessageSender({
      db: database.db,
      sms: outbox.sms,
      whatsapp: outbox.whatsapp,
      logger,
    });
    try {
      await queueMessages(database.db, noEffects, [
        {
          channel: "sms",
          to: "+919440060001",
          template: "code",
          variables: { code: "731904", minutes: "5" },
          language: "en",
          kind: "code",
        },
        {
          channel: "whatsapp",
          to: "+919440060002",
          template: "sampleCollected",
          variables: { sample: "#42" },
          language: "te",
          kind: "sampleCollected",
        },
      ]);
      expect(await sender.drain()).toBe(2);
      const [sms, whatsapp] = await until(rows, (all) => all.every((row) => row.status === "delivered"));
      expect(sms?.providerId).toMatch(/^dev-sms-/);
      expect(whatsapp?.providerId).toMatch(/^dev-wamid-/);
      expect(sms?.sentAt).toBeInstanceOf(Date);
      expect(whatsapp?.deliveredAt).toBeInstanceOf(Date);
      // Sent once each, and nothing more to send.
      expect(await sender.drain()).toBe(0);
    } finally {
      await sender.stop();
      await outbox.sms.close();
    }
  });

  it("lists the kept channels' messages newest first, with the words their reader gets and their status", async () => {
    const [older, newer] = await queueMessages(database.db, noEffects, [
      {
        channel: "sms",
        to: "+919440060003",
        template: "reportRevoked",
        variables: { sample: "#43" },
        language: "hi",
        kind: "reportRevoked",
      },
      {
        channel: "whatsapp",
        to: "+919440060004",
        template: "reportReleased",
        variables: { sample: "#44", link: "http://localhost:3000/verify/NSP-CERT-2026-000044" },
        language: "te",
        kind: "reportReleased",
      },
    ]);
    const listed = await listDevMessages(database.db, ["sms", "whatsapp"], 2);
    expect(listed.map((message) => message.id)).toEqual([newer?.id, older?.id]);
    expect(listed[0]).toMatchObject({
      channel: "whatsapp",
      to: "+919440060004",
      template: "reportReleased",
      language: "te",
      status: "queued",
      body: whatsappMessage("reportReleased", "te", {
        sample: "#44",
        link: "http://localhost:3000/verify/NSP-CERT-2026-000044",
      }).body,
    });
    expect(listed[0]?.body).toContain("http://localhost:3000/verify/NSP-CERT-2026-000044");
    // Telugu words, not the English template.
    expect(listed[0]?.body).toMatch(/[\u0C00-\u0C7F]/);
    expect(listed[1]?.body).toBe(renderSms("reportRevoked", "hi", { sample: "#43" }).text);

    const smsOnly = await listDevMessages(database.db, ["sms"]);
    expect(smsOnly.every((message) => message.channel === "sms")).toBe(true);
    expect(await listDevMessages(database.db, [])).toEqual([]);
  });

  it("says why a message cannot be rendered instead of failing the list", async () => {
    await database.db.insert(outboxMessages).values({
      channel: "sms",
      recipient: "+919440060005",
      kind: "code",
      template: "code",
      language: "en",
      variables: { minutes: "5" },
    });
    const [listed] = await listDevMessages(database.db, ["sms"], 1);
    expect(listed?.body).toMatch(/^\(.*code.*\)$/);
  });
});
