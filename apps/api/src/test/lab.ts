import request from "supertest";

import { createDomainContext } from "../domain/context";
import { addStaff } from "../domain/staff";
import { TEST_JWT_SECRET, uniqueEmail, type TestApp } from "./harness";

/** A staff member of the test app and its token. */
export async function signedInStaff(t: TestApp) {
  const ctx = createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, bcryptCost: 10 });
  const email = uniqueEmail("staff");
  const member = await addStaff(ctx, { email, name: "Dr. Priya Nair", password: "LabStaff#2026" });
  const login = await request(t.app)
    .post("/api/lab/login")
    .send({ email, password: "LabStaff#2026" })
    .expect(200);
  return { id: member.id, email, token: (login.body as { accessToken: string }).accessToken };
}
