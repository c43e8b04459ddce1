import { messages, resultMessages, type LabSampleDetail, type Report, type Sample } from "@lab/contracts";
import { notifications, sampleEvents } from "@lab/db";
import { asc, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { passingResult, signedInStaff } from "../../test/lab";
import { pdfPages } from "../../test/pdf-text";
import { submitSample } from "../../test/samples";

let t: TestApp;
type Who = { id: number; token: string };
let customer: Who;
let other: Who;
let staff: Who;
let releaser: Who;
let agentA: number;
let agentB: number;
beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  other = await signedInCustomer(t, "Other Farm");
  staff = await signedInStaff(t);
  releaser = await signedInStaff(t, { roles: ["reviewer"], name: "Anil Kumar" });
  agentA = (
    await lab("post", "/agents").send({
      name: "Suresh",
      phone: "9000000011",
      coordinates: { lat: 16.5, lng: 81.5 },
    })
  ).body.id;
  agentB = (await lab("post", "/agents").send({ name: "Kiran", phone: "9000000012" })).body.id;
});
afterAll(async () => {
  await t.close();
});

function lab(method: "get" | "post" | "put", path: string) {
  return request(t.app)[method](`/api/lab${path}`).auth(staff.token, { type: "bearer" });
}
const newSample = (
  who: Who = customer,
  testTypes = ["Viral Disease Screening", "Allergen Testing"],
): Promise<Sample> => submitSample(t.app, who, { samplerName: "Srinu Farms", testTypes });
/**
 * Issues the report of a sample under test the way the lab does: `staff` enters a result for every
 * parameter of its panel (WSSV detected when it should fail), a second staff member releases.
 */
async function issue(sample: Sample, verdict: "pass" | "fail" = "pass") {
  const detail = (await lab("get", `/samples/${sample.id}`).expect(200)).body as LabSampleDetail;
  const results = detail.panel.map((parameter) =>
    verdict === "fail" && parameter.code === "WSSV"
      ? { code: "WSSV", qualifier: "detected" }
      : passingResult(parameter),
  );
  await lab("post", `/samples/${sample.id}/results`).send({ results }).expect(200);
  return request(t.app)
    .post(`/api/lab/samples/${sample.id}/release`)
    .auth(releaser.token, { type: "bearer" })
    .send({ note: "Fit for export." });
}
async function toTesting(sample: Sample) {
  await lab("post", `/samples/${sample.id}/assign`).send({ agentId: agentA }).expect(200);
  await lab("post", `/samples/${sample.id}/status`).send({ status: "COLLECTED" }).expect(200);
  await lab("post", `/samples/${sample.id}/status`).send({ status: "PROCESSING" }).expect(200);
}
const latestNotification = async (sampleId: number) => {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.sampleId, sampleId))
    .orderBy(asc(notifications.id));
  return rows[rows.length - 1];
};

describe("the sample state machine", () => {
  it("walks PENDING → COLLECTING → (agent changed) → COLLECTED → TESTING → COMPLETED with events and notifications", async () => {
    const sample = await newSample();
    const assigned = await lab("post", `/samples/${sample.id}/assign`).send({ agentId: agentA });
    expect(assigned.body).toMatchObject({ status: "COLLECTING", assigned: "Suresh-+919000000011" });
    expect(await latestNotification(sample.id)).toMatchObject({
      type: "sample_assigned",
      data: { stage: "agent-assigned", agent: "Suresh" },
    });

    const changed = await lab("post", `/samples/${sample.id}/assign`).send({ agentId: agentB });
    expect(changed.body).toMatchObject({ status: "COLLECTING", assigned: "Kiran-+919000000012" });
    expect(await latestNotification(sample.id)).toMatchObject({
      type: "sample_agent_changed",
      data: { agent: "Kiran" },
    });

    await lab("post", `/samples/${sample.id}/status`).send({ status: "COLLECTED" }).expect(200);
    const eta = "2026-12-01T10:00:00.000Z";
    const testing = await lab("post", `/samples/${sample.id}/status`).send({
      status: "TESTING",
      testingEta: eta,
    });
    expect(testing.body).toMatchObject({ status: "TESTING", testingEta: eta });
    expect(await latestNotification(sample.id)).toMatchObject({
      type: "sample_status_change",
      data: { stage: "testing" },
    });

    const report = await issue(sample);
    expect(report.status).toBe(201);
    expect(await latestNotification(sample.id)).toMatchObject({
      type: "sample_completed",
      data: { stage: "completed" },
    });
    const own = await request(t.app)
      .get(`/api/sample-submissions/${sample.id}`)
      .auth(customer.token, { type: "bearer" });
    expect(own.body.status).toBe("COMPLETED");

    const events = await t.database.db
      .select()
      .from(sampleEvents)
      .where(eq(sampleEvents.sampleId, sample.id))
      .orderBy(asc(sampleEvents.id));
    expect(events.map((e) => `${e.fromStatus ?? "-"}>${e.toStatus}`)).toEqual([
      "->PENDING",
      "PENDING>COLLECTING",
      "COLLECTING>COLLECTING",
      "COLLECTING>COLLECTED",
      "COLLECTED>TESTING",
      "TESTING>TESTING",
      "TESTING>COMPLETED",
    ]);
    expect(events.map((e) => e.kind)).toEqual(["move", "move", "move", "move", "move", "results", "move"]);
    expect(events.slice(1, -1).every((e) => e.actor === `staff:${staff.id}`)).toBe(true);
    expect(events.at(-1)?.actor).toBe(`staff:${releaser.id}`);

    const detail = await lab("get", `/samples/${sample.id}`);
    expect(detail.body).toMatchObject({
      sample: { id: sample.id, customerName: "Ravi Kumar", agentId: agentB },
      report: { sampleId: sample.id },
    });
    expect(detail.body.events).toHaveLength(7);
    expect((await lab("get", "/samples/999999")).status).toBe(404);
  });

  it("unassigns back to PENDING and clears the agent", async () => {
    const sample = await newSample();
    await lab("post", `/samples/${sample.id}/assign`).send({ agentId: agentA }).expect(200);
    const back = await lab("post", `/samples/${sample.id}/unassign`);
    expect(back.body).toMatchObject({ status: "PENDING", assigned: "" });
    expect(await latestNotification(sample.id)).toMatchObject({ type: "sample_unassigned" });
  });

  it.each([
    ["PENDING", "/unassign", {}, "Cannot move sample from PENDING to PENDING"],
    ["PENDING", "/status", { status: "COLLECTED" }, "Cannot move sample from PENDING to COLLECTED"],
    ["PENDING", "/status", { status: "TESTING" }, "Cannot move sample from PENDING to TESTING"],
    ["PENDING", "/status", { status: "COMPLETED" }, "Cannot move sample from PENDING to COMPLETED"],
    [
      "PENDING",
      "/results",
      { results: [{ code: "WSSV", qualifier: "detected" }] },
      resultMessages.resultsNotTesting,
    ],
    ["COLLECTING", "/status", { status: "TESTING" }, "Cannot move sample from COLLECTING to TESTING"],
    ["COLLECTING", "/assign", { agentId: -1 }, "Cannot move sample from COLLECTING to COLLECTING"],
  ])(
    "refuses from %s the move %s %o with 409 and the 'Cannot move sample' message",
    async (state, path, body, message) => {
      const sample = await newSample();
      if (state === "COLLECTING")
        await lab("post", `/samples/${sample.id}/assign`).send({ agentId: agentA }).expect(200);
      const payload = "agentId" in body ? { agentId: agentA } : body;
      const res = await lab("post", `/samples/${sample.id}${path}`).send(payload);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(message);
    },
  );

  it("refuses an inactive or unknown agent and an unknown sample", async () => {
    const sample = await newSample();
    await lab("put", `/agents/${agentB}`)
      .send({ name: "Kiran", phone: "9000000012", active: false })
      .expect(200);
    expect((await lab("post", `/samples/${sample.id}/assign`).send({ agentId: agentB })).body.error).toBe(
      messages.agentInactive,
    );
    await lab("put", `/agents/${agentB}`)
      .send({ name: "Kiran", phone: "9000000012", active: true })
      .expect(200);
    expect((await lab("post", `/samples/${sample.id}/assign`).send({ agentId: 99999 })).status).toBe(404);
    expect((await lab("post", "/samples/99999/unassign")).status).toBe(404);
  });

  it("lists every customer's samples for staff, with the unassigned queue oldest first", async () => {
    const mine = await newSample(customer);
    const theirs = await newSample(other);
    const queue = await lab("get", "/samples?unassigned=true&size=100");
    const ids = queue.body.items.map((s: Sample) => s.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(ids.indexOf(mine.id)).toBeLessThan(ids.indexOf(theirs.id));
    expect(queue.body.items.every((s: Sample) => s.status === "PENDING")).toBe(true);
    expect(queue.body.items[0]).toHaveProperty("customerName");
  });
});

describe("reports", () => {
  it("issues a successful report with a certification number the customer and the public can read", async () => {
    const sample = await newSample();
    await toTesting(sample);
    const issued = await issue(sample);
    expect(issued.status).toBe(201);
    const report = issued.body as Report;
    expect(report.result).toBe("success");
    expect(report.details.certification).toMatch(/^NSP-CERT-\d{4}-\d{3,}$/);
    expect(report.tests.map((test) => test.testType)).toEqual([
      "Viral Disease Screening",
      "Allergen Testing",
    ]);

    const mine = await request(t.app)
      .get(`/api/reports/${report.id}`)
      .auth(customer.token, { type: "bearer" });
    expect(mine.body).toMatchObject({
      id: report.id,
      userId: customer.id,
      details: { finalReview: "LAB ✓" },
      markets: [{ code: "LAB", verdict: "pass" }],
      analyst: { name: "Dr. Priya Nair" },
      reviewer: { name: "Anil Kumar" },
    });
    expect(
      (await request(t.app).get(`/api/reports/${report.id}`).auth(other.token, { type: "bearer" })).status,
    ).toBe(404);
    const list = await request(t.app).get("/api/reports").auth(customer.token, { type: "bearer" });
    expect(list.body.some((r: Report) => r.id === report.id)).toBe(true);

    const number = report.details.certification ?? "";
    const certificate = await request(t.app)
      .get(`/api/certificates/${number}`)
      .query({ code: report.checkCode ?? "" });
    expect(certificate.body).toMatchObject({
      detail: "full",
      number,
      result: "success",
      status: "valid",
      shrimpCategory: "Tiger Shrimp",
    });
    expect(JSON.stringify(certificate.body)).not.toMatch(/Ravi|Srinu|9848022338|Bhimavaram/);
    expect((await request(t.app).get("/api/certificates/NSP-CERT-1999-999")).status).toBe(404);
    const pdf = await request(t.app)
      .get(`/api/reports/${report.id}/pdf`)
      .auth(customer.token, { type: "bearer" })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(
      `attachment; filename="${report.details.certification}.pdf"`,
    );
    expect((pdf.body as Buffer).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The text as a reader extracts it (pdfkit compresses its content streams).
    const text = (await pdfPages(pdf.body as Buffer)).join("\n");
    for (const needle of [
      "Certificate of Analysis",
      `Certification No.: ${report.details.certification}`,
      `/verify/${report.details.certification}`,
    ]) {
      expect(text).toContain(needle);
    }
    expect(
      (await request(t.app).get(`/api/reports/${report.id}/pdf`).auth(other.token, { type: "bearer" }))
        .status,
    ).toBe(404);

    const mail = await t.smtp.waitFor((m) => m.subject.includes(`sample #${sample.id} is ready`));
    expect(mail.raw).toContain(number);

    // Two people: one asks (the report still stands), a second reviewer confirms.
    const asked = await lab("post", `/reports/${report.id}/revoke`)
      .send({ reasonCode: "sample_mislabelled", note: "Mislabelled container" })
      .expect(202);
    expect((await lab("get", `/samples/${sample.id}`)).body.report).toMatchObject({ status: "valid" });
    await request(t.app)
      .post(`/api/lab/revocations/${asked.body.id}/confirm`)
      .auth(releaser.token, { type: "bearer" })
      .expect(200);
    const revoked = await lab("get", `/samples/${sample.id}`);
    expect(revoked.body.report).toMatchObject({
      status: "revoked",
      revokedReason: "The sample was mislabelled or mixed up",
      revocationNote: "Mislabelled container",
    });
    expect((await request(t.app).get(`/api/certificates/${number}`)).body).toMatchObject({
      detail: "summary",
      status: "revoked",
    });
    expect(await latestNotification(sample.id)).toMatchObject({ type: "report_revoked" });
    expect(
      (await lab("post", `/reports/${report.id}/revoke`).send({ reasonCode: "other", note: "again" })).status,
    ).toBe(409);
    expect((await lab("post", `/reports/${report.id}/revoke`).send({})).body.error).toBe(
      messages.revokeReasonRequired,
    );
  });

  it("gives a failed result no certification number; its PDF is a Test Report, named so", async () => {
    const sample = await newSample();
    await toTesting(sample);
    const issued = await issue(sample, "fail");
    expect(issued.body).toMatchObject({ result: "failure", details: { certification: null } });
    const id = (issued.body as Report).id;
    const pdf = await request(t.app)
      .get(`/api/reports/${id}/pdf`)
      .auth(customer.token, { type: "bearer" })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="test-report-R-${id}.pdf"`);
    const text = (await pdfPages(pdf.body as Buffer)).join("\n");
    expect(text).toContain("Test Report");
    expect(text).toContain(`Report No.: R-${id}`);
    expect(text).not.toContain("Certificate of Analysis");
  });

  it("gives 50 reports issued at once 50 distinct certification numbers", async () => {
    const batch = await Promise.all(
      Array.from({ length: 50 }, () => newSample(customer, ["Viral Disease Screening", "Allergen Testing"])),
    );
    for (const sample of batch) await toTesting(sample);
    const issued = await Promise.all(batch.map((sample) => issue(sample)));
    expect(issued.every((res) => res.status === 201)).toBe(true);
    const numbers = issued.map((res) => (res.body as Report).details.certification);
    expect(new Set(numbers).size).toBe(50);
  }, 60_000);
});

describe("sample timelines say who did what, by name", () => {
  it("names the staff member, the customer and the agent; an agent change and unassign are notes, not raw ids", async () => {
    const sample = await newSample();
    await lab("post", `/samples/${sample.id}/assign`).send({ agentId: agentA }).expect(200);
    await lab("post", `/samples/${sample.id}/assign`).send({ agentId: agentB }).expect(200);
    await lab("post", `/samples/${sample.id}/unassign`).expect(200);
    const detail = await lab("get", `/samples/${sample.id}`).expect(200);
    const events = (
      detail.body as { events: { from: string | null; to: string; by: string; note: string | null }[] }
    ).events;
    expect(events.map((event) => [event.from, event.to, event.by, event.note])).toEqual([
      [null, "PENDING", "Ravi Kumar", null],
      ["PENDING", "COLLECTING", "Dr. Priya Nair", "Agent assigned: Suresh (+91 90000 00011)"],
      ["COLLECTING", "COLLECTING", "Dr. Priya Nair", "Agent changed to: Kiran (+91 90000 00012)"],
      ["COLLECTING", "PENDING", "Dr. Priya Nair", "Agent unassigned: Kiran"],
    ]);
    const own = await request(t.app)
      .get(`/api/sample-submissions/${sample.id}/events`)
      .auth(customer.token, { type: "bearer" })
      .expect(200);
    expect((own.body as { by: string }[]).map((event) => event.by)).toEqual([
      "Ravi Kumar",
      "Dr. Priya Nair",
      "Dr. Priya Nair",
      "Dr. Priya Nair",
    ]);
  });
});
