import type { LabSettings, RevocationReason, RevocationRequest } from "@lab/contracts";
import request from "supertest";

import type { TestApp } from "./harness";
import { signedInStaff } from "./lab";

type Who = { token: string };

/** One reviewer asks for the revocation (202, the open request); the report still stands. */
export async function askRevocation(
  t: TestApp,
  who: Who,
  reportId: number,
  body: { reasonCode: RevocationReason; note?: string } = { reasonCode: "sample_mislabelled" },
): Promise<RevocationRequest> {
  const res = await request(t.app)
    .post(`/api/lab/reports/${reportId}/revoke`)
    .auth(who.token, { type: "bearer" })
    .send(body)
    .expect(202);
  return res.body as RevocationRequest;
}

/**
 * Revokes a report the lab's default way: `asker` (a new reviewer when not given) asks, a second
 * reviewer confirms. Answers the confirmed request.
 */
export async function revokeByTwo(
  t: TestApp,
  reportId: number,
  body: { reasonCode: RevocationReason; note?: string } = { reasonCode: "sample_mislabelled" },
  asker?: Who,
): Promise<RevocationRequest> {
  const first = asker ?? (await signedInStaff(t, { roles: ["reviewer"], name: "Asha Reviewer" }));
  const second = await signedInStaff(t, { roles: ["reviewer"], name: "Kiran Reviewer" });
  const asked = await askRevocation(t, first, reportId, body);
  const res = await request(t.app)
    .post(`/api/lab/revocations/${asked.id}/confirm`)
    .auth(second.token, { type: "bearer" })
    .send({})
    .expect(200);
  return res.body as RevocationRequest;
}

/** An admin sets the lab's revocation rule (true: one reviewer or admin revokes alone). */
export async function setOnePersonRevocation(t: TestApp, value: boolean): Promise<LabSettings> {
  const admin = await signedInStaff(t, { roles: ["admin"], name: "Lab Admin" });
  const res = await request(t.app)
    .put("/api/lab/settings")
    .auth(admin.token, { type: "bearer" })
    .send({ onePersonRevocation: value })
    .expect(200);
  return res.body as LabSettings;
}
