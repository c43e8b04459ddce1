import {
  messageCodeOfKey,
  noticePreferencesViewSchema,
  type MessageKey,
  type NoticePreferences,
} from "@lab/contracts";
import { customers, noticePreferences, outboxMail } from "@lab/db";
import { and, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { submitSample } from "../../test/samples";

// A member's channels for each kind of notice: read with the defaults, replaced as a whole, refused
// when the account cannot take a chosen channel, and heeded by the mail a released report sends.

let t: TestApp;
type Who = { id: number; token: string; email: string };

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const read = (who: { token: string }) =>
  request(t.app).get("/api/notice-preferences").auth(who.token, { type: "bearer" });
const save = (who: { token: string }, body: unknown) =>
  request(t.app)
    .put("/api/notice-preferences")
    .auth(who.token, { type: "bearer" })
    .send(body as object);
const setPhone = (who: Who, phoneNumber: string | null) =>
  t.database.db.update(customers).set({ phoneNumber }).where(eq(customers.id, who.id));

const channels = (overrides: Partial<NoticePreferences["channels"]> = {}): NoticePreferences["channels"] => ({
  sampleCollected: ["email"],
  sampleRejected: ["email"],
  reportReleased: ["email"],
  screeningFailed: ["email"],
  reportRevoked: ["email"],
  invitation: ["email"],
  ...overrides,
});

function expectError(res: request.Response, status: number, key: MessageKey, field?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({
    messageCode: messageCodeOfKey(key),
    ...(field === undefined ? {} : { field }),
  });
}

describe("GET /api/notice-preferences", () => {
  it("gives a new member the defaults less what needs a phone, their address and language, and no phone", async () => {
    const who = await signedInCustomer(t, "Lakshmi Devi");
    const body = noticePreferencesViewSchema.parse((await read(who).expect(200)).body);
    expect(body).toEqual({
      channels: channels(),
      smsFallback: true,
      phone: null,
      email: who.email,
      language: "en",
    });
  });

  it("with a phone number on the account: a released report and a failed screening by WhatsApp and e-mail, the number as people write it", async () => {
    const who = await signedInCustomer(t, "Ravi Kumar");
    await setPhone(who, "+919440012345");
    const body = noticePreferencesViewSchema.parse((await read(who).expect(200)).body);
    expect(body.channels).toEqual(
      channels({ reportReleased: ["email", "whatsapp"], screeningFailed: ["email", "whatsapp"] }),
    );
    expect(body.phone).toBe("+91 94400 12345");
  });

  it("answers 401 without a token and 403 to staff", async () => {
    await request(t.app).get("/api/notice-preferences").expect(401);
    const staff = await signedInStaff(t);
    await read(staff).expect(403);
  });
});

describe("PUT /api/notice-preferences", () => {
  it("replaces every kind's channels and the SMS fallback, and answers what a later read shows", async () => {
    const who = await signedInCustomer(t, "Suresh Babu");
    await setPhone(who, "+919440012346");
    const first = await save(who, {
      channels: channels({ reportReleased: ["whatsapp", "sms", "email"], sampleCollected: [] }),
      smsFallback: false,
    }).expect(200);
    expect(first.body).toMatchObject({
      channels: { reportReleased: ["email", "sms", "whatsapp"], sampleCollected: [] },
      smsFallback: false,
    });
    const second = await save(who, {
      channels: channels({ reportReleased: ["sms"], invitation: ["sms", "sms"] }),
      smsFallback: true,
    }).expect(200);
    const again = noticePreferencesViewSchema.parse((await read(who).expect(200)).body);
    expect(again).toEqual(second.body);
    expect(again.channels).toEqual(channels({ reportReleased: ["sms"], invitation: ["sms"] }));
    expect(again.smsFallback).toBe(true);
    const rows = await t.database.db
      .select()
      .from(noticePreferences)
      .where(eq(noticePreferences.customerId, who.id));
    expect(rows).toHaveLength(6);
  });

  it("refuses SMS or WhatsApp without a phone number on the account (422 naming the kind) and keeps the saved choice", async () => {
    const who = await signedInCustomer(t, "Anjali Rao");
    await save(who, { channels: channels({ reportRevoked: [] }), smsFallback: true }).expect(200);
    expectError(
      await save(who, { channels: channels({ screeningFailed: ["email", "whatsapp"] }), smsFallback: true }),
      422,
      "noticePhoneMissing",
      "channels.screeningFailed",
    );
    expectError(
      await save(who, { channels: channels({ sampleRejected: ["sms"] }), smsFallback: true }),
      422,
      "noticePhoneMissing",
      "channels.sampleRejected",
    );
    const kept = noticePreferencesViewSchema.parse((await read(who).expect(200)).body);
    expect(kept.channels).toEqual(channels({ reportRevoked: [] }));
  });

  it("refuses a malformed choice with 400 and the message of what is wrong", async () => {
    const who = await signedInCustomer(t, "Kiran Reddy");
    expectError(
      await save(who, { channels: { ...channels(), invoice: ["email"] }, smsFallback: true }),
      400,
      "noticeKindUnknown",
    );
    expectError(
      await save(who, { channels: { ...channels(), reportReleased: ["fax"] }, smsFallback: true }),
      400,
      "noticeChannelInvalid",
      "channels.reportReleased.0",
    );
    expectError(
      await save(who, {
        channels: channels({ reportReleased: ["email", "sms", "whatsapp", "email"] }),
        smsFallback: true,
      }),
      400,
      "noticeChannelTwice",
      "channels.reportReleased",
    );
    expectError(await save(who, { channels: channels() }), 400, "smsFallbackInvalid", "smsFallback");
    expectError(
      await save(who, { channels: { reportReleased: ["email"] }, smsFallback: true }),
      400,
      "noticePreferencesInvalid",
    );
    expectError(await save(who, ["email"]), 400, "noticePreferencesInvalid");
    expect(
      await t.database.db.select().from(noticePreferences).where(eq(noticePreferences.customerId, who.id)),
    ).toEqual([]);
  });
});

describe("e-mail follows the choice", () => {
  it("a released report is mailed to a submitter who keeps e-mail, and not to one who unticked it for released reports", async () => {
    const staff = await signedInStaff(t);
    const keeps = await signedInCustomer(t, "Mail Keeper");
    const unticked = await signedInCustomer(t, "Phone Only Reader");
    await setPhone(unticked, "+919440012347");
    await save(unticked, { channels: channels({ reportReleased: ["whatsapp"] }), smsFallback: true }).expect(
      200,
    );

    const mailsAbout = async (who: Who, sampleId: number) =>
      t.database.db
        .select({ subject: outboxMail.subject })
        .from(outboxMail)
        .where(
          and(
            sql`${who.email} = any(${outboxMail.to})`,
            eq(outboxMail.subject, `Your test report for sample #${sampleId} is ready`),
          ),
        );
    const kept = await submitSample(t.app, keeps);
    const quiet = await submitSample(t.app, unticked);
    await completeWithReport(t, staff.token, kept.id);
    await completeWithReport(t, staff.token, quiet.id);
    expect(await mailsAbout(keeps, kept.id)).toHaveLength(1);
    expect(await mailsAbout(unticked, quiet.id)).toEqual([]);
    // The bell tells them all the same.
    const bell = await request(t.app)
      .get("/api/notifications")
      .auth(unticked.token, { type: "bearer" })
      .expect(200);
    expect((bell.body as { sampleId: number }[]).some((item) => item.sampleId === quiet.id)).toBe(true);
    // Two samples taken through testing and release by the staff API.
  }, 90_000);
});
