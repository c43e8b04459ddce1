import { messages, type Notification } from "@lab/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { submitSample } from "../../test/samples";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInCustomer>>;
let owner: Who;
let other: Who;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInCustomer(t);
  other = await signedInCustomer(t);
  for (const who of [owner, owner, owner, other]) {
    await submitSample(t.app, who);
    t.clock.advance(1);
  }
});
afterAll(async () => {
  await t.close();
});

const call = (who: Who, method: "get" | "post" | "delete", path = "") =>
  request(t.app)[method](`/api/notifications${path}`).auth(who.token, { type: "bearer" });

describe("/api/notifications", () => {
  it("lists the caller's notifications newest first, unread", async () => {
    const res = await call(owner, "get");
    expect(res.status).toBe(200);
    const list = res.body as Notification[];
    expect(list).toHaveLength(3);
    expect(
      list.every((n) => n.type === "sample_status_change" && n.title === "Sample Submitted" && !n.read),
    ).toBe(true);
    expect(list.map((n) => n.sampleId)).toEqual(
      [...list.map((n) => n.sampleId)].sort((a, b) => (b ?? 0) - (a ?? 0)),
    );
    expect((await call(other, "get")).body).toHaveLength(1);
  });

  it("marks one read, then all, as every device will see them", async () => {
    const [first] = (await call(owner, "get")).body as Notification[];
    const one = await call(owner, "post", `/${first?.id}/read`);
    expect(one.body).toMatchObject({ id: first?.id, read: true });
    expect((await call(owner, "post", "/read-all")).body).toEqual({ updated: 2 });
    expect(((await call(owner, "get")).body as Notification[]).every((n) => n.read)).toBe(true);
    expect(((await call(other, "get")).body as Notification[])[0]?.read).toBe(false);
  });

  it("dismisses one, refuses another customer's (404), and clears the rest", async () => {
    const mine = (await call(owner, "get")).body as Notification[];
    const theirs = (await call(other, "get")).body as Notification[];
    expect((await call(owner, "delete", `/${mine[0]?.id}`)).status).toBe(204);
    const foreign = await call(owner, "delete", `/${theirs[0]?.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(messages.notificationNotFound);
    expect((await call(owner, "post", `/${theirs[0]?.id}/read`)).status).toBe(404);
    expect((await call(owner, "delete")).body).toEqual({ deleted: 2 });
    expect((await call(owner, "get")).body).toEqual([]);
    expect((await call(other, "get")).body).toHaveLength(1);
  });

  it("needs a customer token", async () => {
    expect((await request(t.app).get("/api/notifications")).status).toBe(401);
  });
});
