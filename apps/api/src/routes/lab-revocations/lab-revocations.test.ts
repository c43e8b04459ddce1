import {
  labSampleDetailSchema,
  messages,
  reportSchema,
  revocationRequestSchema,
  type Notification,
  type RevocationRequest,
} from "@lab/contracts";
import { notifications, outboxMail, reports, revocationRequests, sampleEvents } from "@lab/db";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { REVOCATION_ACTIONS_PER_HOUR } from "../../domain/reports/revocations";
import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { completeWithReport, labSample, signedInStaff } from "../../test/lab";
import { askRevocation } from "../../test/revocations";
import { submitSample } from "../../test/samples";

// Withdrawing a certificate takes two people by default: a reviewer or admin asks, a different one
// confirms. The internal note stays with staff.

let t: TestApp;
type Who = { id: number; token: string };
let customer: Who;
let analyst: Who;
let reviewer: Who;
let second: Who;
let third: Who;
let admin: Who;

const NOTE = "Tube 14 swapped with tube 41 at the bench: internal only";

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  analyst = await signedInStaff(t, { roles: ["analyst"], name: "Meena Analyst" });
  reviewer = await signedInStaff(t, { roles: ["reviewer"], name: "Vikram Reviewer" });
  second = await signedInStaff(t, { roles: ["reviewer"], name: "Lakshmi Reviewer" });
  third = await signedInStaff(t, { roles: ["reviewer"], name: "Ramesh Reviewer" });
  admin = await signedInStaff(t, { roles: ["admin"], name: "Lab Admin" });
});
afterAll(async () => {
  await t.close();
});

const post = (who: Who, path: string, body: object = {}) =>
  request(t.app).post(`/api/lab${path}`).auth(who.token, { type: "bearer" }).send(body);
const ask = (who: Who, reportId: number, body: object = { reasonCode: "sample_mislabelled", note: NOTE }) =>
  post(who, `/reports/${reportId}/revoke`, body);
const confirm = (who: Who, requestId: number) => post(who, `/revocations/${requestId}/confirm`);
const cancel = (who: Who, requestId: number) => post(who, `/revocations/${requestId}/cancel`);

/** A fresh issued report of the customer's. */
async function issued() {
  const sample = await submitSample(t.app, customer, {});
  const report = await completeWithReport(t, analyst.token, sample.id);
  return { sampleId: sample.id, reportId: report.id, certification: report.details.certification };
}
const customerReport = async (reportId: number) =>
  reportSchema.parse(
    (
      await request(t.app)
        .get(`/api/reports/${reportId}`)
        .auth(customer.token, { type: "bearer" })
        .expect(200)
    ).body,
  );
const revokedNotices = (sampleId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.sampleId, sampleId), eq(notifications.type, "report_revoked")));

describe("who may revoke", () => {
  it("POST /lab/reports/{id}/revoke: an analyst alone gets 403 forbidden and nothing is asked", async () => {
    const { reportId } = await issued();
    const res = await ask(analyst, reportId).expect(403);
    expect(res.body).toMatchObject({ code: "forbidden", error: messages.revokeRoleRequired });
    expect(
      await t.database.db.select().from(revocationRequests).where(eq(revocationRequests.reportId, reportId)),
    ).toEqual([]);
    expect((await customerReport(reportId)).status).toBe("valid");
  });

  it("an analyst cannot confirm or cancel a request either (403 forbidden)", async () => {
    const { reportId } = await issued();
    const asked = (await ask(reviewer, reportId).expect(202)).body as RevocationRequest;
    expect((await confirm(analyst, asked.id).expect(403)).body.code).toBe("forbidden");
    expect((await cancel(analyst, asked.id).expect(403)).body.code).toBe("forbidden");
    await cancel(reviewer, asked.id).expect(200);
  });
});

describe("two people: one asks, a different one confirms", () => {
  it("a reviewer's ask answers 202 with the open request; the report, its certificate and the customer's view stay valid", async () => {
    const { reportId, sampleId, certification } = await issued();
    const res = await ask(reviewer, reportId).expect(202);
    const asked = revocationRequestSchema.parse(res.body);
    expect(asked).toMatchObject({
      reportId,
      sampleId,
      certification,
      reasonCode: "sample_mislabelled",
      note: NOTE,
      requestedBy: { id: reviewer.id, name: "Vikram Reviewer" },
      outcome: null,
      decidedBy: null,
    });
    expect((await customerReport(reportId)).status).toBe("valid");
    expect(await revokedNotices(sampleId)).toEqual([]);
    const open = await request(t.app)
      .get(`/api/lab/revocations?sampleId=${sampleId}`)
      .auth(second.token, { type: "bearer" })
      .expect(200);
    expect(open.body).toEqual([asked]);
    await cancel(reviewer, asked.id).expect(200);
  });

  it("the requester cannot confirm their own request (403 same_person); the report stays valid", async () => {
    const { reportId } = await issued();
    const asked = (await ask(reviewer, reportId).expect(202)).body as RevocationRequest;
    const res = await confirm(reviewer, asked.id).expect(403);
    expect(res.body).toMatchObject({ code: "same_person", error: messages.revocationSamePerson });
    expect((await customerReport(reportId)).status).toBe("valid");
    await cancel(second, asked.id).expect(200);
  });

  it("a second reviewer confirms: revoked as before, both people recorded, the customer notified and mailed once, without the note", async () => {
    const { reportId, sampleId, certification } = await issued();
    const asked = (await ask(reviewer, reportId).expect(202)).body as RevocationRequest;
    const confirmed = (await confirm(second, asked.id).expect(200)).body as RevocationRequest;
    expect(confirmed).toMatchObject({
      outcome: "confirmed",
      decidedBy: { id: second.id, name: "Lakshmi Reviewer" },
    });
    expect((await confirm(third, asked.id).expect(409)).body.error).toBe(messages.revocationRequestClosed);

    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row).toMatchObject({
      status: "revoked",
      revokedReasonCode: "sample_mislabelled",
      revokedReason: NOTE,
      revokedBy: reviewer.id,
      revocationConfirmedBy: second.id,
    });
    const [event] = await t.database.db
      .select()
      .from(sampleEvents)
      .where(and(eq(sampleEvents.sampleId, sampleId), eq(sampleEvents.kind, "revoked")));
    expect(event?.note).toBe(
      "Report revoked: The sample was mislabelled or mixed up (asked by Vikram Reviewer, confirmed by Lakshmi Reviewer)",
    );
    expect(event?.actor).toBe(`staff:${second.id}`);

    // The customer reads the reason's wording and its code, never the note.
    const report = await customerReport(reportId);
    expect(report).toMatchObject({
      status: "revoked",
      revokedReason: "The sample was mislabelled or mixed up",
      revokedReasonCode: "sample_mislabelled",
    });
    expect(JSON.stringify(report)).not.toContain("Tube 14");
    const list = await request(t.app)
      .get("/api/reports")
      .auth(customer.token, { type: "bearer" })
      .expect(200);
    expect(JSON.stringify(list.body)).not.toContain("Tube 14");
    const events = await request(t.app)
      .get(`/api/sample-submissions/${sampleId}/events`)
      .auth(customer.token, { type: "bearer" })
      .expect(200);
    expect(JSON.stringify(events.body)).not.toContain("Tube 14");
    expect(await revokedNotices(sampleId)).toHaveLength(1);
    const bell = await request(t.app)
      .get("/api/notifications")
      .auth(customer.token, { type: "bearer" })
      .expect(200);
    expect(JSON.stringify(bell.body)).not.toContain("Tube 14");
    const notice = (bell.body as Notification[]).find(
      (one) => one.type === "report_revoked" && one.sampleId === sampleId,
    );
    expect(notice?.message).toBe(
      `The report for sample #${sampleId} (${certification}) was revoked: The sample was mislabelled or mixed up`,
    );
    const mail = await t.smtp.waitFor((m) => m.subject.includes(`sample #${sampleId} was revoked`));
    expect(mail.raw).toContain("The sample was mislabelled or mixed up");
    expect(mail.raw).not.toContain("Tube 14");
    const queued = await t.database.db.select().from(outboxMail);
    expect(queued.filter((one) => one.subject.includes(`sample #${sampleId} was revoked`))).toHaveLength(1);
    if (certification) {
      const certificate = await request(t.app).get(`/api/certificates/${certification}`).expect(200);
      expect(certificate.body.status).toBe("revoked");
      expect(JSON.stringify(certificate.body)).not.toContain("Tube 14");
    }

    // Staff read both: the reason and the note, and who asked and confirmed.
    const detail = labSampleDetailSchema.parse(await labSample(t, second.token, sampleId));
    expect(detail.reports.find((one) => one.id === reportId)).toMatchObject({
      revokedReasonCode: "sample_mislabelled",
      revocationNote: NOTE,
      revokedBy: reviewer.id,
      revocationConfirmedBy: second.id,
    });
    // The revocation opened the replacement round, as it always did.
    expect(detail.analysis).toMatchObject({ round: 2, state: "awaiting_results" });
  });

  it("either person cancels: the report stands, no one is told, and a new request may follow", async () => {
    const { reportId, sampleId } = await issued();
    const first = (await ask(reviewer, reportId).expect(202)).body as RevocationRequest;
    expect((await cancel(reviewer, first.id).expect(200)).body).toMatchObject({
      outcome: "cancelled",
      decidedBy: { id: reviewer.id },
    });
    expect((await confirm(second, first.id).expect(409)).body.error).toBe(messages.revocationRequestClosed);
    const again = (await ask(reviewer, reportId).expect(202)).body as RevocationRequest;
    expect((await cancel(admin, again.id).expect(200)).body).toMatchObject({
      outcome: "cancelled",
      decidedBy: { id: admin.id },
    });
    expect((await customerReport(reportId)).status).toBe("valid");
    expect(await revokedNotices(sampleId)).toEqual([]);
    const open = await request(t.app)
      .get(`/api/lab/revocations?sampleId=${sampleId}`)
      .auth(reviewer.token, { type: "bearer" })
      .expect(200);
    expect(open.body).toEqual([]);
  });

  it("one open request per report: a second ask is 409, by anyone", async () => {
    const { reportId } = await issued();
    const asked = (await ask(reviewer, reportId).expect(202)).body as RevocationRequest;
    for (const who of [reviewer, second]) {
      const res = await ask(who, reportId, { reasonCode: "result_error" }).expect(409);
      expect(res.body.error).toBe(messages.revocationAlreadyRequested);
    }
    await cancel(reviewer, asked.id).expect(200);
  });

  it("two confirmations at once: exactly one revokes, the other is 409; one notice, one event", async () => {
    const { reportId, sampleId } = await issued();
    const asked = (await ask(reviewer, reportId).expect(202)).body as RevocationRequest;
    const answers = await Promise.all([confirm(second, asked.id), confirm(third, asked.id)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await revokedNotices(sampleId)).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(sampleEvents)
      .where(and(eq(sampleEvents.sampleId, sampleId), eq(sampleEvents.kind, "revoked")));
    expect(events).toHaveLength(1);
    expect((await customerReport(reportId)).status).toBe("revoked");
    expect((await ask(reviewer, reportId).expect(409)).body.error).toBe(messages.reportAlreadyRevoked);
  });
});

describe("the request body", () => {
  it("answers 400 for an unknown, a missing or a free-text reason and an overlong note; nothing is asked", async () => {
    const { reportId } = await issued();
    const unknown = await ask(reviewer, reportId, { reasonCode: "bored" }).expect(400);
    expect(unknown.body).toMatchObject({
      code: "validation_failed",
      error: messages.revokeReasonUnknown,
      field: "reasonCode",
    });
    expect((await ask(reviewer, reportId, {}).expect(400)).body.error).toBe(messages.revokeReasonRequired);
    expect((await ask(reviewer, reportId, { reason: "Wrong pond" }).expect(400)).body.error).toBe(
      messages.revokeReasonRequired,
    );
    const long = await ask(reviewer, reportId, { reasonCode: "other", note: "x".repeat(1001) }).expect(400);
    expect(long.body.field).toBe("note");
    expect(
      await t.database.db.select().from(revocationRequests).where(eq(revocationRequests.reportId, reportId)),
    ).toEqual([]);
  });

  it("answers 404 for an unknown report or request", async () => {
    expect((await ask(reviewer, 2_000_000_000).expect(404)).body.error).toBe(messages.reportNotFound);
    expect((await confirm(second, 2_000_000_000).expect(404)).body.error).toBe(
      messages.revocationRequestNotFound,
    );
    expect((await cancel(second, 0).expect(404)).body.error).toBe(messages.revocationRequestNotFound);
  });

  it("refuses a customer's token (403)", async () => {
    const { reportId } = await issued();
    await request(t.app)
      .post(`/api/lab/reports/${reportId}/revoke`)
      .auth(customer.token, { type: "bearer" })
      .send({ reasonCode: "other" })
      .expect(403);
  });
});

describe("rate limit", () => {
  // Its own app, with the limits on.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimit: true });
  });
  afterAll(async () => {
    await limited.close();
  });

  it(`allows ${REVOCATION_ACTIONS_PER_HOUR} revocation actions per staff member an hour, then 429 with Retry-After`, async () => {
    const bench = await signedInStaff(limited, { roles: ["analyst"], name: "Bench Analyst" });
    const one = await signedInStaff(limited, { roles: ["reviewer"], name: "Busy Reviewer" });
    const other = await signedInStaff(limited, { roles: ["reviewer"], name: "Calm Reviewer" });
    const sample = await submitSample(limited.app, await signedInCustomer(limited), {});
    const report = await completeWithReport(limited, bench.token, sample.id);
    const asked = await askRevocation(limited, one, report.id);
    const act = (who: Who, path: string) =>
      request(limited.app).post(`/api/lab${path}`).auth(who.token, { type: "bearer" }).send({});
    // Refused actions count too: guessing ids is no way around the limit.
    for (let i = 1; i < REVOCATION_ACTIONS_PER_HOUR; i += 1) {
      await act(one, `/revocations/${asked.id}/confirm`).expect(403);
    }
    const over = await act(one, `/revocations/${asked.id}/cancel`).expect(429);
    expect(over.body.code).toBe("rate_limited");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    const [row] = await limited.database.db.select().from(reports).where(eq(reports.id, report.id));
    expect(row?.status).toBe("valid");
    // Another staff member is not held back by the first one's count.
    await act(other, `/revocations/${asked.id}/confirm`).expect(200);
  }, 60_000);
});
