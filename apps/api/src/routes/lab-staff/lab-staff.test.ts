import { resultMessages, type StaffMember, type StaffRole } from "@lab/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../../domain/context";
import { addStaff, ensureAdmin } from "../../domain/staff/staff";
import {
  signedInCustomer,
  startTestApp,
  TEST_JWT_SECRET,
  uniqueEmail,
  type TestApp,
} from "../../test/harness";

const PASSWORD = "LabStaff#2026";
let t: TestApp;
let ctx: ReturnType<typeof createDomainContext>;
type Who = { id: number; email: string; token: string };
let admin: Who;
let analyst: Who;

async function member(roles?: StaffRole[]): Promise<Who> {
  const email = uniqueEmail("staff");
  const row = await addStaff(ctx, { email, name: "Dr. Priya Nair", password: PASSWORD, roles });
  return { id: row.id, email, token: await login(email) };
}
async function login(email: string, password = PASSWORD): Promise<string> {
  const res = await request(t.app).post("/api/lab/login").send({ email, password }).expect(200);
  return (res.body as { accessToken: string }).accessToken;
}
const as = (who: Who, method: "get" | "post" | "patch", path: string) =>
  request(t.app)[method](`/api/lab/staff${path}`).auth(who.token, { type: "bearer" });

beforeAll(async () => {
  t = await startTestApp();
  ctx = createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, bcryptCost: 10 });
  admin = await member(["admin"]);
  analyst = await member();
});
afterAll(async () => {
  await t.close();
});

describe("staff roles", () => {
  it("addStaff defaults to analyst + reviewer; ensureAdmin makes an admin who analyses and reviews too", async () => {
    const me = await as(analyst, "get", "/me").expect(200);
    expect((me.body as StaffMember).roles).toEqual(["analyst", "reviewer"]);
    const email = uniqueEmail("first");
    expect(await ensureAdmin(ctx, email, PASSWORD)).toBe("created");
    expect(await ensureAdmin(ctx, email.toUpperCase(), PASSWORD)).toBe("exists");
    const login = await request(t.app).post("/api/lab/login").send({ email, password: PASSWORD }).expect(200);
    expect(login.body.staff.roles).toEqual(["admin", "analyst", "reviewer"]);
  });

  it("an analyst cannot list or add staff (403 role_required); an admin can", async () => {
    const body = { email: uniqueEmail("new"), name: "Anil", password: "Quality#2026", roles: ["analyst"] };
    const refused = await as(analyst, "post", "").send(body).expect(403);
    expect(refused.body).toMatchObject({
      code: "role_required",
      error: resultMessages.roleRequired("admin"),
    });
    await as(analyst, "get", "").expect(403);
    await as(analyst, "patch", `/${admin.id}`).send({ active: false }).expect(403);
    // A customer's token is not staff at all.
    const customer = await signedInCustomer(t);
    await request(t.app).get("/api/lab/staff/me").auth(customer.token, { type: "bearer" }).expect(403);
    await request(t.app).get("/api/lab/staff/me").expect(401);

    const added = await as(admin, "post", "").send(body).expect(201);
    expect(added.body).toMatchObject({ email: body.email, name: "Anil", roles: ["analyst"], active: true });
    const list = await as(admin, "get", "").expect(200);
    expect((list.body as StaffMember[]).map((m) => m.email)).toContain(body.email);
    // The new account signs in with its roles.
    const login = await request(t.app)
      .post("/api/lab/login")
      .send({ email: body.email, password: body.password })
      .expect(200);
    expect(login.body.staff.roles).toEqual(["analyst"]);
  });

  it("POST /lab/staff refuses a taken e-mail (409), a weak password, no roles and unknown roles (400)", async () => {
    const base = { name: "Anil", password: "Quality#2026", roles: ["reviewer"] };
    const taken = await as(admin, "post", "")
      .send({ ...base, email: analyst.email.toUpperCase() })
      .expect(409);
    expect(taken.body).toMatchObject({ code: "email_taken", error: resultMessages.staffEmailTaken });
    const weak = await as(admin, "post", "")
      .send({ ...base, email: uniqueEmail(), password: "aaaaaaaa" })
      .expect(400);
    expect(weak.body.field).toBe("password");
    const noRoles = await as(admin, "post", "")
      .send({ ...base, email: uniqueEmail(), roles: [] })
      .expect(400);
    expect(noRoles.body.error).toBe(resultMessages.staffRolesRequired);
    await as(admin, "post", "")
      .send({ ...base, email: uniqueEmail(), roles: ["boss"] })
      .expect(400);
    const nul = await as(admin, "post", "")
      .send({ ...base, email: uniqueEmail(), name: "A\u0000B" })
      .expect(400);
    expect(nul.body.code).toBe("text_invalid");
    await as(admin, "post", "").send("[]").set("content-type", "application/json").expect(400);
  });

  it("PATCH changes roles at once: a reviewer made admin may list staff on the same token", async () => {
    const reviewer = await member(["reviewer"]);
    await as(reviewer, "get", "").expect(403);
    const patched = await as(admin, "patch", `/${reviewer.id}`)
      .send({ roles: ["reviewer", "admin"] })
      .expect(200);
    expect(patched.body.roles).toEqual(["reviewer", "admin"]);
    await as(reviewer, "get", "").expect(200);
    const missing = await as(admin, "patch", "/999999999").send({ active: true }).expect(404);
    expect(missing.body).toEqual({
      error: "Staff member not found",
      code: "not_found",
      messageCode: "staff_member_not_found",
    });
    await as(admin, "patch", "/abc").send({ active: true }).expect(404);
    await as(admin, "patch", `/${reviewer.id}`).send({ active: "no" }).expect(400);
  });

  it("deactivating ends the member's live token (next request 401) and sign-in answers like a wrong password", async () => {
    const leaving = await member();
    await as(leaving, "get", "/me").expect(200);
    const off = await as(admin, "patch", `/${leaving.id}`).send({ active: false }).expect(200);
    expect(off.body.active).toBe(false);
    await as(leaving, "get", "/me").expect(401);
    await request(t.app).get("/api/lab/agents").auth(leaving.token, { type: "bearer" }).expect(401);
    const wrong = await request(t.app)
      .post("/api/lab/login")
      .send({ email: leaving.email, password: "Wrong#Password1" })
      .expect(401);
    const right = await request(t.app)
      .post("/api/lab/login")
      .send({ email: leaving.email, password: PASSWORD })
      .expect(401);
    expect(right.body).toEqual(wrong.body);
    expect(right.body.code).toBe("invalid_credentials");

    await as(admin, "patch", `/${leaving.id}`).send({ active: true }).expect(200);
    await login(leaving.email);
  });

  it("keeps one active admin: no self-deactivation, and the last admin cannot lose the role (409)", async () => {
    const fresh = await startTestApp();
    try {
      const freshCtx = createDomainContext({
        db: fresh.database.db,
        jwtSecret: TEST_JWT_SECRET,
        bcryptCost: 10,
      });
      const email = uniqueEmail("solo");
      const solo = await addStaff(freshCtx, { email, name: "Solo", password: PASSWORD, roles: ["admin"] });
      const token = (
        await request(fresh.app).post("/api/lab/login").send({ email, password: PASSWORD }).expect(200)
      ).body.accessToken as string;
      const patch = (id: number, body: object) =>
        request(fresh.app).patch(`/api/lab/staff/${id}`).auth(token, { type: "bearer" }).send(body);

      const self = await patch(solo.id, { active: false }).expect(409);
      expect(self.body.error).toBe(resultMessages.cannotDeactivateSelf);
      const demote = await patch(solo.id, { roles: ["analyst"] }).expect(409);
      expect(demote.body).toMatchObject({ code: "conflict", error: resultMessages.lastAdmin });

      // With a second admin the first may step down; then the second is the last one.
      const other = await addStaff(freshCtx, {
        email: uniqueEmail("second"),
        name: "Second",
        password: PASSWORD,
        roles: ["admin"],
      });
      await patch(solo.id, { roles: ["analyst", "admin"] }).expect(200);
      await patch(other.id, { active: false }).expect(200);
      const lastOne = await patch(solo.id, { roles: ["analyst"] }).expect(409);
      expect(lastOne.body.error).toBe(resultMessages.lastAdmin);
      await patch(other.id, { active: true }).expect(200);

      // Two admins demoting each other at the same moment: one wins, never both.
      const otherToken = (
        await request(fresh.app)
          .post("/api/lab/login")
          .send({ email: other.email, password: PASSWORD })
          .expect(200)
      ).body.accessToken as string;
      const [mine, theirs] = await Promise.all([
        patch(other.id, { roles: ["analyst"] }),
        request(fresh.app)
          .patch(`/api/lab/staff/${solo.id}`)
          .auth(otherToken, { type: "bearer" })
          .send({ roles: ["analyst"] }),
      ]);
      // The loser was demoted before its own check (403) or meets the last-admin guard (409).
      const statuses = [mine.status, theirs.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = (
        await request(fresh.app)
          .get("/api/lab/staff")
          .auth(mine.status === 200 ? token : otherToken, {
            type: "bearer",
          })
      ).body as StaffMember[];
      expect(admins.filter((m) => m.active && m.roles.includes("admin"))).toHaveLength(1);
      // No longer an admin: the same token is refused at once.
      const loser = mine.status === 200 ? otherToken : token;
      await request(fresh.app)
        .patch(`/api/lab/staff/${solo.id}`)
        .auth(loser, { type: "bearer" })
        .send({ roles: ["admin"] })
        .expect(403);
    } finally {
      await fresh.close();
    }
  });
});
