import type { Customer, Invitation, Member, Sample } from "@lab/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  STRONG_PASSWORD,
  signedInCustomer,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "../../test/harness";
import { submitSample } from "../../test/samples";

type Who = { id: number; token: string; email: string };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const auth = (who: { token: string }) => ({ Authorization: `Bearer ${who.token}` });

/** The token of the newest invitation mailed to an address (it rides in the link's fragment). */
async function invitationToken(email: string): Promise<string> {
  const mail = await t.smtp.waitFor((candidate) => candidate.to.includes(email));
  const mine = t.smtp.mails.filter((candidate) => candidate.to.includes(email));
  const last = mine[mine.length - 1] ?? mail;
  const token = /\/invitation#token=([A-Za-z0-9_-]{43})/.exec(last.text)?.[1];
  if (!token) throw new Error(`no invitation link in ${last.text}`);
  return token;
}

/** An admin invites `email` with a role and scope; the invitee accepts and is signed in. */
async function invitedMember(
  admin: Who & { organisationId: number },
  role: string,
  scope: string,
  fullName = "Lakshmi Devi",
): Promise<Who> {
  const email = uniqueEmail("member");
  await request(t.app)
    .post(`/api/organisations/${admin.organisationId}/invitations`)
    .set(auth(admin))
    .send({ email, role, scope })
    .expect(201);
  const token = await invitationToken(email);
  const accepted = await request(t.app)
    .post("/api/invitations/accept")
    .send({ token, fullName, password: STRONG_PASSWORD })
    .expect(201);
  const body = accepted.body as { customer: Customer; accessToken: string };
  expect(body.customer).toMatchObject({ email, role, scope, emailVerified: true });
  return { id: body.customer.id, token: body.accessToken, email };
}

async function adminOfNewOrganisation(name = "Ravi Kumar"): Promise<Who & { organisationId: number }> {
  const who = await signedInCustomer(t, name);
  const me = await request(t.app).get(`/api/customers/${who.id}`).set(auth(who)).expect(200);
  const customer = me.body as Customer;
  expect(customer).toMatchObject({ role: "admin", scope: "all", organisation: { name } });
  return { ...who, organisationId: customer.organisation.id };
}

describe("organisations: invitations, roles and scopes end to end", () => {
  it("invites by mail with nothing typed in it; the link signs the invitee in with the role and scope given", async () => {
    const admin = await adminOfNewOrganisation("Sri Lakshmi Aqua Exports");
    const email = uniqueEmail("invitee");
    const sent = await request(t.app)
      .post(`/api/organisations/${admin.organisationId}/invitations`)
      .set(auth(admin))
      .send({ email: email.toUpperCase(), role: "results", scope: "own" })
      .expect(201);
    expect(sent.body as Invitation).toMatchObject({ email, role: "results", scope: "own" });
    const mail = await t.smtp.waitFor((candidate) => candidate.to.includes(email));
    // The organisation's and the admin's names are typed text: a stranger's inbox gets neither.
    expect(mail.text).not.toContain("Sri Lakshmi");
    expect(mail.text).not.toContain("Ravi");

    const token = await invitationToken(email);
    const preview = await request(t.app).post("/api/invitations/preview").send({ token }).expect(200);
    expect(preview.body).toMatchObject({
      organisationName: "Sri Lakshmi Aqua Exports",
      email,
      role: "results",
    });

    const pending = await request(t.app)
      .get(`/api/organisations/${admin.organisationId}/invitations`)
      .set(auth(admin))
      .expect(200);
    expect((pending.body as Invitation[]).map((row) => row.email)).toContain(email);

    await request(t.app)
      .post("/api/invitations/accept")
      .send({ token, fullName: "Kiran", password: STRONG_PASSWORD })
      .expect(201);
    // Single use: the same link again is refused, and so is a forged one.
    const again = await request(t.app)
      .post("/api/invitations/accept")
      .send({ token, fullName: "Kiran", password: STRONG_PASSWORD })
      .expect(400);
    expect(again.body).toMatchObject({ messageCode: "invitation_invalid" });
    await request(t.app)
      .post("/api/invitations/preview")
      .send({ token: "A".repeat(43) })
      .expect(400);
    const signIn = await request(t.app)
      .post("/api/customers/login")
      .send({ email, password: STRONG_PASSWORD })
      .expect(200);
    expect((signIn.body as { customer: Customer }).customer).toMatchObject({
      role: "results",
      scope: "own",
      organisation: { id: admin.organisationId, name: "Sri Lakshmi Aqua Exports" },
    });
  });

  it("scope own sees only its own samples; scope all sees the organisation's; results reads but cannot write; billing sees none", async () => {
    const admin = await adminOfNewOrganisation();
    const own = await invitedMember(admin, "full", "own", "Own Scope");
    const reader = await invitedMember(admin, "results", "all", "Reader");
    const billing = await invitedMember(admin, "billing", "all", "Accounts");
    const stranger = await adminOfNewOrganisation("Stranger");

    const mine: Sample = await submitSample(t.app, own, { samplerName: "OwnPond" });
    const theirs: Sample = await submitSample(t.app, admin, { samplerName: "AdminPond" });
    const names = async (who: Who) => {
      const res = await request(t.app).get("/api/sample-submissions?size=50").set(auth(who)).expect(200);
      return (res.body as { items: Sample[] }).items.map((sample) => sample.samplerName).sort();
    };
    expect(await names(own)).toEqual(["OwnPond"]);
    expect(await names(admin)).toEqual(["AdminPond", "OwnPond"]);
    expect(await names(reader)).toEqual(["AdminPond", "OwnPond"]);
    expect(await names(stranger)).toEqual([]);

    // By id, by search, by summary: the same walls.
    await request(t.app).get(`/api/sample-submissions/${theirs.id}`).set(auth(own)).expect(404);
    await request(t.app).get(`/api/sample-submissions/${mine.id}`).set(auth(admin)).expect(200);
    await request(t.app).get(`/api/sample-submissions/${mine.id}`).set(auth(stranger)).expect(404);
    const search = await request(t.app).get("/api/sample-submissions?q=AdminPond").set(auth(own)).expect(200);
    expect((search.body as { total: number }).total).toBe(0);
    const summary = await request(t.app).get("/api/sample-submissions/summary").set(auth(admin)).expect(200);
    expect(summary.body).toMatchObject({ total: 2 });

    const refused = await request(t.app)
      .post("/api/sample-submissions")
      .set(auth(reader))
      .send({ consumerId: reader.id })
      .expect(403);
    expect(refused.body).toMatchObject({ messageCode: "member_role_forbidden" });
    await request(t.app).get("/api/sample-submissions").set(auth(billing)).expect(403);
    await request(t.app).get("/api/reports").set(auth(billing)).expect(403);

    // Every member who may see a sample is told of it; the billing member and the own-scope colleague of
    // another's sample are not.
    const bells = async (who: Who) => {
      const res = await request(t.app).get("/api/notifications").set(auth(who)).expect(200);
      return (res.body as { sampleId: number }[]).map((note) => note.sampleId).sort();
    };
    expect(await bells(admin)).toEqual([mine.id, theirs.id].sort());
    expect(await bells(reader)).toEqual([mine.id, theirs.id].sort());
    expect(await bells(own)).toEqual([mine.id]);
    expect(await bells(billing)).toEqual([]);
  });

  it("a change of role ends the member's sessions; removal keeps their samples with the organisation; the last admin stays", async () => {
    const admin = await adminOfNewOrganisation();
    const member = await invitedMember(admin, "full", "all", "Colleague");
    const sample = await submitSample(t.app, member, { samplerName: "ColleaguePond" });

    const lastAdmin = await request(t.app)
      .patch(`/api/organisations/${admin.organisationId}/members/${admin.id}`)
      .set(auth(admin))
      .send({ role: "full" })
      .expect(409);
    expect(lastAdmin.body).toMatchObject({ messageCode: "last_organisation_admin" });
    await request(t.app)
      .delete(`/api/organisations/${admin.organisationId}/members/${admin.id}`)
      .set(auth(admin))
      .expect(409);

    const changed = await request(t.app)
      .patch(`/api/organisations/${admin.organisationId}/members/${member.id}`)
      .set(auth(admin))
      .send({ scope: "own", role: "results" })
      .expect(200);
    expect(changed.body as Member).toMatchObject({ role: "results", scope: "own" });
    await request(t.app).get("/api/sample-submissions").set(auth(member)).expect(401);

    // Not an admin: cannot manage members.
    const relogged = await request(t.app)
      .post("/api/customers/login")
      .send({ email: member.email, password: STRONG_PASSWORD })
      .expect(200);
    const again = { ...member, token: (relogged.body as { accessToken: string }).accessToken };
    await request(t.app)
      .patch(`/api/organisations/${admin.organisationId}/members/${admin.id}`)
      .set(auth(again))
      .send({ role: "full" })
      .expect(403);

    await request(t.app)
      .delete(`/api/organisations/${admin.organisationId}/members/${member.id}`)
      .set(auth(admin))
      .expect(204);
    await request(t.app).get("/api/sample-submissions").set(auth(again)).expect(401);
    await request(t.app)
      .post("/api/customers/login")
      .send({ email: member.email, password: STRONG_PASSWORD })
      .expect(401);
    await request(t.app).get(`/api/sample-submissions/${sample.id}`).set(auth(admin)).expect(200);

    const members = await request(t.app)
      .get(`/api/organisations/${admin.organisationId}/members`)
      .set(auth(admin))
      .expect(200);
    expect((members.body as Member[]).map((row) => row.id)).toEqual([admin.id]);

    const trail = await request(t.app)
      .get(`/api/organisations/${admin.organisationId}/activity`)
      .set(auth(admin))
      .expect(200);
    const kinds = (trail.body as { items: { kind: string }[] }).items.map((entry) => entry.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "member-invited",
        "member-joined",
        "sample-submitted",
        "member-changed",
        "member-removed",
      ]),
    );
  });

  it("refuses another organisation's ids, unknown roles, hostile text and an address that has an account elsewhere, writing nothing", async () => {
    const admin = await adminOfNewOrganisation();
    const other = await adminOfNewOrganisation("Other Co");
    await request(t.app).get(`/api/organisations/${other.organisationId}`).set(auth(admin)).expect(404);
    await request(t.app)
      .get(`/api/organisations/${other.organisationId}/members`)
      .set(auth(admin))
      .expect(404);
    await request(t.app)
      .delete(`/api/organisations/${admin.organisationId}/members/${other.id}`)
      .set(auth(admin))
      .expect(404);
    const base = `/api/organisations/${admin.organisationId}`;
    for (const body of [
      { email: uniqueEmail(), role: "owner", scope: "all" },
      { email: uniqueEmail(), role: "full", scope: "everything" },
      { email: "not-an-address", role: "full", scope: "all" },
      { email: `a\u0000b@example.in`, role: "full", scope: "all" },
      { email: uniqueEmail(), role: ["admin"], scope: "all" },
      {},
    ]) {
      const res = await request(t.app).post(`${base}/invitations`).set(auth(admin)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const elsewhere = await request(t.app)
      .post(`${base}/invitations`)
      .set(auth(admin))
      .send({ email: other.email, role: "full", scope: "all" })
      .expect(409);
    expect(elsewhere.body).toMatchObject({ messageCode: "invitation_email_taken" });
    const pending = await request(t.app).get(`${base}/invitations`).set(auth(admin)).expect(200);
    expect(pending.body).toEqual([]);

    await request(t.app)
      .put(base)
      .set(auth(admin))
      .send({ name: "x".repeat(161) })
      .expect(400);
    await request(t.app).put(base).set(auth(admin)).send({ gstin: "37AAPFU0939F1ZX" }).expect(400);
    const saved = await request(t.app)
      .put(base)
      .set(auth(admin))
      .send({ name: "శ్రీ లక్ష్మి ఆక్వా", gstin: "37aapfu0939f1zu", state: "37" })
      .expect(200);
    expect(saved.body).toMatchObject({ name: "శ్రీ లక్ష్మి ఆక్వా", gstin: "37AAPFU0939F1ZU", state: "37" });
    await request(t.app).put(base).set(auth(admin)).send({ state: "36" }).expect(409);
    await request(t.app).patch(`${base}/members/${admin.id}`).set(auth(admin)).send({}).expect(400);
    await request(t.app)
      .post("/api/invitations/accept")
      .send({ token: "x", fullName: "\u0000", password: "short" })
      .expect(400);
  });

  it("answers every hostile body, id and query on the organisation calls with a 4xx, never a 500", async () => {
    const admin = await adminOfNewOrganisation();
    const base = `/api/organisations/${admin.organisationId}`;
    const bodies: unknown[] = [
      null,
      [],
      "text",
      12,
      { name: "a\u0000b" },
      { name: 1e308 },
      { role: { $ne: null }, scope: "all" },
      { __proto__: { role: "admin" } },
      { email: "x".repeat(200_000) + "@example.in", role: "full", scope: "all" },
      { token: "x".repeat(200_000), fullName: "A", password: "Shrimp#2024" },
    ];
    const calls: [string, string][] = [
      ["put", base],
      ["patch", `${base}/members/${admin.id}`],
      ["post", `${base}/invitations`],
      ["post", "/api/invitations/preview"],
      ["post", "/api/invitations/accept"],
    ];
    for (const [method, path] of calls) {
      for (const body of bodies) {
        const call = request(t.app);
        const send =
          method === "put" ? call.put(path) : method === "patch" ? call.patch(path) : call.post(path);
        // As raw JSON text, so a bare number, string or null reaches the server as sent.
        const res = await send
          .set(auth(admin))
          .set("Content-Type", "application/json")
          .send(JSON.stringify(body));
        const label = `${method} ${path} ${JSON.stringify(body)?.slice(0, 60) ?? ""}`;
        expect(res.status, label).toBeLessThan(500);
        // PUT's fields are all optional: a body that is not a JSON object of them changes nothing (200,
        // checked below); the calls with required fields refuse it.
        if (method !== "put") expect(res.status, label).toBeGreaterThanOrEqual(400);
      }
    }
    for (const id of ["-1", "0", "1e309", "2147483648", "abc", "9007199254740993"]) {
      for (const path of [`/api/organisations/${id}`, `${base}/members/${id}`, `${base}/invitations/${id}`]) {
        const res = await request(t.app).delete(path).set(auth(admin));
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
    }
    for (const query of ["before=-5", "before=1e309", "limit=1000", "limit=abc", "before=abc"]) {
      const res = await request(t.app).get(`${base}/activity?${query}`).set(auth(admin));
      expect(res.status, query).toBe(400);
    }
    // Nothing was written by any of it: the organisation keeps its name, no invitation waits.
    const organisation = await request(t.app).get(base).set(auth(admin)).expect(200);
    expect(organisation.body).toMatchObject({ name: "Ravi Kumar" });
    const pending = await request(t.app).get(`${base}/invitations`).set(auth(admin)).expect(200);
    expect(pending.body).toEqual([]);
  });
});
