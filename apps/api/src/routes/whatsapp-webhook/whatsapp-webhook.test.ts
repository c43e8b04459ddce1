import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import { outboxMessages, type Database } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createApp } from "../../app";
import { testEnv } from "../../env";
import { TEST_JWT_SECRET } from "../../test/harness";
import { hubSignature, postSigned, postStatus, statusWebhookBody } from "../../test/fake-cloud-api";

const APP_SECRET = "a8f2c4e1d9b7a6f5e3c2b1a0f9e8d7c6";
const VERIFY_TOKEN = "shrimp-lab-verify-2026";

let database: Database;
let server: Server;
let webhookUrl: string;
let wakeUps = 0;

const app = (whatsapp: boolean) =>
  createApp({
    database,
    logger: pino({ level: "silent" }),
    jwtSecret: TEST_JWT_SECRET,
    mailQueued: () => undefined,
    rateLimit: false,
    whatsappWebhook: whatsapp
      ? { appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, messagesQueued: () => (wakeUps += 1) }
      : undefined,
  });

beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
  server = app(true).listen(0, "127.0.0.1");
  await once(server, "listening");
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/whatsapp`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});
beforeEach(() => {
  wakeUps = 0;
});

/** A WhatsApp message the sender has handed to the Cloud API: status sent, its wamid stored. */
async function sentWhatsApp(smsFallback = false) {
  const [row] = await database.db
    .insert(outboxMessages)
    .values({
      channel: "whatsapp",
      recipient: "+919440012345",
      kind: "reportReleased",
      template: "reportReleased",
      language: "te",
      variables: { sample: "#1042", link: "https://lab.example.in/verify/AQ-7F3K" },
      status: "sent",
      providerId: `wamid.${randomUUID()}`,
      smsFallback,
      sentAt: new Date("2026-11-28T10:00:00Z"),
    })
    .returning();
  if (!row?.providerId) throw new Error("no row");
  return { id: row.id, wamid: row.providerId };
}

const rowOf = async (id: number) => {
  const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw new Error(`no message ${id}`);
  return row;
};

const fallbacksOf = (id: number) =>
  database.db.select().from(outboxMessages).where(eq(outboxMessages.fallbackOf, id));

describe("GET /api/webhooks/whatsapp (Meta's verification handshake)", () => {
  it("the right verify token: 200 with the challenge as plain text", async () => {
    const res = await request(server)
      .get("/api/webhooks/whatsapp")
      .query({ "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1158201444" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.text).toBe("1158201444");
  });

  it("a wrong token, another mode or no token: 403 and no challenge echoed", async () => {
    const attempts = [
      { "hub.mode": "subscribe", "hub.verify_token": "guess", "hub.challenge": "1" },
      { "hub.mode": "unsubscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1" },
      { "hub.mode": "subscribe", "hub.challenge": "1" },
    ];
    for (const query of attempts) {
      const res = await request(server).get("/api/webhooks/whatsapp").query(query);
      expect(res.status, JSON.stringify(query)).toBe(403);
      expect(res.text).not.toBe("1");
    }
  });

  it("the right token without a challenge, or an oversized one: 400", async () => {
    const base = { "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN };
    expect((await request(server).get("/api/webhooks/whatsapp").query(base)).status).toBe(400);
    const long = { ...base, "hub.challenge": "9".repeat(1000) };
    expect((await request(server).get("/api/webhooks/whatsapp").query(long)).status).toBe(400);
  });
});

describe("POST /api/webhooks/whatsapp (signed statuses)", () => {
  it("a signed delivered then read: the message moves to delivered, then read, with Meta's times", async () => {
    const message = await sentWhatsApp();
    const delivered = await postStatus(webhookUrl, APP_SECRET, {
      id: message.wamid,
      status: "delivered",
      timestamp: 1_795_860_005,
    });
    expect(delivered.status).toBe(200);
    expect(await rowOf(message.id)).toMatchObject({
      status: "delivered",
      deliveredAt: new Date(1_795_860_005_000),
      readAt: null,
    });
    const read = await postStatus(webhookUrl, APP_SECRET, {
      id: message.wamid,
      status: "read",
      timestamp: 1_795_860_090,
    });
    expect(read.status).toBe(200);
    expect(await rowOf(message.id)).toMatchObject({ status: "read", readAt: new Date(1_795_860_090_000) });
  });

  it("a sent status, or one for a message this portal never sent: 200 (Meta must not retry) and nothing changes", async () => {
    const message = await sentWhatsApp();
    const before = await rowOf(message.id);
    expect((await postStatus(webhookUrl, APP_SECRET, { id: message.wamid, status: "sent" })).status).toBe(
      200,
    );
    expect(
      (await postStatus(webhookUrl, APP_SECRET, { id: "wamid.elsewhere", status: "delivered" })).status,
    ).toBe(200);
    expect(await rowOf(message.id)).toEqual(before);
  });

  it("a bad or missing signature: 401 and the message unchanged", async () => {
    const message = await sentWhatsApp(true);
    const before = await rowOf(message.id);
    const failed = {
      id: message.wamid,
      status: "failed" as const,
      errors: [{ code: 131026, title: "Message undeliverable" }],
    };
    expect((await postStatus(webhookUrl, APP_SECRET, failed, { sign: "wrong" })).status).toBe(401);
    expect((await postStatus(webhookUrl, APP_SECRET, failed, { sign: "none" })).status).toBe(401);
    // A signature over other bytes than those sent (the body re-serialised in transit).
    const body = JSON.stringify(statusWebhookBody([failed]));
    const tampered = await fetch(webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Hub-Signature-256": hubSignature(JSON.stringify(JSON.parse(body), null, 2), APP_SECRET),
      },
      body,
    });
    expect(tampered.status).toBe(401);
    for (const header of ["sha256=", "sha1=abc", `sha256=${"zz".repeat(32)}`, "garbage"]) {
      const res = await request(server)
        .post("/api/webhooks/whatsapp")
        .set("Content-Type", "application/json")
        .set("X-Hub-Signature-256", header)
        .send(body);
      expect(res.status, header).toBe(401);
    }
    expect(await rowOf(message.id)).toEqual(before);
    expect(await fallbacksOf(message.id)).toEqual([]);
    expect(wakeUps).toBe(0);
  });

  it("a failed status with SMS fallback, posted twice: failed with its reason, exactly one SMS queued, the sender woken once", async () => {
    const message = await sentWhatsApp(true);
    const failed = {
      id: message.wamid,
      status: "failed" as const,
      errors: [{ code: 131026, title: "Message undeliverable" }],
    };
    expect((await postStatus(webhookUrl, APP_SECRET, failed)).status).toBe(200);
    expect((await postStatus(webhookUrl, APP_SECRET, failed)).status).toBe(200);
    expect(await rowOf(message.id)).toMatchObject({
      status: "failed",
      statusReason: "131026 Message undeliverable",
    });
    const sms = await fallbacksOf(message.id);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      channel: "sms",
      status: "queued",
      template: "reportReleased",
      language: "te",
    });
    expect(wakeUps).toBe(1);
  });

  it("a failed status without SMS fallback: failed, no SMS, no wake-up", async () => {
    const message = await sentWhatsApp(false);
    const res = await postStatus(webhookUrl, APP_SECRET, {
      id: message.wamid,
      status: "failed",
      errors: [{ code: 131047, title: "Re-engagement message" }],
    });
    expect(res.status).toBe(200);
    expect(await rowOf(message.id)).toMatchObject({
      status: "failed",
      statusReason: "131047 Re-engagement message",
    });
    expect(await fallbacksOf(message.id)).toEqual([]);
    expect(wakeUps).toBe(0);
  });

  it("hostile bodies with a valid signature: 4xx (never 500) and nothing changes", async () => {
    const message = await sentWhatsApp(true);
    const before = await rowOf(message.id);
    const status = (extra: Record<string, unknown>) =>
      JSON.stringify({
        entry: [{ changes: [{ value: { statuses: [{ id: message.wamid, status: "failed", ...extra }] } }] }],
      });
    const bodies: [string, string | Buffer, number][] = [
      ["not JSON", "{entry:", 400],
      ["empty", "", 400],
      ["JSON null", "null", 400],
      ["a number", "42", 400],
      ["entry not an array", JSON.stringify({ entry: "x" }), 400],
      ["changes missing", JSON.stringify({ entry: [{}] }), 400],
      [
        "a status id of the wrong type",
        JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id: 5, status: "read" }] } }] }] }),
        400,
      ],
      ["a timestamp that is no time", status({ timestamp: "yesterday" }), 400],
      ["an error code of an object", status({ errors: [{ code: { $gt: 1 } }] }), 400],
      [
        "too many entries",
        JSON.stringify({ entry: Array.from({ length: 101 }, () => ({ changes: [] })) }),
        400,
      ],
      ["a deeply nested body", `${"[".repeat(5000)}${"]".repeat(5000)}`, 400],
      ["invalid UTF-8", Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 400],
      ["over the body limit", JSON.stringify({ entry: [], pad: "x".repeat(300 * 1024) }), 413],
    ];
    for (const [name, body, expected] of bodies) {
      const res = await postSigned(webhookUrl, APP_SECRET, body);
      expect(res.status, name).toBe(expected);
    }
    expect(await rowOf(message.id)).toEqual(before);
    expect(await fallbacksOf(message.id)).toEqual([]);
    // Another content type is still read as the bytes Meta signed.
    const asText = await postSigned(webhookUrl, APP_SECRET, status({}), { contentType: "text/plain" });
    expect(asText.status).toBe(200);
    expect((await rowOf(message.id)).status).toBe("failed");
  });
});

describe("WhatsApp not configured", () => {
  it("both routes answer 404, whatever is sent", async () => {
    const bare = app(false);
    const handshake = await request(bare)
      .get("/api/webhooks/whatsapp")
      .query({ "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1" });
    expect(handshake.status).toBe(404);
    const post = await request(bare)
      .post("/api/webhooks/whatsapp")
      .set("Content-Type", "application/json")
      .send("{not json");
    expect(post.status).toBe(404);
  });
});
