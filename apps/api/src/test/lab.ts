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

/** Takes a sample through the staff API from PENDING to COMPLETED with a passing report; answers it. */
export async function completeWithReport(t: TestApp, staffToken: string, sampleId: number) {
  const lab = (path: string, body: object) =>
    request(t.app).post(`/api/lab${path}`).auth(staffToken, { type: "bearer" }).send(body);
  const agent = await lab("/agents", { name: "Suresh", phone: "9000000081" });
  await lab(`/samples/${sampleId}/assign`, { agentId: agent.body.id }).expect(200);
  await lab(`/samples/${sampleId}/status`, { status: "COLLECTED" }).expect(200);
  await lab(`/samples/${sampleId}/status`, { status: "TESTING" }).expect(200);
  const report = await lab(`/samples/${sampleId}/report`, {
    tests: [
      {
        testType: "Allergen Testing",
        value: "0.2",
        unit: "mg/kg",
        limit: "< 1",
        method: "ELISA",
        verdict: "pass",
      },
    ],
  }).expect(201);
  return report.body as { id: number; details: { certification: string } };
}
