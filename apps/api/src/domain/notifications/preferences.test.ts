import { DEFAULT_NOTICE_CHANNELS, type NoticePreferences } from "@lab/contracts";
import { customers, noticePreferences } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testEnv } from "../../env";
import { AppError } from "../../lib/app-error";
import { insertCustomerWithOrganisation } from "../../test/organisations";
import { createDomainContext, type DomainContext } from "../context";
import { choosingEmail, noticeChannelsOf, readPreferences, savePreferences } from "./preferences";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: DomainContext;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
  ctx = createDomainContext({
    db: database.db,
    jwtSecret: "preferences-test-secret-long-enough-for-hs256",
    bcryptCost: 4,
  });
});
afterAll(async () => {
  await database.close();
});

/** A member written directly, with or without a phone number; `phoneOnly` has a proven number and no address. */
async function member(
  values: { phoneNumber?: string | null; smsFallback?: boolean; phoneOnly?: boolean } = {},
) {
  counter += 1;
  return insertCustomerWithOrganisation(database.db, {
    email: values.phoneOnly === true ? null : `prefs.${Date.now().toString(36)}.${counter}@gmail.com`,
    fullName: `Member ${counter}`,
    passwordHash: "x",
    phoneNumber: values.phoneNumber ?? null,
    ...(values.phoneOnly === true ? { phoneVerifiedAt: new Date() } : {}),
    ...(values.smsFallback === undefined ? {} : { smsFallback: values.smsFallback }),
  });
}

const everyKind = (
  overrides: Partial<NoticePreferences["channels"]> = {},
): NoticePreferences["channels"] => ({
  sampleCollected: ["email"],
  sampleRejected: ["email"],
  reportReleased: ["whatsapp", "email"],
  screeningFailed: ["whatsapp", "email"],
  reportRevoked: ["email"],
  invitation: ["email"],
  ...overrides,
});

describe("noticeChannelsOf", () => {
  it("gives a member without a saved choice the defaults, with their SMS fallback", async () => {
    const quiet = await member({ phoneNumber: "+919440012345", smsFallback: false });
    const choices = await noticeChannelsOf(database.db, [quiet.id], "reportReleased");
    expect(choices.get(quiet.id)).toEqual({ channels: ["email", "whatsapp"], smsFallback: false });
    expect(DEFAULT_NOTICE_CHANNELS.reportReleased).toEqual(["whatsapp", "email"]);
    const collected = await noticeChannelsOf(database.db, [quiet.id], "sampleCollected");
    expect(collected.get(quiet.id)?.channels).toEqual(["email"]);
  });

  it("reads each member's saved choice for the kind asked, leaves out ids that name no member, and answers an empty map for no ids", async () => {
    const chose = await member({ phoneNumber: "+919440012346" });
    const defaults = await member();
    await database.db.insert(noticePreferences).values([
      { customerId: chose.id, kind: "reportReleased", channels: ["sms"] },
      { customerId: chose.id, kind: "sampleRejected", channels: [] },
    ]);
    const released = await noticeChannelsOf(
      database.db,
      [chose.id, defaults.id, 2_000_000_000],
      "reportReleased",
    );
    expect(released.get(chose.id)).toEqual({ channels: ["sms"], smsFallback: true });
    expect(released.get(defaults.id)?.channels).toEqual(["email", "whatsapp"]);
    expect(released.has(2_000_000_000)).toBe(false);
    const rejected = await noticeChannelsOf(database.db, [chose.id], "sampleRejected");
    expect(rejected.get(chose.id)?.channels).toEqual([]);
    expect((await noticeChannelsOf(database.db, [], "reportReleased")).size).toBe(0);
  });

  it("choosingEmail keeps, in their order, the readers who take the kind by e-mail (everyone by default)", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await database.db
      .insert(noticePreferences)
      .values({ customerId: b.id, kind: "reportRevoked", channels: [] });
    const kept = await choosingEmail(database.db, [c, b, a], "reportRevoked");
    expect(kept.map((row) => row.id)).toEqual([c.id, a.id]);
    expect((await choosingEmail(database.db, [c, b, a], "reportReleased")).map((row) => row.id)).toEqual([
      c.id,
      b.id,
      a.id,
    ]);
  });
});

describe("savePreferences", () => {
  it("replaces every kind's row in one go, each channel once in one order, and sets the SMS fallback", async () => {
    const who = await member({ phoneNumber: "+919440012347" });
    await savePreferences(ctx, who.id, {
      channels: everyKind({ reportReleased: ["sms", "email", "sms"] }),
      smsFallback: true,
    });
    const saved = await savePreferences(ctx, who.id, {
      channels: everyKind({ reportReleased: ["whatsapp"], sampleCollected: [] }),
      smsFallback: false,
    });
    expect(saved.channels.reportReleased).toEqual(["whatsapp"]);
    expect(saved.channels.sampleCollected).toEqual([]);
    expect(saved.smsFallback).toBe(false);
    const rows = await database.db
      .select()
      .from(noticePreferences)
      .where(eq(noticePreferences.customerId, who.id));
    expect(rows).toHaveLength(6);
    expect(rows.find((row) => row.kind === "reportReleased")?.channels).toEqual(["whatsapp"]);
    const [stored] = await database.db.select().from(customers).where(eq(customers.id, who.id));
    expect(stored?.smsFallback).toBe(false);
    expect(await readPreferences(ctx, who.id)).toEqual(saved);
  });

  it("refuses SMS or WhatsApp without a phone number (422 naming the kind) and changes nothing", async () => {
    const who = await member();
    await savePreferences(ctx, who.id, {
      channels: everyKind({ reportReleased: ["email"], screeningFailed: ["email"] }),
      smsFallback: true,
    });
    const before = await database.db
      .select()
      .from(noticePreferences)
      .where(eq(noticePreferences.customerId, who.id));
    const refused = await savePreferences(ctx, who.id, {
      channels: everyKind({ reportReleased: [], screeningFailed: [], sampleRejected: ["email", "sms"] }),
      smsFallback: false,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 422,
      key: "noticePhoneMissing",
      field: "channels.sampleRejected",
    });
    const after = await database.db
      .select()
      .from(noticePreferences)
      .where(eq(noticePreferences.customerId, who.id));
    expect(after).toEqual(before);
    const [stored] = await database.db.select().from(customers).where(eq(customers.id, who.id));
    expect(stored?.smsFallback).toBe(true);
  });

  it("for a member with no e-mail address: reads the defaults less e-mail, and refuses e-mail (422 naming the kind)", async () => {
    const who = await member({ phoneNumber: "+919440012348", phoneOnly: true });
    const read = await readPreferences(ctx, who.id);
    expect(read.email).toBeNull();
    expect(read.channels.reportReleased).toEqual(["whatsapp"]);
    expect(read.channels.sampleCollected).toEqual([]);
    expect(await savePreferences(ctx, who.id, { channels: read.channels, smsFallback: true })).toEqual(read);
    const refused = await savePreferences(ctx, who.id, {
      channels: everyKind({
        sampleCollected: [],
        sampleRejected: [],
        reportReleased: ["sms"],
        screeningFailed: ["whatsapp"],
        reportRevoked: ["email"],
        invitation: [],
      }),
      smsFallback: true,
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 422,
      key: "noticeEmailMissing",
      field: "channels.reportRevoked",
    });
  });

  it("reads, for a member without a phone number, the defaults less WhatsApp, so what is read saves back", async () => {
    const who = await member();
    const read = await readPreferences(ctx, who.id);
    expect(read.channels.reportReleased).toEqual(["email"]);
    expect(read.phoneNumber).toBeNull();
    const saved = await savePreferences(ctx, who.id, {
      channels: read.channels,
      smsFallback: read.smsFallback,
    });
    expect(saved.channels).toEqual(read.channels);
  });
});
