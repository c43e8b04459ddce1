import {
  messageCodeOfKey,
  type ActivityPage,
  type Lot,
  type MessageKey,
  type Share,
  type SharedSampleDetail,
  type SharedWithUs,
} from "@lab/contracts";
import { customers, organisationActivity, organisations, shares } from "@lab/db";
import { count, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { STRONG_PASSWORD, signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { submitSample } from "../../test/samples";

let t: TestApp;
type Who = { id: number; token: string; email: string; orgId: number };

/** The farmer's organisation (grants), the processor's (receives) and an unrelated one. */
let farmer: Who;
let farmerFull: Who;
let processor: Who;
let processorResults: Who;
let processorBilling: Who;
let stranger: Who;
let staffToken: string;

let sharedFarmId: number;
let otherFarmId: number;
let lotA: Lot;
let lotB: Lot;
let otherFarmLot: Lot;
let strangerFarmId: number;
let strangerLot: Lot;
let sampleA: number;
let sampleB: number;
let otherFarmSample: number;

const FARM_NAME = "Sri Venkateswara Aqua Farm";
const OTHER_FARM_NAME = "Bhimavaram North Ponds";
const STRANGER_FARM_NAME = "Nellore Coastal Farm";

const as = (who: Who, method: "get" | "post" | "delete", path: string) =>
  request(t.app)[method](`/api${path}`).auth(who.token, { type: "bearer" });

async function withOrg(who: { id: number; token: string; email: string }): Promise<Who> {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, who.id));
  return { ...who, orgId: row?.organisationId ?? 0 };
}

/** A member of `of`'s organisation with this role (signed up alone, then moved there, then signed in). */
async function colleague(of: Who, role: "full" | "results" | "billing"): Promise<Who> {
  const who = await signedInCustomer(t, `Member ${role}`);
  await t.database.db
    .update(customers)
    .set({ organisationId: of.orgId, memberRole: role, memberScope: "all" })
    .where(eq(customers.id, who.id));
  const login = await request(t.app)
    .post("/api/customers/login")
    .send({ email: who.email, password: STRONG_PASSWORD })
    .expect(200);
  return { ...who, orgId: of.orgId, token: (login.body as { accessToken: string }).accessToken };
}

/** A farm with one pond, one crop and `lots` harvest lots. */
async function farmWithLots(who: Who, name: string, lots: number): Promise<{ farmId: number; lots: Lot[] }> {
  const farm = (await as(who, "post", "/farms").send({ name, mpedaEnrolment: "AP/WG/2024/0099" }).expect(201))
    .body as { id: number };
  const pond = (await as(who, "post", `/farms/${farm.id}/ponds`).send({ code: "P1" }).expect(201)).body as {
    id: number;
  };
  const crop = (
    await as(who, "post", `/ponds/${pond.id}/crops`)
      .send({ species: "Tiger Shrimp", stockedOn: "2026-01-05", noTreatments: true })
      .expect(201)
  ).body as { id: number };
  const made: Lot[] = [];
  for (let i = 0; i < lots; i++) {
    made.push(
      (
        await as(who, "post", `/crops/${crop.id}/lots`)
          .send({ expectedOn: `2026-05-0${i + 1}`, markets: ["EU"] })
          .expect(201)
      ).body as Lot,
    );
  }
  return { farmId: farm.id, lots: made };
}

const screen = async (who: Who, lot: Lot) =>
  (
    await submitSample(t.app, who, {
      lotId: lot.id,
      purpose: "pre_harvest",
      samplerName: "Ravi Pond 1",
      markets: ["EU"],
    })
  ).id;

/** India's day `days` from the test clock's today. */
const dayFromNow = (days: number) =>
  new Date(t.clock.now().getTime() + 330 * 60_000 + days * 24 * 3600_000).toISOString().slice(0, 10);

const grant = (body: object, who: Who = farmer) =>
  as(who, "post", `/organisations/${who.orgId}/shares`).send(body);
const revoke = (shareId: number, who: Who = farmer) =>
  as(who, "delete", `/organisations/${who.orgId}/shares/${shareId}`);
const sharedWith = async (who: Who) => (await as(who, "get", "/shared").expect(200)).body as SharedWithUs;
const lotCodes = (answer: SharedWithUs) => answer.items.flatMap((item) => item.lots.map((lot) => lot.code));

async function trail(who: Who): Promise<ActivityPage["items"]> {
  return ((await as(who, "get", `/organisations/${who.orgId}/activity`).expect(200)).body as ActivityPage)
    .items;
}

async function writtenRows() {
  const db = t.database.db;
  const [s] = await db.select({ n: count() }).from(shares);
  const [a] = await db.select({ n: count() }).from(organisationActivity);
  return { shares: s?.n, activity: a?.n };
}

const expectRefused = (res: request.Response, status: number, key: MessageKey) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect((res.body as { messageCode: string }).messageCode).toBe(messageCodeOfKey(key));
};

beforeAll(async () => {
  t = await startTestApp();
  farmer = await withOrg(await signedInCustomer(t, "Ravi Kumar"));
  processor = await withOrg(await signedInCustomer(t, "Coastal Exports Buyer"));
  stranger = await withOrg(await signedInCustomer(t, "Unrelated Farmer"));
  await t.database.db
    .update(organisations)
    .set({ name: "Coastal Exports" })
    .where(eq(organisations.id, processor.orgId));
  farmerFull = await colleague(farmer, "full");
  processorResults = await colleague(processor, "results");
  processorBilling = await colleague(processor, "billing");
  staffToken = (await signedInStaff(t)).token;

  const shared = await farmWithLots(farmer, FARM_NAME, 2);
  sharedFarmId = shared.farmId;
  [lotA, lotB] = shared.lots as [Lot, Lot];
  const other = await farmWithLots(farmer, OTHER_FARM_NAME, 1);
  otherFarmId = other.farmId;
  [otherFarmLot] = other.lots as [Lot];
  const strangers = await farmWithLots(stranger, STRANGER_FARM_NAME, 1);
  strangerFarmId = strangers.farmId;
  [strangerLot] = strangers.lots as [Lot];

  sampleA = await screen(farmer, lotA);
  await completeWithReport(t, staffToken, sampleA);
  sampleB = await screen(farmer, lotB);
  otherFarmSample = await screen(farmer, otherFarmLot);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("shares: a farmer's consent that a processor reads a farm or a lot", () => {
  it("grant by e-mail: the processor reads the farm's lots, their samples with verdicts, a sample's results and its report PDF; both trails record it", async () => {
    const res = await grant({
      farmId: sharedFarmId,
      granteeEmail: processor.email.toUpperCase(),
      expiresAt: dayFromNow(30),
    }).expect(201);
    const share = res.body as Share;
    expect(share).toMatchObject({
      target: "farm",
      farm: { id: sharedFarmId, name: FARM_NAME },
      lot: null,
      grantee: { id: processor.orgId },
      lastDay: dayFromNow(30),
      createdBy: "Ravi Kumar",
    });
    // The share runs to the end of its last day in India.
    expect(share.expiresAt).toBe(new Date(`${dayFromNow(31)}T00:00:00+05:30`).toISOString());
    // The grantee is named by its organisation only: no member's name or address.
    expect(res.text).not.toContain(processor.email);
    expect(res.text).not.toContain("Coastal Exports Buyer");

    const listed = (await as(farmer, "get", `/organisations/${farmer.orgId}/shares`).expect(200)).body as {
      items: Share[];
    };
    expect(listed.items.map((item) => item.id)).toContain(share.id);
    // A member who is not admin reads the list too.
    await as(farmerFull, "get", `/organisations/${farmer.orgId}/shares`).expect(200);

    for (const reader of [processor, processorResults]) {
      const answer = await sharedWith(reader);
      expect(answer.items).toHaveLength(1);
      const [farm] = answer.items;
      expect(farm?.farm).toMatchObject({ name: FARM_NAME, mpedaEnrolment: "AP/WG/2024/0099" });
      expect(farm?.organisation.name).toBe("Ravi Kumar");
      expect(lotCodes(answer).sort()).toEqual([lotA.code, lotB.code].sort());
      const a = farm?.lots.find((lot) => lot.code === lotA.code);
      expect(a?.state).toBe("cleared");
      expect(a?.sharedUntil).toBe(dayFromNow(30));
      expect(a?.samples).toHaveLength(1);
      expect(a?.samples[0]).toMatchObject({ id: sampleA, status: "COMPLETED", purpose: "pre_harvest" });
      expect(a?.samples[0]?.report?.verdicts).toContainEqual({ market: "EU", verdict: "pass" });
      expect(farm?.lots.find((lot) => lot.code === lotB.code)?.samples[0]).toMatchObject({
        id: sampleB,
        status: "PENDING",
        report: null,
      });
    }
    const body = JSON.stringify(await sharedWith(processor));
    // Nothing of the farm's other farm, nor any person's details.
    for (const secret of [OTHER_FARM_NAME, otherFarmLot.code, farmer.email, "Ravi Pond 1", "9848022338"])
      expect(body).not.toContain(secret);

    const detail = (await as(processor, "get", `/shared/samples/${sampleA}`).expect(200))
      .body as SharedSampleDetail;
    expect(detail).toMatchObject({ farmName: FARM_NAME, lotCode: lotA.code, pondCode: "P1" });
    expect(detail.report?.status).toBe("valid");
    expect(detail.report?.parameters.length).toBeGreaterThan(0);
    expect(detail.report?.markets.map((market) => market.code)).toContain("EU");

    const pdf = await as(processor, "get", `/shared/samples/${sampleA}/report.pdf`).buffer(true).expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe("%PDF-");
    // A sample without a report has no PDF.
    await as(processor, "get", `/shared/samples/${sampleB}/report.pdf`).expect(404);

    const granted = (await trail(farmer)).find((entry) => entry.kind === "share-granted");
    expect(granted).toMatchObject({
      subject: { label: FARM_NAME },
      details: { target: "farm", organisation: "Coastal Exports", shareId: share.id },
    });
    const received = (await trail(processor)).find((entry) => entry.kind === "share-received");
    expect(received).toMatchObject({
      actor: null,
      subject: { label: FARM_NAME },
      details: { target: "farm", organisation: "Ravi Kumar", shareId: share.id },
    });

    // Revoked: the next read finds nothing, at once; both trails say so; it cannot be revoked twice.
    await revoke(share.id).expect(204);
    expect((await sharedWith(processor)).items).toEqual([]);
    await as(processor, "get", `/shared/samples/${sampleA}`).expect(404);
    await as(processor, "get", `/shared/samples/${sampleA}/report.pdf`).expect(404);
    expect((await trail(farmer)).some((entry) => entry.kind === "share-revoked")).toBe(true);
    expect((await trail(processor)).some((entry) => entry.kind === "share-withdrawn")).toBe(true);
    expectRefused(await revoke(share.id), 404, "shareNotFound");
    const after = (await as(farmer, "get", `/organisations/${farmer.orgId}/shares`).expect(200)).body as {
      items: Share[];
    };
    expect(after.items.map((item) => item.id)).not.toContain(share.id);
  });

  it("a lot share, by organisation number, shows that lot only; its farm's other lots and samples stay unseen", async () => {
    const share = (
      await grant({
        lotCode: ` ${lotA.code.toLowerCase().slice(0, 5)}-${lotA.code.slice(5)} `,
        granteeOrganisationId: processor.orgId,
        expiresAt: dayFromNow(5),
      }).expect(201)
    ).body as Share;
    expect(share).toMatchObject({
      target: "lot",
      lot: { id: lotA.id, code: lotA.code },
      farm: { id: sharedFarmId },
    });
    expect(lotCodes(await sharedWith(processor))).toEqual([lotA.code]);
    await as(processor, "get", `/shared/samples/${sampleA}`).expect(200);
    await as(processor, "get", `/shared/samples/${sampleB}`).expect(404);
    await as(processor, "get", `/shared/samples/${otherFarmSample}`).expect(404);
    // The same lot again while this share stands: revoke first.
    expectRefused(
      await grant({ lotCode: lotA.code, granteeOrganisationId: processor.orgId, expiresAt: dayFromNow(9) }),
      409,
      "shareExists",
    );
    await revoke(share.id).expect(204);
  });

  it("isolation: only the grantee's readers see a share; billing, strangers, the farmer's own members through /shared, other ids and non-admins are refused", async () => {
    const share = (
      await grant({ farmId: sharedFarmId, granteeEmail: processor.email, expiresAt: dayFromNow(3) }).expect(
        201,
      )
    ).body as Share;
    // The grantee's billing member: no samples, shared or not.
    await as(processorBilling, "get", "/shared").expect(403);
    await as(processorBilling, "get", `/shared/samples/${sampleA}`).expect(403);
    // An unrelated organisation, and the farmer's own members, find nothing under /shared.
    expect((await sharedWith(stranger)).items).toEqual([]);
    await as(stranger, "get", `/shared/samples/${sampleA}`).expect(404);
    expect((await sharedWith(farmer)).items).toEqual([]);
    await as(farmer, "get", `/shared/samples/${sampleA}`).expect(404);
    // The grantee cannot reach the farmer's own routes with the shared ids.
    await as(processor, "get", `/farms/${sharedFarmId}`).expect(404);
    await as(processor, "get", `/sample-submissions/${sampleA}`).expect(404);
    // Ids that are not a shared lot's sample.
    await as(processor, "get", `/shared/samples/${otherFarmSample}`).expect(404);
    await as(processor, "get", "/shared/samples/0").expect(404);
    await as(processor, "get", "/shared/samples/99999999999").expect(404);
    // The grantee cannot list, grant on behalf of, or revoke the farmer's shares.
    await as(processor, "get", `/organisations/${farmer.orgId}/shares`).expect(404);
    await as(processor, "delete", `/organisations/${farmer.orgId}/shares/${share.id}`).expect(404);
    expectRefused(await revoke(share.id, processor), 404, "shareNotFound");
    // The farmer cannot share a farm or lot of another organisation.
    expectRefused(
      await grant({ farmId: strangerFarmId, granteeEmail: processor.email, expiresAt: dayFromNow(3) }),
      404,
      "farmNotFound",
    );
    expectRefused(
      await grant({ lotCode: strangerLot.code, granteeEmail: processor.email, expiresAt: dayFromNow(3) }),
      404,
      "lotNotFound",
    );
    // Granting and revoking are the admin's: a full member is refused, billing cannot list.
    const before = await writtenRows();
    expectRefused(
      await grant(
        { farmId: otherFarmId, granteeEmail: processor.email, expiresAt: dayFromNow(3) },
        farmerFull,
      ),
      403,
      "organisationAdminRequired",
    );
    expectRefused(await revoke(share.id, farmerFull), 403, "organisationAdminRequired");
    expect(await writtenRows()).toEqual(before);
    expect(lotCodes(await sharedWith(processor)).sort()).toEqual([lotA.code, lotB.code].sort());
    await revoke(share.id).expect(204);
  });

  it("expiry: a share stands until its end and not a millisecond after; the grantee then gets 404", async () => {
    const end = new Date(t.clock.now().getTime() + 10 * 60_000);
    const share = (
      await grant({ lotCode: lotA.code, granteeEmail: processor.email, expiresAt: end.toISOString() }).expect(
        201,
      )
    ).body as Share;
    expect(share.expiresAt).toBe(end.toISOString());
    t.clock.advance((end.getTime() - 1 - t.clock.now().getTime()) / 1000);
    expect(lotCodes(await sharedWith(processor))).toEqual([lotA.code]);
    await as(processor, "get", `/shared/samples/${sampleA}/report.pdf`).expect(200);
    t.clock.advance(0.001);
    expect((await sharedWith(processor)).items).toEqual([]);
    await as(processor, "get", `/shared/samples/${sampleA}`).expect(404);
    await as(processor, "get", `/shared/samples/${sampleA}/report.pdf`).expect(404);
    const listed = (await as(farmer, "get", `/organisations/${farmer.orgId}/shares`).expect(200)).body as {
      items: Share[];
    };
    expect(listed.items.map((item) => item.id)).not.toContain(share.id);
    // An ended share is no obstacle to a new one.
    const again = (
      await grant({ lotCode: lotA.code, granteeEmail: processor.email, expiresAt: dayFromNow(1) }).expect(201)
    ).body as Share;
    await revoke(again.id).expect(204);
  });

  it("bad input: each refused with its message and field, nothing written", async () => {
    const before = await writtenRows();
    const base = { farmId: sharedFarmId, granteeEmail: processor.email, expiresAt: dayFromNow(10) };
    const cases: [object, number, MessageKey, string | undefined][] = [
      [{ ...base, farmId: undefined, lotCode: "NOT-A-CODE!" }, 400, "shareLotCodeInvalid", "lotCode"],
      [{ ...base, farmId: undefined, lotCode: "A".repeat(5000) }, 400, "shareLotCodeInvalid", "lotCode"],
      [{ ...base, lotCode: lotA.code }, 400, "shareTargetRequired", "farmId"],
      [{ granteeEmail: processor.email, expiresAt: dayFromNow(10) }, 400, "shareTargetRequired", "farmId"],
      [{ ...base, granteeEmail: undefined }, 400, "shareGranteeRequired", "granteeEmail"],
      [{ ...base, granteeOrganisationId: processor.orgId }, 400, "shareGranteeRequired", "granteeEmail"],
      [{ ...base, granteeEmail: "buyer\u0000@example.com" }, 400, "textInvalid", "granteeEmail"],
      [{ ...base, granteeEmail: "not an address" }, 400, "invalidEmailFormat", "granteeEmail"],
      [{ ...base, expiresAt: "2026-02-31" }, 400, "shareExpiryInvalid", "expiresAt"],
      [{ ...base, expiresAt: "tomorrow" }, 400, "shareExpiryInvalid", "expiresAt"],
      [{ ...base, expiresAt: 1_800_000_000_000 }, 400, "shareExpiryInvalid", "expiresAt"],
      [{ ...base, expiresAt: dayFromNow(-1) }, 422, "shareExpiryPast", "expiresAt"],
      [
        { ...base, expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString() },
        422,
        "shareExpiryPast",
        "expiresAt",
      ],
      [{ ...base, expiresAt: dayFromNow(400) }, 422, "shareExpiryTooFar", "expiresAt"],
      [{ ...base, farmId: 2_147_483_648 }, 400, "farmNotFound", "farmId"],
      [{ ...base, farmId: "1; drop table shares" }, 400, "farmNotFound", "farmId"],
      [{ ...base, farmId: 987654 }, 404, "farmNotFound", undefined],
      [{ ...base, farmId: undefined, lotCode: "ZZZZZZZZZZ" }, 404, "lotNotFound", undefined],
      [{ ...base, granteeEmail: "nobody.at.all@example.com" }, 422, "granteeUnknown", "granteeEmail"],
      [
        { ...base, granteeEmail: undefined, granteeOrganisationId: 987654 },
        422,
        "granteeUnknown",
        "granteeOrganisationId",
      ],
      [{ ...base, granteeEmail: farmerFull.email }, 422, "shareWithSelf", "granteeEmail"],
      [
        { ...base, granteeEmail: undefined, granteeOrganisationId: farmer.orgId },
        422,
        "shareWithSelf",
        "granteeOrganisationId",
      ],
      [[base], 400, "shareInvalid", undefined],
    ];
    for (const [body, status, key, field] of cases) {
      const res = await grant(body);
      const label = JSON.stringify(body).slice(0, 120);
      expect(res.status, label).toBe(status);
      expect((res.body as { messageCode: string }).messageCode, label).toBe(messageCodeOfKey(key));
      expect((res.body as { field?: string }).field, label).toBe(field);
    }
    // A body that is no JSON object, and one of 200 KB.
    const raw = await request(t.app)
      .post(`/api/organisations/${farmer.orgId}/shares`)
      .auth(farmer.token, { type: "bearer" })
      .set("Content-Type", "application/json")
      .send("{not json");
    expect(raw.status).toBe(400);
    const huge = await grant({ ...base, note: "x".repeat(200 * 1024) });
    expect(huge.status).toBe(413);
    // Bad ids in the path.
    await as(farmer, "delete", `/organisations/${farmer.orgId}/shares/abc`).expect(404);
    await as(farmer, "delete", `/organisations/${farmer.orgId}/shares/2147483648`).expect(404);
    await as(farmer, "delete", `/organisations/${farmer.orgId}/shares/987654`).expect(404);
    expect(await writtenRows()).toEqual(before);
  });
});
