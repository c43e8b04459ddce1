import type { NoticeChannel, PreferenceKind } from "@lab/contracts";
import { customers, noticePreferences, outboxMessages, type CustomerRow } from "@lab/db";
import { translatorFor } from "@lab/i18n/node";
import { asc, eq, inArray } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../domain/context";
import { insertNotifications } from "../domain/notifications/notifications";
import { completeWithReport, signedInStaff } from "../test/lab";
import { insertCustomerWithOrganisation } from "../test/organisations";
import { submitSample } from "../test/samples";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, uniqueEmail, type TestApp } from "../test/harness";
import { queueNoticeMessages } from "./notice-messages";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The fan-out is what is under test: the messages stay queued where the test can read them.
  await t.messages.stop();
});
afterAll(async () => {
  await t.close();
});

let phoneSeq = 0;
/** A distinct Indian mobile number per member, in E.164 as stored. */
const phone = () => `+9194401${String(Date.now() % 10_000).padStart(4, "0")}${String((phoneSeq += 1) % 10)}`;

/** A signed-in submitter with a phone, a language and their own organisation. */
async function submitter(language: string) {
  const who = await signedInCustomer(t);
  const phoneNumber = phone();
  await t.database.db.update(customers).set({ phoneNumber, language }).where(eq(customers.id, who.id));
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, who.id));
  if (!row) throw new Error("no submitter");
  return { ...who, row };
}

async function colleague(
  of: CustomerRow,
  values: Partial<
    Pick<CustomerRow, "memberRole" | "memberScope" | "language" | "phoneNumber" | "smsFallback">
  >,
): Promise<CustomerRow> {
  return insertCustomerWithOrganisation(t.database.db, {
    organisationId: of.organisationId,
    fullName: "Lakshmi Devi",
    email: uniqueEmail("colleague"),
    passwordHash: "x",
    memberRole: "full",
    memberScope: "all",
    ...values,
  });
}

const choose = (customerId: number, kind: PreferenceKind, channels: NoticeChannel[]) =>
  t.database.db.insert(noticePreferences).values({ customerId, kind, channels });

const messagesFor = (customerIds: number[]) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.customerId, customerIds))
    .orderBy(asc(outboxMessages.id));

describe("notice messages", () => {
  it("a released report: a WhatsApp message in each reader's language with the certificate's check link, both channels when both are chosen, none without a phone or about another's sample to a colleague of scope own", async () => {
    const owner = await submitter("te");
    await choose(owner.id, "reportReleased", ["whatsapp"]);
    // Defaults: WhatsApp and e-mail for a released report, SMS standing in.
    const hindi = await colleague(owner.row, { language: "hi", phoneNumber: phone() });
    const both = await colleague(owner.row, { language: "en", phoneNumber: phone(), smsFallback: false });
    await choose(both.id, "reportReleased", ["sms", "whatsapp"]);
    const noPhone = await colleague(owner.row, { language: "ta", phoneNumber: null });
    const ownScope = await colleague(owner.row, {
      memberRole: "results",
      memberScope: "own",
      phoneNumber: phone(),
    });
    await choose(ownScope.id, "reportReleased", ["whatsapp", "sms"]);
    const mailOnly = await colleague(owner.row, { phoneNumber: phone() });
    await choose(mailOnly.id, "reportReleased", ["email"]);

    const sample = await submitSample(t.app, owner);
    const staff = await signedInStaff(t);
    const report = await completeWithReport(t, staff.token, sample.id);
    const certification = report.details.certification;
    expect(certification).toMatch(/^NSP-CERT-/);
    const link = `http://localhost:3000/verify/${certification}`;

    const queued = (
      await messagesFor([owner.id, hindi.id, both.id, noPhone.id, ownScope.id, mailOnly.id])
    ).filter((message) => message.kind === "reportReleased");
    expect(
      queued.map((m) => ({
        customerId: m.customerId,
        channel: m.channel,
        to: m.recipient,
        language: m.language,
        template: m.template,
        sampleId: m.sampleId,
        variables: m.variables,
        smsFallback: m.smsFallback,
        status: m.status,
      })),
    ).toEqual(
      [
        { who: owner.row, channel: "whatsapp", smsFallback: true },
        { who: hindi, channel: "whatsapp", smsFallback: true },
        { who: both, channel: "sms", smsFallback: false },
        { who: both, channel: "whatsapp", smsFallback: false },
      ].map(({ who, channel, smsFallback }) => ({
        customerId: who.id,
        channel,
        to: who.phoneNumber,
        language: who.language,
        template: "reportReleased",
        sampleId: sample.id,
        variables: { sample: `#${String(sample.id)}`, link },
        smsFallback,
        status: "queued",
      })),
    );
  });

  it("a sample collected by staff reaches a member who chose SMS for it, in their language, and no one on the defaults (e-mail only)", async () => {
    const owner = await submitter("ml");
    await choose(owner.id, "sampleCollected", ["sms"]);
    const onDefaults = await colleague(owner.row, { phoneNumber: phone() });
    const sample = await submitSample(t.app, owner);
    const staff = await signedInStaff(t);
    const lab = (path: string, body: object) =>
      request(t.app).post(`/api/lab${path}`).auth(staff.token, { type: "bearer" }).send(body);
    const agent = await lab("/agents", { name: "Suresh", phone: "9000000082" });
    await lab(`/samples/${String(sample.id)}/assign`, { agentId: agent.body.id }).expect(200);
    await lab(`/samples/${String(sample.id)}/status`, { status: "COLLECTED" }).expect(200);

    const queued = await messagesFor([owner.id, onDefaults.id]);
    expect(queued.map((m) => [m.customerId, m.channel, m.template, m.language, m.variables])).toEqual([
      [owner.id, "sms", "sampleCollected", "ml", { sample: `#${String(sample.id)}` }],
    ]);
  });

  it("a rejected sample's message gives the first reason, in the reader's words, and the commit wakes the sender", async () => {
    const owner = await submitter("te");
    await choose(owner.id, "sampleRejected", ["whatsapp"]);
    const sample = await submitSample(t.app, owner);
    const woken: string[] = [];
    const ctx = createDomainContext({
      db: t.database.db,
      jwtSecret: TEST_JWT_SECRET,
      messagesQueued: () => void woken.push("messagesQueued"),
    });
    const queued = await ctx.unitOfWork(async (tx, effects) => {
      const notices = await insertNotifications(tx, [
        {
          sampleId: sample.id,
          type: "sample_rejected",
          data: { notice: "sampleRejected", reasons: ["seal_broken", "container_leaking"] },
          createdAt: new Date(),
        },
      ]);
      const rows = await queueNoticeMessages(tx, effects, notices, ctx.publicUrl);
      expect(woken).toEqual([]);
      return rows;
    });
    expect(woken).toEqual(["messagesQueued"]);
    expect(queued.map((m) => [m.customerId, m.channel, m.language, m.variables])).toEqual([
      [
        owner.id,
        "whatsapp",
        "te",
        {
          sample: `#${String(sample.id)}`,
          reason: translatorFor("te").t("domain.rejectionReason.seal_broken"),
        },
      ],
    ]);
    expect(queued[0]?.variables["reason"]).not.toBe("Seal broken or missing");
  });

  it("a notice no member takes by phone queues nothing and wakes no sender", async () => {
    const owner = await submitter("en");
    const sample = await submitSample(t.app, owner);
    const woken: string[] = [];
    const ctx = createDomainContext({
      db: t.database.db,
      jwtSecret: TEST_JWT_SECRET,
      messagesQueued: () => void woken.push("messagesQueued"),
    });
    // Revoked reports reach members by e-mail unless they chose otherwise; testing started is no message.
    const queued = await ctx.unitOfWork(async (tx, effects) => {
      const notices = await insertNotifications(tx, [
        {
          sampleId: sample.id,
          type: "report_revoked",
          data: { notice: "reportRevoked" },
          createdAt: new Date(),
        },
        {
          sampleId: sample.id,
          type: "sample_status_change",
          data: { notice: "testingStarted", stage: "testing" },
          createdAt: new Date(),
        },
      ]);
      return queueNoticeMessages(tx, effects, notices);
    });
    expect(queued).toEqual([]);
    expect(woken).toEqual([]);
  });
});
