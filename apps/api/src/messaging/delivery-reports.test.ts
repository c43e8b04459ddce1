import { randomUUID } from "node:crypto";

import { outboxMessageParts, outboxMessages, type Database, type OutboxMessageRow } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testEnv } from "../env";
import type { DeliveryReport } from "./channels";
import { queueSmsFallback, recordDeliveryReport, recordDeliveryReports } from "./delivery-reports";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
});
afterAll(async () => {
  await database.close();
});

const at = (iso: string) => new Date(iso);

/** A message the sender has sent: its provider id (a wamid, or the SMSC's first part id) stored. */
async function sentMessage(
  channel: "sms" | "whatsapp",
  options: { smsFallback?: boolean; parts?: number } = {},
): Promise<OutboxMessageRow & { partIds: string[] }> {
  const providerId = channel === "whatsapp" ? `wamid.${randomUUID()}` : randomUUID();
  const [row] = await database.db
    .insert(outboxMessages)
    .values({
      channel,
      recipient: "+919440012345",
      kind: "reportReleased",
      template: "reportReleased",
      language: "te",
      variables: { sample: "#1042", link: "https://lab.example.in/verify/AQ-7F3K" },
      status: "sent",
      providerId,
      smsFallback: options.smsFallback ?? false,
      sentAt: at("2026-11-28T10:00:00Z"),
    })
    .returning();
  if (!row) throw new Error("no row");
  const partIds = Array.from({ length: options.parts ?? 0 }, (_, i) => (i === 0 ? providerId : randomUUID()));
  if (partIds.length > 0) {
    await database.db
      .insert(outboxMessageParts)
      .values(partIds.map((id, part) => ({ messageId: row.id, part: part + 1, providerId: id })));
  }
  return { ...row, partIds };
}

const rowOf = async (id: number) => {
  const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw new Error(`no message ${id}`);
  return row;
};

const fallbacksOf = (id: number) =>
  database.db.select().from(outboxMessages).where(eq(outboxMessages.fallbackOf, id));

const report = (providerId: string, status: DeliveryReport["status"], when: string, reason?: string) => ({
  providerId,
  status,
  reason,
  at: at(when),
});

describe("recordDeliveryReport", () => {
  it("WhatsApp sent → delivered → read: each status with its time, and the same report twice changes nothing", async () => {
    const message = await sentMessage("whatsapp");
    const id = message.providerId ?? "";
    expect(
      await recordDeliveryReport(database.db, "whatsapp", report(id, "delivered", "2026-11-28T10:00:05Z")),
    ).toEqual({ messageId: message.id, fallbackQueued: false });
    const delivered = await rowOf(message.id);
    expect(delivered).toMatchObject({
      status: "delivered",
      deliveredAt: at("2026-11-28T10:00:05Z"),
      readAt: null,
    });

    await recordDeliveryReport(database.db, "whatsapp", report(id, "delivered", "2026-11-28T10:00:09Z"));
    expect(await rowOf(message.id)).toEqual(delivered);

    await recordDeliveryReport(database.db, "whatsapp", report(id, "read", "2026-11-28T10:03:00Z"));
    const read = await rowOf(message.id);
    expect(read).toMatchObject({
      status: "read",
      deliveredAt: at("2026-11-28T10:00:05Z"),
      readAt: at("2026-11-28T10:03:00Z"),
    });
    // Read, then a late delivered: nothing moves back.
    await recordDeliveryReport(database.db, "whatsapp", report(id, "delivered", "2026-11-28T10:04:00Z"));
    expect(await rowOf(message.id)).toEqual(read);
  });

  it("read with no delivered before it (Meta skips it when both happen at once): delivered at the same time", async () => {
    const message = await sentMessage("whatsapp");
    await recordDeliveryReport(
      database.db,
      "whatsapp",
      report(message.providerId ?? "", "read", "2026-11-28T11:00:00Z"),
    );
    expect(await rowOf(message.id)).toMatchObject({
      status: "read",
      deliveredAt: at("2026-11-28T11:00:00Z"),
      readAt: at("2026-11-28T11:00:00Z"),
    });
  });

  it("failed after delivered: ignored, the message stays delivered and no SMS stands in", async () => {
    const message = await sentMessage("whatsapp", { smsFallback: true });
    const id = message.providerId ?? "";
    await recordDeliveryReport(database.db, "whatsapp", report(id, "delivered", "2026-11-28T10:00:05Z"));
    const result = await recordDeliveryReport(
      database.db,
      "whatsapp",
      report(id, "failed", "2026-11-28T10:00:06Z", "131026 Message undeliverable"),
    );
    expect(result).toEqual({ messageId: message.id, fallbackQueued: false });
    expect(await rowOf(message.id)).toMatchObject({
      status: "delivered",
      failedAt: null,
      statusReason: null,
    });
    expect(await fallbacksOf(message.id)).toEqual([]);
  });

  it("WhatsApp failed with SMS fallback: failed with its reason and one SMS stand-in, even when the report comes twice", async () => {
    const message = await sentMessage("whatsapp", { smsFallback: true });
    const failed = report(
      message.providerId ?? "",
      "failed",
      "2026-11-28T10:00:07Z",
      "131026 Message undeliverable",
    );
    expect(await recordDeliveryReport(database.db, "whatsapp", failed)).toEqual({
      messageId: message.id,
      fallbackQueued: true,
    });
    expect(await rowOf(message.id)).toMatchObject({
      status: "failed",
      failedAt: at("2026-11-28T10:00:07Z"),
      statusReason: "131026 Message undeliverable",
    });
    expect(await recordDeliveryReport(database.db, "whatsapp", failed)).toEqual({
      messageId: message.id,
      fallbackQueued: false,
    });
    const stands = await fallbacksOf(message.id);
    expect(stands).toHaveLength(1);
    expect(stands[0]).toMatchObject({
      channel: "sms",
      status: "queued",
      recipient: message.recipient,
      template: message.template,
      variables: message.variables,
      language: message.language,
      kind: message.kind,
      customerId: message.customerId,
      sampleId: message.sampleId,
      providerId: null,
      smsFallback: false,
    });
    // The sender's own path (a permanent refusal at send time) finds the stand-in already there.
    expect(await queueSmsFallback(database.db, await rowOf(message.id))).toBe(false);
    expect(await fallbacksOf(message.id)).toHaveLength(1);
  });

  it("WhatsApp failed without SMS fallback: failed, and no SMS", async () => {
    const message = await sentMessage("whatsapp", { smsFallback: false });
    const result = await recordDeliveryReport(
      database.db,
      "whatsapp",
      report(message.providerId ?? "", "failed", "2026-11-28T10:00:07Z"),
    );
    expect(result).toEqual({ messageId: message.id, fallbackQueued: false });
    expect(await rowOf(message.id)).toMatchObject({ status: "failed", statusReason: "failed" });
    expect(await fallbacksOf(message.id)).toEqual([]);
  });

  it("an unknown provider id, or another channel's: ignored (undefined), nothing written", async () => {
    const message = await sentMessage("whatsapp");
    expect(
      await recordDeliveryReport(
        database.db,
        "whatsapp",
        report("wamid.unknown", "delivered", "2026-11-28T10:00:00Z"),
      ),
    ).toBeUndefined();
    expect(
      await recordDeliveryReport(
        database.db,
        "sms",
        report(message.providerId ?? "", "delivered", "2026-11-28T10:00:00Z"),
      ),
    ).toBeUndefined();
    expect(await rowOf(message.id)).toMatchObject({ status: "sent", deliveredAt: null });
  });

  it("an SMS in three parts: delivered only once every part is, whichever part's receipt comes first", async () => {
    const message = await sentMessage("sms", { parts: 3 });
    const [first, second, third] = message.partIds;
    await recordDeliveryReport(database.db, "sms", report(third ?? "", "delivered", "2026-11-28T10:00:03Z"));
    await recordDeliveryReport(database.db, "sms", report(first ?? "", "delivered", "2026-11-28T10:00:04Z"));
    expect(await rowOf(message.id)).toMatchObject({ status: "sent", deliveredAt: null });
    const result = await recordDeliveryReport(
      database.db,
      "sms",
      report(second ?? "", "delivered", "2026-11-28T10:00:05Z"),
    );
    expect(result).toEqual({ messageId: message.id, fallbackQueued: false });
    expect(await rowOf(message.id)).toMatchObject({
      status: "delivered",
      deliveredAt: at("2026-11-28T10:00:05Z"),
    });
    const parts = await database.db
      .select({ part: outboxMessageParts.part, status: outboxMessageParts.status })
      .from(outboxMessageParts)
      .where(eq(outboxMessageParts.messageId, message.id));
    expect(parts.map((part) => part.status)).toEqual(["delivered", "delivered", "delivered"]);
  });

  it("an SMS with one part failed: the message fails with that part's reason, and a later part's delivery does not undo it", async () => {
    const message = await sentMessage("sms", { parts: 2 });
    const [first, second] = message.partIds;
    await recordDeliveryReport(database.db, "sms", report(first ?? "", "delivered", "2026-11-28T10:00:03Z"));
    await recordDeliveryReport(
      database.db,
      "sms",
      report(second ?? "", "failed", "2026-11-28T10:00:04Z", "UNDELIV 001"),
    );
    expect(await rowOf(message.id)).toMatchObject({
      status: "failed",
      statusReason: "UNDELIV 001",
      failedAt: at("2026-11-28T10:00:04Z"),
    });
    await recordDeliveryReport(database.db, "sms", report(second ?? "", "delivered", "2026-11-28T10:00:09Z"));
    expect(await rowOf(message.id)).toMatchObject({ status: "failed", deliveredAt: null });
    // An SMS never falls back to anything.
    expect(await fallbacksOf(message.id)).toEqual([]);
  });

  it("an SMS known only by its own provider id (no parts stored): delivered by that receipt", async () => {
    const message = await sentMessage("sms");
    await recordDeliveryReport(
      database.db,
      "sms",
      report(message.providerId ?? "", "delivered", "2026-11-28T10:00:03Z"),
    );
    expect(await rowOf(message.id)).toMatchObject({ status: "delivered" });
  });
});

describe("recordDeliveryReports", () => {
  it("a batch: each report recorded in order in one transaction, unknown ids skipped, a stand-in reported once", async () => {
    const delivered = await sentMessage("whatsapp");
    const failing = await sentMessage("whatsapp", { smsFallback: true });
    const result = await recordDeliveryReports(database.db, "whatsapp", [
      report(delivered.providerId ?? "", "delivered", "2026-11-28T10:00:01Z"),
      report("wamid.someone-else", "read", "2026-11-28T10:00:02Z"),
      report(delivered.providerId ?? "", "read", "2026-11-28T10:00:03Z"),
      report(failing.providerId ?? "", "failed", "2026-11-28T10:00:04Z", "131049 Healthy ecosystem"),
    ]);
    expect(result).toEqual({ recorded: 3, fallbackQueued: true });
    expect(await rowOf(delivered.id)).toMatchObject({ status: "read" });
    expect(await rowOf(failing.id)).toMatchObject({
      status: "failed",
      statusReason: "131049 Healthy ecosystem",
    });
    expect(await fallbacksOf(failing.id)).toHaveLength(1);
  });
});
