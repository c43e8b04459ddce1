import {
  labSettingsSchema,
  messageCodeOfKey,
  messages,
  resultMessages,
  type LabReport,
} from "@lab/contracts";
import { labSettings, reports, revocationRequests, sampleEvents } from "@lab/db";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { submitSample } from "../../test/samples";

// The lab may choose one-person revocation; only an admin sets it, and every change is kept.

let t: TestApp;
type Who = { id: number; token: string };
let customer: Who;
let analyst: Who;
let reviewer: Who;
let admin: Who;

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  analyst = await signedInStaff(t, { roles: ["analyst"], name: "Meena Analyst" });
  reviewer = await signedInStaff(t, { roles: ["reviewer"], name: "Vikram Reviewer" });
  admin = await signedInStaff(t, { roles: ["admin"], name: "Lab Admin" });
});
afterAll(async () => {
  await t.close();
});

const settings = (who: Who) => request(t.app).get("/api/lab/settings").auth(who.token, { type: "bearer" });
const put = (who: Who, body: object) =>
  request(t.app).put("/api/lab/settings").auth(who.token, { type: "bearer" }).send(body);

describe("GET/PUT /lab/settings", () => {
  it("starts with the two-person rule and no history; any staff member reads it", async () => {
    for (const who of [analyst, reviewer, admin]) {
      expect(labSettingsSchema.parse((await settings(who).expect(200)).body)).toEqual({
        onePersonRevocation: false,
        screeningValidDays: 10,
        collectionRadiusM: 300,
        internationalPhones: false,
        history: [],
      });
    }
    await request(t.app).get("/api/lab/settings").auth(customer.token, { type: "bearer" }).expect(403);
  });

  it("refuses a reviewer or an analyst (403 role_required) and a body that is not a boolean (400)", async () => {
    for (const who of [reviewer, analyst]) {
      const res = await put(who, { onePersonRevocation: true }).expect(403);
      expect(res.body).toMatchObject({ code: "role_required", error: resultMessages.roleRequired("admin") });
    }
    for (const body of [{ onePersonRevocation: "yes" }, { onePersonRevocation: 1 }]) {
      expect((await put(admin, body).expect(400)).body.error).toBe(messages.labSettingsInvalid);
    }
    expect((await put(admin, { internationalPhones: "yes" }).expect(400)).body.error).toBe(
      messages.internationalPhonesInvalid,
    );
    expect((await put(admin, {}).expect(400)).body.error).toBe(messages.labSettingsEmpty);
    expect((await settings(admin).expect(200)).body).toEqual({
      onePersonRevocation: false,
      screeningValidDays: 10,
      collectionRadiusM: 300,
      internationalPhones: false,
      history: [],
    });
  });

  it("an admin allows one-person revocation: a reviewer's single call revokes at once, recorded as one person's", async () => {
    const set = await put(admin, { onePersonRevocation: true }).expect(200);
    expect(set.body).toMatchObject({
      onePersonRevocation: true,
      history: [
        { setting: "onePersonRevocation", value: true, changedBy: { id: admin.id, name: "Lab Admin" } },
      ],
    });

    const sample = await submitSample(t.app, customer, {});
    const issued = await completeWithReport(t, analyst.token, sample.id);
    const res = await request(t.app)
      .post(`/api/lab/reports/${issued.id}/revoke`)
      .auth(reviewer.token, { type: "bearer" })
      .send({ reasonCode: "result_error", note: "Pb entered in the wrong unit" })
      .expect(200);
    expect(res.body as LabReport).toMatchObject({
      status: "revoked",
      revokedReason: "A result was wrong",
      revokedReasonCode: "result_error",
      revocationNote: "Pb entered in the wrong unit",
      revokedBy: reviewer.id,
      revocationConfirmedBy: reviewer.id,
    });
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, issued.id));
    expect(row).toMatchObject({ revokedBy: reviewer.id, revocationConfirmedBy: reviewer.id });
    const [event] = await t.database.db
      .select()
      .from(sampleEvents)
      .where(and(eq(sampleEvents.sampleId, sample.id), eq(sampleEvents.kind, "revoked")));
    expect(event?.note).toBe("Report revoked: A result was wrong (one-person revocation by Vikram Reviewer)");
    // The request trail shows it too: asked and decided by the same person.
    const trail = await t.database.db
      .select()
      .from(revocationRequests)
      .where(eq(revocationRequests.reportId, issued.id));
    expect(trail).toEqual([
      expect.objectContaining({ outcome: "confirmed", requestedBy: reviewer.id, decidedBy: reviewer.id }),
    ]);
    // Even then an analyst alone may not revoke.
    const other = await submitSample(t.app, customer, {});
    const standing = await completeWithReport(t, analyst.token, other.id);
    await request(t.app)
      .post(`/api/lab/reports/${standing.id}/revoke`)
      .auth(analyst.token, { type: "bearer" })
      .send({ reasonCode: "other" })
      .expect(403);
  });

  it("an admin sets the two-person rule back; the history lists each change with who made it, newest first", async () => {
    const second = await signedInStaff(t, { roles: ["admin", "reviewer"], name: "Second Admin" });
    await put(second, { onePersonRevocation: false }).expect(200);
    const read = labSettingsSchema.parse((await settings(reviewer).expect(200)).body);
    expect(read.onePersonRevocation).toBe(false);
    expect(read.history.map((change) => [change.value, change.changedBy?.name])).toEqual([
      [false, "Second Admin"],
      [true, "Lab Admin"],
    ]);
    // Back under the two-person rule, a single call only asks.
    const sample = await submitSample(t.app, customer, {});
    const issued = await completeWithReport(t, analyst.token, sample.id);
    await request(t.app)
      .post(`/api/lab/reports/${issued.id}/revoke`)
      .auth(second.token, { type: "bearer" })
      .send({ reasonCode: "other" })
      .expect(202);
  });
});

describe("PUT /lab/settings: how long a pre-harvest screening stays valid", () => {
  it("refuses 0, 91, a fraction, text, null and an empty body with the catalogue's message; nothing is written", async () => {
    for (const screeningValidDays of [0, 91, 10.5, "x", "10", null, -1, 1e308]) {
      const res = await put(admin, { screeningValidDays }).expect(400);
      expect(res.body, String(screeningValidDays)).toMatchObject({
        error: messages.screeningValidDaysInvalid,
        messageCode: messageCodeOfKey("screeningValidDaysInvalid"),
      });
    }
    // Both settings in one call: a bad one refuses the other too.
    await put(admin, { onePersonRevocation: true, screeningValidDays: 0 }).expect(400);
    for (const body of [{}, { unknown: 5 }]) {
      const res = await put(admin, body).expect(400);
      expect(res.body.messageCode).toBe(messageCodeOfKey("labSettingsEmpty"));
    }
    const read = labSettingsSchema.parse((await settings(admin).expect(200)).body);
    expect(read.screeningValidDays).toBe(10);
    expect(read.history.filter((change) => change.setting === "screeningValidDays")).toEqual([]);
  });

  it("refuses a reviewer or an analyst (403 role_required) and keeps the days", async () => {
    for (const who of [reviewer, analyst]) {
      const res = await put(who, { screeningValidDays: 20 }).expect(403);
      expect(res.body.code).toBe("role_required");
    }
    expect((await settings(admin).expect(200)).body.screeningValidDays).toBe(10);
  });

  it("an admin sets 1 and then 90 days: each change is kept with its author, newest first, beside the revocation rule's", async () => {
    const lower = await put(admin, { screeningValidDays: 1 }).expect(200);
    expect(lower.body).toMatchObject({ screeningValidDays: 1 });
    const second = await signedInStaff(t, { roles: ["admin"], name: "Days Admin" });
    const both = labSettingsSchema.parse(
      (await put(second, { screeningValidDays: 90, onePersonRevocation: false }).expect(200)).body,
    );
    expect(both.screeningValidDays).toBe(90);
    expect(both.onePersonRevocation).toBe(false);
    const days = both.history
      .filter((change) => change.setting === "screeningValidDays")
      .map((change) => [change.value, change.changedBy?.name]);
    expect(days).toEqual([
      [90, "Days Admin"],
      [1, "Lab Admin"],
    ]);
    // The revocation rule's own trail is still there, and the new call added its line to it.
    expect(both.history.filter((change) => change.setting === "onePersonRevocation")[0]).toMatchObject({
      value: false,
      changedBy: { name: "Days Admin" },
    });
    const [row] = await t.database.db.select().from(labSettings).where(eq(labSettings.id, 1));
    expect(row?.screeningValidDays).toBe(90);
  });
});

describe("PUT /lab/settings: the collection radius", () => {
  it("refuses 9, 50001, a fraction, text and null with the catalogue's message; nothing is written", async () => {
    for (const collectionRadiusM of [9, 50_001, 300.5, "300", null, -1, 1e308]) {
      const res = await put(admin, { collectionRadiusM }).expect(400);
      expect(res.body, String(collectionRadiusM)).toMatchObject({
        messageCode: messageCodeOfKey("collectionRadiusInvalid"),
        field: "collectionRadiusM",
      });
    }
    const read = labSettingsSchema.parse((await settings(analyst).expect(200)).body);
    expect(read.collectionRadiusM).toBe(300);
    expect(read.history.filter((change) => change.setting === "collectionRadiusM")).toEqual([]);
  });

  it("refuses a reviewer (403) and keeps the radius", async () => {
    expect((await put(reviewer, { collectionRadiusM: 50 }).expect(403)).body.code).toBe("role_required");
    expect((await settings(admin).expect(200)).body.collectionRadiusM).toBe(300);
  });

  it("an admin sets 10 and then 50000 m: each change is kept with its author, newest first, and the column holds it", async () => {
    await put(admin, { collectionRadiusM: 10 }).expect(200);
    const widest = labSettingsSchema.parse(
      (await put(admin, { collectionRadiusM: 50_000 }).expect(200)).body,
    );
    expect(widest.collectionRadiusM).toBe(50_000);
    expect(
      widest.history
        .filter((change) => change.setting === "collectionRadiusM")
        .map((change) => [change.value, change.changedBy?.name]),
    ).toEqual([
      [50_000, "Lab Admin"],
      [10, "Lab Admin"],
    ]);
    const [row] = await t.database.db.select().from(labSettings).where(eq(labSettings.id, 1));
    expect(row?.collectionRadiusM).toBe(50_000);
    await put(admin, { collectionRadiusM: 300 }).expect(200);
  });
});
