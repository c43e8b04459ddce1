import { messages, type Customer, type Notification, type Sample } from "@lab/contracts";
import { customers } from "@lab/db";
import { Client, type IMessage } from "@stomp/stompjs";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { DESTINATIONS } from "../../realtime/events";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { revokeByTwo } from "../../test/revocations";
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from "../../test/harness";
import { submitSample, until } from "../../test/samples";

// The account's language decides its notifications (list and live push) and its e-mails.
let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let agentId: number;
const clients: Client[] = [];

beforeAll(async () => {
  t = await startTestApp({ realtime: { heartbeatMs: 300 } });
  staff = await signedInStaff(t);
  agentId = (
    await request(t.app)
      .post("/api/lab/agents")
      .auth(staff.token, { type: "bearer" })
      .send({ name: "Suresh", phone: "9000000071" })
  ).body.id;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.deactivate()));
  await t.close();
});

/** Registers in `language`, verifies with the mailed code (whatever the subject's words), signs in. */
async function registered(language: string, fullName = "వెంకట రమణ") {
  const email = uniqueEmail("lang");
  const created = await request(t.app)
    .post("/api/customers/register")
    .send({ fullName, email, password: STRONG_PASSWORD, language })
    .expect(201);
  const mail = await t.smtp.waitFor((m) => m.to.includes(email));
  const code = /([A-Z0-9]{6})$/.exec(mail.subject)?.[1] ?? "";
  await request(t.app).post("/api/auth/verify-email").send({ email, code }).expect(200);
  const login = await request(t.app).post("/api/customers/login").send({ email, password: STRONG_PASSWORD });
  expect(login.status).toBe(200);
  return {
    id: (created.body as Customer).id,
    email,
    token: (login.body as { accessToken: string }).accessToken,
    created: created.body as Customer,
    login: login.body as { customer: Customer },
    verificationMail: mail,
  };
}
type Who = Awaited<ReturnType<typeof registered>>;

const notices = async (who: Who) =>
  (await request(t.app).get("/api/notifications").auth(who.token, { type: "bearer" }).expect(200))
    .body as Notification[];

function stomp(token: string): Client {
  const client = new Client({
    webSocketFactory: () =>
      new WebSocket(`${t.baseUrl.replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"]),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  clients.push(client);
  return client;
}

describe("the account's language", () => {
  it("is accepted at registration, returned by GET, the sign-in and PUT, and an unknown code is a 400 that says so", async () => {
    const bad = await request(t.app)
      .post("/api/customers/register")
      .send({ fullName: "Ravi", email: uniqueEmail("bad"), password: STRONG_PASSWORD, language: "xx" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: messages.languageInvalid,
      code: "validation_failed",
      messageCode: "language_invalid",
      field: "language",
    });

    const farmer = await registered("te");
    expect(farmer.created.language).toBe("te");
    expect(farmer.login.customer.language).toBe("te");
    const profile = (path = "") =>
      request(t.app).get(`/api/customers/${farmer.id}${path}`).auth(farmer.token, { type: "bearer" });
    expect((await profile()).body.language).toBe("te");

    const put = (body: object) =>
      request(t.app)
        .put(`/api/customers/${farmer.id}/profile`)
        .auth(farmer.token, { type: "bearer" })
        .send(body);
    expect((await put({ language: "hi" })).body.language).toBe("hi");
    // A body without `language` keeps the stored one; PUT /customers/{id} is the same call.
    expect((await put({ company: "Ramana Aqua" })).body.language).toBe("hi");
    const same = await request(t.app)
      .put(`/api/customers/${farmer.id}`)
      .auth(farmer.token, { type: "bearer" })
      .send({ language: "ta" });
    expect(same.body.language).toBe("ta");
    const refused = await put({ language: "fr" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ messageCode: "language_invalid", field: "language" });
    expect((await profile()).body.language).toBe("ta");

    const english = await registered("en", "Ravi Kumar");
    expect(english.created.language).toBe("en");
    const unstated = await request(t.app)
      .post("/api/customers/register")
      .send({ fullName: "Ravi", email: uniqueEmail("plain"), password: STRONG_PASSWORD });
    expect(unstated.body.language).toBe("en");
  });

  it("sends the registration's verification mail in the language given at registration", async () => {
    const farmer = await registered("te");
    const mail = farmer.verificationMail;
    expect(mail.subject).toMatch(/^మీ ధృవీకరణ కోడ్: [A-Z0-9]{6}$/);
    // The address is not proven yet: the greeting names nobody.
    expect(mail.text).toContain("నమస్కారం,");
    expect(mail.text).not.toContain("వెంకట రమణ");
    expect(mail.text).toContain("ఇది 5 నిమిషాల్లో గడువు ముగుస్తుంది");
    expect(mail.html).toContain('lang="te"');
    expect(mail.text).not.toContain("Your verification code");
  });

  it("sends the password reset code in Hindi to a Hindi account", async () => {
    const farmer = await registered("hi", "सुनीता देवी");
    const before = t.smtp.mails.length;
    await request(t.app).post("/api/auth/forgot-password").send({ email: farmer.email }).expect(202);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(farmer.email) && t.smtp.mails.indexOf(m) >= before,
    );
    expect(mail.subject).toMatch(/^आपका पासवर्ड रीसेट कोड: [A-Z0-9]{6}$/);
    expect(mail.text).toContain("नमस्ते,");
    expect(mail.text).not.toContain("सुनीता");
    expect(mail.text).toContain("पासवर्ड बदलने के लिए आपका कोड है:");
    expect(mail.text).not.toContain("reset");
  });

  it("lists and pushes notifications in the account's language, and a new language re-words them", async () => {
    const farmer = await registered("te");
    const client = stomp(farmer.token);
    await new Promise<void>((resolve, reject) => {
      client.onConnect = () => resolve();
      client.onStompError = (frame) => reject(new Error(frame.headers["message"]));
      client.activate();
    });
    const pushed: Notification[] = [];
    client.subscribe(DESTINATIONS.notifications(farmer.id), (message: IMessage) =>
      pushed.push(JSON.parse(message.body) as Notification),
    );
    await new Promise<void>((resolve) => {
      client.watchForReceipt("sync-language", () => resolve());
      client.subscribe("/topic/system/shutdown", () => undefined, { receipt: "sync-language" });
    });

    const sample: Sample = await submitSample(t.app, farmer);
    await request(t.app)
      .post(`/api/lab/samples/${sample.id}/assign`)
      .auth(staff.token, { type: "bearer" })
      .send({ agentId })
      .expect(200);
    await until(() => pushed.some((n) => n.type === "sample_assigned" && n.sampleId === sample.id));
    expect(pushed.find((n) => n.type === "sample_assigned")).toMatchObject({
      title: "ఏజెంట్ కేటాయించబడ్డారు",
      message: `Suresh నమూనా #${sample.id} ను సేకరిస్తారు.`,
    });

    const listed = await notices(farmer);
    expect(listed.find((n) => n.type === "sample_assigned")).toMatchObject({
      title: "ఏజెంట్ కేటాయించబడ్డారు",
      message: `Suresh నమూనా #${sample.id} ను సేకరిస్తారు.`,
      data: { stage: "agent-assigned", agent: "Suresh" },
    });
    expect(listed.find((n) => n.data.stage === "submitted")).toMatchObject({
      title: "నమూనా సమర్పించబడింది",
      message: `నమూనా #${sample.id} సమర్పించబడింది. 30 సెకన్లలో ఏజెంట్‌ను కేటాయిస్తాము.`,
    });

    await request(t.app)
      .put(`/api/customers/${farmer.id}/profile`)
      .auth(farmer.token, { type: "bearer" })
      .send({ language: "hi" })
      .expect(200);
    const reworded = await notices(farmer);
    expect(reworded.map((n) => n.id)).toEqual(listed.map((n) => n.id));
    expect(reworded.find((n) => n.type === "sample_assigned")).toMatchObject({
      title: "एजेंट तय हुआ",
      message: `Suresh नमूना #${sample.id} लेने आएँगे।`,
    });

    // Back in English: the product's required wording, word for word.
    await request(t.app)
      .put(`/api/customers/${farmer.id}/profile`)
      .auth(farmer.token, { type: "bearer" })
      .send({ language: "en" })
      .expect(200);
    expect((await notices(farmer)).find((n) => n.type === "sample_assigned")).toMatchObject({
      title: "Agent Assigned",
      message: `Suresh will collect sample #${sample.id}.`,
    });
  });

  it("writes a shared-report mail in the sharer's language with the English alongside", async () => {
    const sharer = await registered("te", "మీనా రావు");
    await t.database.db.update(customers).set({ company: "Rao Aqua" }).where(eq(customers.id, sharer.id));
    const sample = await submitSample(t.app, sharer, { emailAddress: "telugu.buyer@gmail.com" });
    const report = await completeWithReport(t, staff.token, sample.id);
    const res = await request(t.app)
      .post("/api/ledger/email")
      .auth(sharer.token, { type: "bearer" })
      .send({ sampleIds: [sample.id], message: "ఫలితాలు వచ్చాయి.", includeReports: true });
    expect(res.status).toBe(202);
    const mail = await t.smtp.waitFor((m) => m.to.includes("telugu.buyer@gmail.com"));
    // The lab's fixed subject: nothing the customer typed.
    expect(mail.subject).toBe(
      "మీతో పంచుకున్న నమూనా నివేదికలు — AquaTest Laboratory / " +
        "Sample reports shared with you — AquaTest Laboratory",
    );
    const telugu =
      "AquaTest Laboratory కస్టమర్ ఒకరు ప్రయోగశాల కస్టమర్ పోర్టల్ ద్వారా మీతో నమూనా నివేదికలు పంచుకున్నారు. " +
      `ఆ కస్టమర్ తమ పేరు “మీనా రావు” అని ఇచ్చారు; ప్రయోగశాల వారి ఖాతా ఇ-మెయిల్ చిరునామా ${sharer.email} ను మాత్రమే ధృవీకరించింది.`;
    const english =
      "A customer of AquaTest Laboratory shared sample reports with you through the laboratory's customer portal. " +
      `The customer gave their name as “మీనా రావు”; the laboratory has verified only their account's e-mail address, ${sharer.email}.`;
    // Neither the unverified company nor the customer's own message reaches the recipient.
    expect(mail.text).not.toContain("Rao Aqua");
    expect(mail.text).not.toContain("ఫలితాలు వచ్చాయి");
    // Each localized paragraph is followed by its English.
    expect(mail.text).toContain(`నమస్కారం,\nHello,`);
    expect(mail.text).toContain(`${telugu}\n${english}`);
    expect(mail.text).toContain(`- నమూనా #${sample.id}: `);
    expect(mail.text).toContain(
      `- Sample #${sample.id}: ${sample.shrimpCategory}, COMPLETED, ${report.details.certification}`,
    );
    expect(mail.text).toContain("1 నివేదిక PDF జతచేయబడింది.\n1 report PDF is attached.");
    expect(mail.html).toContain('<p lang="te">');
    expect(mail.html).toContain('<p lang="en">Hello,</p>');
  });

  it("tells a Tamil customer of a revoked report in Tamil, by mail and in the notification, and the ready mail too", async () => {
    const farmer = await registered("ta", "முருகன்");
    const sample = await submitSample(t.app, farmer);
    const report = await completeWithReport(t, staff.token, sample.id);
    const ready = await t.smtp.waitFor(
      (m) => m.to.includes(farmer.email) && m.subject.includes(`#${sample.id}`),
    );
    expect(ready.subject).toBe(`மாதிரி #${sample.id}-இன் சோதனை அறிக்கை தயார்`);
    expect(ready.text).toContain("சோதனையில் தேர்ச்சி");
    await revokeByTwo(t, report.id, { reasonCode: "sample_mislabelled", note: "Mislabelled container" });
    const mail = await t.smtp.waitFor((m) => m.to.includes(farmer.email) && m.subject.includes("ரத்து"));
    expect(mail.subject).toBe(`மாதிரி #${sample.id}-இன் அறிக்கை ரத்து செய்யப்பட்டது`);
    // The reason's Tamil wording; staff's internal note is never mailed.
    expect(mail.text).toContain(
      `மாதிரி #${sample.id}-இன் அறிக்கையை (${report.details.certification}) ஆய்வகம் ரத்து செய்தது: மாதிரியில் தவறான லேபிள் இருந்தது அல்லது மாறிவிட்டது`,
    );
    expect(mail.text).not.toContain("Mislabelled container");
    expect(mail.text).toContain("வணக்கம் முருகன்,");
    expect((await notices(farmer)).find((n) => n.type === "report_revoked")).toMatchObject({
      title: "அறிக்கை ரத்து செய்யப்பட்டது",
      message: `மாதிரி #${sample.id}-இன் அறிக்கை (${report.details.certification}) ரத்து செய்யப்பட்டது: மாதிரியில் தவறான லேபிள் இருந்தது அல்லது மாறிவிட்டது`,
      data: { notice: "reportRevoked", reasonCode: "sample_mislabelled" },
    });
  });

  it("lets a staff member set their own console language with PUT /lab/me, and sign-in returns it", async () => {
    const me = await request(t.app)
      .put("/api/lab/me")
      .auth(staff.token, { type: "bearer" })
      .send({ language: "ml" });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: staff.id, email: staff.email, language: "ml" });
    const bad = await request(t.app)
      .put("/api/lab/me")
      .auth(staff.token, { type: "bearer" })
      .send({ language: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.messageCode).toBe("language_invalid");
    const login = await request(t.app)
      .post("/api/lab/login")
      .send({ email: staff.email, password: "LabStaff#2026" })
      .expect(200);
    expect(login.body.staff).toMatchObject({ id: staff.id, language: "ml" });
  });
});
