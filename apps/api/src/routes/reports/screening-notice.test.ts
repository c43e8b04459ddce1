import type { LabSampleDetail, Lot, Notification } from "@lab/contracts";
import { customers, notifications, reports } from "@lab/db";
import { Client, type IMessage } from "@stomp/stompjs";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { translatorFor } from "@lab/i18n/node";

import { renderNotice } from "../../domain/notifications/notification-kinds";
import { DESTINATIONS } from "../../realtime/events";
import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { memberById } from "../../test/organisations";
import { completeWithReport, passingResult, signedInStaff, startTesting } from "../../test/lab";
import { submitSample, until } from "../../test/samples";

// A released pre-harvest screening that fails any market tells the organisation's members who see the
// sample at once: bell, push and mail, with what failed and how to retest.

let t: TestApp;
type Who = { id: number; token: string; email: string };
let farmer: Who;
let staff: { token: string };
let cropId: number;
/** Members written directly: who sees the sample, who reads Telugu, who has no proven address. */
const members = { telugu: 0, unproven: 0, ownScope: 0, billing: 0 };
const emails = { telugu: "", unproven: "", ownScope: "", billing: "" };
const client: { stomp?: Client } = {};

const as = (who: { token: string }, method: "get" | "post", path: string) =>
  request(t.app)[method](`/api${path}`).auth(who.token, { type: "bearer" });

async function newLot(): Promise<Lot> {
  return (await as(farmer, "post", `/crops/${cropId}/lots`).send({ expectedOn: "2026-05-01" }).expect(201))
    .body as Lot;
}

/** Takes a sample through testing to a released report that fails: WSSV detected. */
async function failWithReport(sampleId: number): Promise<number> {
  await startTesting(t, staff.token, sampleId);
  const detail = (await as(staff, "get", `/lab/samples/${sampleId}`).expect(200)).body as LabSampleDetail;
  const results = detail.panel.map((parameter) =>
    parameter.code === "WSSV" ? { code: "WSSV", qualifier: "detected" } : passingResult(parameter),
  );
  await as(staff, "post", `/lab/samples/${sampleId}/results`).send({ results }).expect(200);
  const reviewer = await signedInStaff(t, { roles: ["reviewer"], name: "Anil Kumar" });
  const released = await as(reviewer, "post", `/lab/samples/${sampleId}/release`).send({}).expect(201);
  return (released.body as { id: number }).id;
}

const screeningNotices = (sampleId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.sampleId, sampleId), eq(notifications.type, "screening_failed")));

beforeAll(async () => {
  t = await startTestApp({ realtime: { heartbeatMs: 300 } });
  farmer = await signedInCustomer(t, "Ravi Kumar");
  staff = await signedInStaff(t);
  const { organisationId } = await memberById(t.database.db, farmer.id);
  const member = async (
    key: keyof typeof members,
    values: Partial<typeof customers.$inferInsert>,
  ): Promise<void> => {
    const email = `${key}.${Date.now().toString(36)}@gmail.com`;
    const [row] = await t.database.db
      .insert(customers)
      .values({
        organisationId,
        email,
        fullName: `Member ${key}`,
        passwordHash: "x",
        memberRole: "full",
        memberScope: "all",
        emailVerifiedAt: new Date(),
        ...values,
      })
      .returning();
    if (!row) throw new Error("no member");
    members[key] = row.id;
    emails[key] = email;
  };
  await member("telugu", { memberRole: "results", language: "te", fullName: "Lakshmi Devi" });
  await member("unproven", { emailVerifiedAt: null });
  await member("ownScope", { memberScope: "own" });
  await member("billing", { memberRole: "billing" });
  const farm = (await as(farmer, "post", "/farms").send({ name: "Lakshmi Narasimha Aqua Farm" }).expect(201))
    .body as { id: number };
  const pond = (await as(farmer, "post", `/farms/${farm.id}/ponds`).send({ code: "N-4" }).expect(201))
    .body as { id: number };
  cropId = (
    (
      await as(farmer, "post", `/ponds/${pond.id}/crops`)
        .send({ species: "Tiger Shrimp", stockedOn: "2026-01-05", noTreatments: true })
        .expect(201)
    ).body as { id: number }
  ).id;
}, 60_000);
afterAll(async () => {
  await client.stomp?.deactivate();
  await t.close();
});

describe("the failed-screening notice", () => {
  it("a failed pre-harvest release tells each member who sees the sample once (bell, push, mail in their language) with the failed parameter, the markets and the retest link", async () => {
    // The submitter listens on the socket as the web app does.
    const stomp = new Client({
      webSocketFactory: () =>
        new WebSocket(`${t.baseUrl.replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"]),
      connectHeaders: { Authorization: `Bearer ${farmer.token}` },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
    });
    client.stomp = stomp;
    await new Promise<void>((resolve, reject) => {
      stomp.onConnect = () => resolve();
      stomp.onStompError = (frame) => reject(new Error(frame.headers["message"]));
      stomp.activate();
    });
    const pushed: Notification[] = [];
    await new Promise<void>((resolve) => {
      stomp.subscribe(DESTINATIONS.notifications(farmer.id), (message: IMessage) =>
        pushed.push(JSON.parse(message.body) as Notification),
      );
      stomp.watchForReceipt("ready", () => resolve());
      stomp.subscribe("/topic/system/shutdown", () => undefined, { receipt: "ready" });
    });

    const lot = await newLot();
    const sample = await submitSample(t.app, farmer, {
      lotId: lot.id,
      purpose: "pre_harvest",
      testTypes: ["Viral Disease Screening"],
    });
    const mailsBefore = t.smtp.mails.length;
    const reportId = await failWithReport(sample.id);
    const [report] = await t.database.db.select().from(reports).where(eq(reports.id, reportId));
    const failedMarkets = (report?.markets ?? []).filter((m) => m.verdict === "fail").map((m) => m.code);
    expect(failedMarkets.length).toBeGreaterThan(0);

    // Bell: one notice for each member who sees the sample; none for a colleague of scope own or billing.
    const rows = await screeningNotices(sample.id);
    expect(rows.map((row) => row.customerId).sort((a, b) => a - b)).toEqual(
      [farmer.id, members.telugu, members.unproven].sort((a, b) => a - b),
    );
    expect(rows[0]?.data).toMatchObject({
      notice: "screeningFailed",
      reportId,
      lotId: lot.id,
      lotCode: lot.code,
      markets: failedMarkets,
      parameters: [{ code: "WSSV", name: expect.stringContaining("WSSV") as unknown }],
    });
    const bell = (await as(farmer, "get", "/notifications").expect(200)).body as Notification[];
    const notice = bell.find((item) => item.type === "screening_failed" && item.sampleId === sample.id);
    expect(notice?.title).toBe("Pre-harvest Screening Failed");
    expect(notice?.message).toContain(
      `lot ${lot.code} (sample #${sample.id}) failed for ${failedMarkets.join(", ")}`,
    );
    expect(notice?.message).toContain("WSSV");
    expect(notice?.message).toContain("Submit a new sample of the same lot to retest.");

    // Push: the same notice reaches the open socket.
    await until(() => pushed.some((item) => item.type === "screening_failed" && item.sampleId === sample.id));

    // Mail: to each proven address among them, in its owner's language, with the retest link.
    const retest = `http://localhost:3000/submit-sample?lot=${lot.id}&purpose=pre_harvest`;
    await t.smtp.waitFor((mail) => mail.to.includes(farmer.email) && mail.subject.includes(lot.code));
    await t.smtp.waitFor((mail) => mail.to.includes(emails.telugu) && mail.subject.includes(lot.code));
    const screeningMails = t.smtp.mails.slice(mailsBefore).filter((mail) => mail.subject.includes(lot.code));
    const english = screeningMails.find((mail) => mail.to.includes(farmer.email));
    expect(english?.subject).toBe(`Pre-harvest screening of lot ${lot.code} failed`);
    expect(english?.text).toContain(`failed for ${failedMarkets.join(", ")}`);
    expect(english?.text).toContain("Outside a limit:");
    expect(english?.text).toContain("WSSV");
    expect(english?.text).toContain(retest);
    const telugu = screeningMails.find((mail) => mail.to.includes(emails.telugu));
    expect(telugu?.subject).toBe(`లాట్ ${lot.code} పట్టుబడికి ముందు పరీక్ష విఫలమైంది`);
    expect(telugu?.text).toContain("Lakshmi Devi");
    expect(telugu?.text).toContain("మళ్ళీ పరీక్షించడానికి అదే లాట్ నుండి కొత్త నమూనా పంపండి");
    expect(telugu?.text).toContain(retest);
    // Once each; nothing to the unproven address, the colleague of scope own or the billing member.
    expect(screeningMails.map((mail) => mail.to.join()).sort()).toEqual([farmer.email, emails.telugu].sort());
    // The Telugu member's bell reads in Telugu.
    const teluguRow = rows.find((row) => row.customerId === members.telugu);
    if (!teluguRow) throw new Error("no notice for the Telugu member");
    const inTelugu = renderNotice(teluguRow, translatorFor("te"));
    expect(inTelugu.title).toBe("పట్టుబడికి ముందు పరీక్ష విఫలమైంది");
    expect(inTelugu.message).toContain(`లాట్ ${lot.code} (నమూనా #${sample.id})`);
  });

  it("a passed pre-harvest screening, and a failed sample of another purpose on the same lot, tell nothing of screening", async () => {
    const lot = await newLot();
    const passed = await submitSample(t.app, farmer, { lotId: lot.id, purpose: "pre_harvest" });
    await completeWithReport(t, staff.token, passed.id);
    expect(await screeningNotices(passed.id)).toEqual([]);
    const monitoring = await submitSample(t.app, farmer, {
      lotId: lot.id,
      purpose: "monitoring",
      testTypes: ["Viral Disease Screening"],
    });
    await failWithReport(monitoring.id);
    expect(await screeningNotices(monitoring.id)).toEqual([]);
    expect(t.smtp.mails.some((mail) => mail.subject.includes(lot.code))).toBe(false);
  });
});
