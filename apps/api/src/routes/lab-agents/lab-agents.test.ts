import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startTestApp, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";

let t: TestApp;
type Who = { id: number; token: string };
let staff: Who;
let agentB: number;
beforeAll(async () => {
  t = await startTestApp();
  staff = await signedInStaff(t);
  await lab("post", "/agents").send({
    name: "Suresh",
    phone: "9000000011",
    coordinates: { lat: 16.5, lng: 81.5 },
  });
  agentB = (await lab("post", "/agents").send({ name: "Kiran", phone: "9000000012" })).body.id;
});
afterAll(async () => {
  await t.close();
});

function lab(method: "get" | "post" | "put", path: string) {
  return request(t.app)[method](`/api/lab${path}`).auth(staff.token, { type: "bearer" });
}

describe("agents", () => {
  it("lists, adds and updates the roster with E.164 phones shown readably", async () => {
    const roster = await lab("get", "/agents");
    expect(roster.body.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(["Suresh", "Kiran"]),
    );
    const updated = await lab("put", `/agents/${agentB}`).send({
      name: "Kiran Rao",
      phone: "9000000012",
      active: false,
    });
    expect(updated.body).toMatchObject({
      name: "Kiran Rao",
      phone: "+91 90000 00012",
      active: false,
      coordinates: null,
    });
    await lab("put", `/agents/${agentB}`)
      .send({ name: "Kiran", phone: "9000000012", active: true })
      .expect(200);
    expect((await lab("post", "/agents").send({ name: "", phone: "9000000012" })).status).toBe(400);
    expect((await lab("put", "/agents/99999").send({ name: "X", phone: "9000000012" })).status).toBe(404);
  });
});
