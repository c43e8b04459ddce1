import { reportSchema, type LabSampleDetail, type Parameter, type StaffRole } from "@lab/contracts";
import { panelParameters } from "@lab/db";
import request from "supertest";

import { createDomainContext } from "../domain/context";
import { addStaff } from "../domain/staff/staff";
import { TEST_JWT_SECRET, uniqueEmail, type TestApp } from "./harness";

/** A staff member of the test app and its token (analyst and reviewer unless roles say otherwise). */
export async function signedInStaff(t: TestApp, options: { roles?: StaffRole[]; name?: string } = {}) {
  const ctx = createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, bcryptCost: 10 });
  const email = uniqueEmail("staff");
  const member = await addStaff(ctx, {
    email,
    name: options.name ?? "Dr. Priya Nair",
    password: "LabStaff#2026",
    roles: options.roles ?? ["analyst", "reviewer"],
  });
  const login = await request(t.app)
    .post("/api/lab/login")
    .send({ email, password: "LabStaff#2026" })
    .expect(200);
  return { id: member.id, email, token: (login.body as { accessToken: string }).accessToken };
}

/** A result within every market's limit: nothing detected (or the best grade). */
export function passingResult(parameter: Parameter): { code: string; value?: number; qualifier?: string } {
  if (parameter.kind === "graded")
    return parameter.grades?.[0] !== undefined
      ? { code: parameter.code, qualifier: parameter.grades[0] }
      : { code: parameter.code, value: 0 };
  if (parameter.kind === "qualitative")
    return { code: parameter.code, qualifier: parameter.per25g ? "absent" : "not_detected" };
  return { code: parameter.code, qualifier: "not_detected" };
}

/** The staff console's view of a sample. */
export async function labSample(t: TestApp, staffToken: string, sampleId: number): Promise<LabSampleDetail> {
  const res = await request(t.app)
    .get(`/api/lab/samples/${sampleId}`)
    .auth(staffToken, { type: "bearer" })
    .expect(200);
  return res.body as LabSampleDetail;
}

/** Takes a sample from PENDING to TESTING through the staff API. */
export async function startTesting(t: TestApp, staffToken: string, sampleId: number) {
  const lab = (path: string, body: object) =>
    request(t.app).post(`/api/lab${path}`).auth(staffToken, { type: "bearer" }).send(body);
  const agent = await lab("/agents", { name: "Suresh", phone: "9000000081" });
  await lab(`/samples/${sampleId}/assign`, { agentId: agent.body.id }).expect(200);
  await lab(`/samples/${sampleId}/status`, { status: "COLLECTED" }).expect(200);
  await lab(`/samples/${sampleId}/status`, { status: "TESTING" }).expect(200);
}

/**
 * Takes a sample through the staff API from PENDING to COMPLETED with a passing report: `staffToken`
 * enters passing results for the whole panel, a second staff member releases them. Answers the report.
 */
export async function completeWithReport(t: TestApp, staffToken: string, sampleId: number) {
  await startTesting(t, staffToken, sampleId);
  let detail = await labSample(t, staffToken, sampleId);
  if (detail.panel.length === 0) {
    // A test type without a panel yet: give it a one-parameter panel so the sample has results.
    await t.database.db
      .insert(panelParameters)
      .values(detail.sample.testTypes.map((testType) => ({ testType, parameterCode: "PB", position: 1 })))
      .onConflictDoNothing();
    detail = await labSample(t, staffToken, sampleId);
  }
  await request(t.app)
    .post(`/api/lab/samples/${sampleId}/results`)
    .auth(staffToken, { type: "bearer" })
    .send({ results: detail.panel.map(passingResult) })
    .expect(200);
  const reviewer = await signedInStaff(t, { roles: ["reviewer"], name: "Anil Kumar" });
  const report = await request(t.app)
    .post(`/api/lab/samples/${sampleId}/release`)
    .auth(reviewer.token, { type: "bearer" })
    .send({})
    .expect(201);
  // Every report a test issues must be one the web can read: the contract's schema, limits included.
  reportSchema.parse(report.body);
  return report.body as { id: number; details: { certification: string } };
}
