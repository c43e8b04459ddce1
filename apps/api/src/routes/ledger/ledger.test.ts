import { messages, type Sample } from "@lab/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { submitSample } from "../../test/samples";
import { completeWithReport, signedInStaff } from "../../test/lab";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInCustomer>>;
let owner: Who;
let other: Who;
let staffToken: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInCustomer(t, "Ravi Kumar");
  other = await signedInCustomer(t, "Other Farm");
  staffToken = (await signedInStaff(t)).token;
});
afterAll(async () => {
  await t.close();
});

const submit = (who: Who, emailAddress: string) => submitSample(t.app, who, { emailAddress });
const send = (who: Who, body: object) =>
  request(t.app).post("/api/ledger/email").auth(who.token, { type: "bearer" }).send(body);

async function complete(sample: Sample): Promise<string> {
  return (await completeWithReport(t, staffToken, sample.id)).details.certification;
}

describe("POST /api/ledger/email", () => {
  it("mails each unique address (case-insensitive) once, with its own samples' report PDFs", async () => {
    const first = await submit(owner, "Farmer.One@Gmail.com");
    const second = await submit(owner, "farmer.one@gmail.com");
    const third = await submit(owner, "agent.two@gmail.com");
    const certification = await complete(first);
    const subject = `Reports ${Date.now()}`;
    const res = await send(owner, {
      sampleIds: [first.id, second.id, third.id],
      subject,
      message: "Please find the reports.",
      includeReports: true,
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recipients: 2, reportsAttached: 1 });

    const toFarmer = await t.smtp.waitFor(
      (mail) => mail.subject === subject && mail.to.includes("farmer.one@gmail.com"),
    );
    expect(toFarmer.to).toEqual(["farmer.one@gmail.com"]);
    expect(toFarmer.raw).toContain(`filename=${certification}.pdf`);
    expect(toFarmer.raw).toContain("JVBERi0"); // base64 of "%PDF-"
    expect(toFarmer.raw).toContain(`Sample #${second.id}`);
    const toAgent = await t.smtp.waitFor(
      (mail) => mail.subject === subject && mail.to.includes("agent.two@gmail.com"),
    );
    expect(toAgent.raw).not.toContain(".pdf");
    expect(toAgent.raw).not.toContain(`Sample #${first.id}`);
  });

  it("names each sample's certificate, and says in words when its report was revoked", async () => {
    const valid = await submit(owner, "two.reports@gmail.com");
    const revoked = await submit(owner, "two.reports@gmail.com");
    const validReport = await completeWithReport(t, staffToken, valid.id);
    const revokedReport = await completeWithReport(t, staffToken, revoked.id);
    await request(t.app)
      .post(`/api/lab/reports/${revokedReport.id}/revoke`)
      .auth(staffToken, { type: "bearer" })
      .send({ reason: "Sample mislabelled" })
      .expect(200);
    const subject = `Revoked ${Date.now()}`;
    const res = await send(owner, {
      sampleIds: [valid.id, revoked.id],
      subject,
      message: "Reports attached.",
      includeReports: true,
    });
    expect(res.body).toEqual({ recipients: 1, reportsAttached: 2 });
    const mail = await t.smtp.waitFor((m) => m.subject === subject);
    const text = mail.raw.replace(/=\r?\n/g, "");
    expect(text).toContain(
      `Sample #${valid.id}: Tiger Shrimp, COMPLETED, ${validReport.details.certification}\r\n`,
    );
    expect(text).toContain(
      `Sample #${revoked.id}: Tiger Shrimp, COMPLETED, ${revokedReport.details.certification} (revoked: no longer valid)`,
    );
  });

  it("uses the default subject and attaches nothing unless asked", async () => {
    const sample = await submit(owner, "plain@gmail.com");
    expect((await send(owner, { sampleIds: [sample.id], message: "Hello" })).body).toEqual({
      recipients: 1,
      reportsAttached: 0,
    });
    const mail = await t.smtp.waitFor((m) => m.to.includes("plain@gmail.com"));
    expect(mail.subject).toBe("Sample Test Report Update");
  });

  it("answers the spec's errors: nothing selected, no addresses, blank message; ignores other customers' samples", async () => {
    const none = await send(owner, { sampleIds: [], message: "Hi" });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(messages.ledgerSelectSample);
    const noEmail = await submit(owner, "");
    const res = await send(owner, { sampleIds: [noEmail.id], message: "Hi" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(messages.ledgerNoEmails);
    expect((await send(owner, { sampleIds: [noEmail.id], message: "  " })).body.error).toBe(
      messages.ledgerMessageRequired,
    );
    const theirs = await submit(other, "their.farmer@gmail.com");
    expect((await send(owner, { sampleIds: [theirs.id], message: "Hi" })).status).toBe(404);
    const mixed = await send(owner, { sampleIds: [theirs.id, noEmail.id], message: "Hi" });
    expect(mixed.body.error).toBe(messages.ledgerNoEmails);
  });
});
