import type { messages } from "@lab/contracts";
import { messageCodeOfKey, type Crop, type Farm, type Lot, type Pond, type Sample } from "@lab/contracts";
import { crops, customers, farms, harvestLots, organisationActivity, ponds, samples } from "@lab/db";
import { count, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { STRONG_PASSWORD, signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { samplePayload, submitSample } from "../../test/samples";

let t: TestApp;
type Who = { id: number; token: string; email: string };
let admin: Who;
let stranger: Who;

/** A member of `of`'s organisation with this role (signed up alone, then moved there, then signed in). */
async function colleague(of: Who, role: "full" | "results" | "billing"): Promise<Who> {
  const who = await signedInCustomer(t, `Member ${role}`);
  const [home] = await t.database.db.select().from(customers).where(eq(customers.id, of.id));
  await t.database.db
    .update(customers)
    .set({ organisationId: home?.organisationId ?? 0, memberRole: role, memberScope: "all" })
    .where(eq(customers.id, who.id));
  const login = await request(t.app)
    .post("/api/customers/login")
    .send({ email: who.email, password: STRONG_PASSWORD })
    .expect(200);
  return { ...who, token: (login.body as { accessToken: string }).accessToken };
}

const as = (who: Who, method: "get" | "post" | "put" | "delete", path: string) =>
  request(t.app)[method](`/api${path}`).auth(who.token, { type: "bearer" });

const FARM = {
  name: "  Sri Venkateswara Aqua Farm ",
  mpedaEnrolment: "AP/WG/2024/00123",
  caaRegistration: "CAA-AP-2023-4567",
  caaExpiresOn: "2031-03-31",
  stateLicence: "APFL-889",
  surveyNumbers: "112/2A, 113",
  areaHa: 4.25,
  village: "Kalla",
  mandal: "Kalla",
  district: "West Godavari",
  state: "Andhra Pradesh",
  lat: 16.52,
  lng: 81.43,
};
const CROP = { species: "Pacific White Shrimp", stockedOn: "2026-01-15", density: 60, noTreatments: true };

async function newFarm(who: Who = admin, body: object = FARM): Promise<Farm> {
  return (await as(who, "post", "/farms").send(body).expect(201)).body as Farm;
}
async function newPond(farmId: number, code = "P1", who: Who = admin): Promise<Pond> {
  return (await as(who, "post", `/farms/${farmId}/ponds`).send({ code, areaHa: 0.8 }).expect(201))
    .body as Pond;
}
async function newCrop(pondId: number, body: object = CROP, who: Who = admin): Promise<Crop> {
  return (await as(who, "post", `/ponds/${pondId}/crops`).send(body).expect(201)).body as Crop;
}
async function newLot(
  cropId: number,
  body: object = { expectedOn: "2026-05-01" },
  who: Who = admin,
): Promise<Lot> {
  return (await as(who, "post", `/crops/${cropId}/lots`).send(body).expect(201)).body as Lot;
}

/** The farm tables' row counts, to show a refused request wrote nothing. */
async function rowCounts() {
  const db = t.database.db;
  const [f] = await db.select({ n: count() }).from(farms);
  const [p] = await db.select({ n: count() }).from(ponds);
  const [c] = await db.select({ n: count() }).from(crops);
  const [l] = await db.select({ n: count() }).from(harvestLots);
  const [s] = await db.select({ n: count() }).from(samples);
  const [a] = await db.select({ n: count() }).from(organisationActivity);
  return { farms: f?.n, ponds: p?.n, crops: c?.n, lots: l?.n, samples: s?.n, activity: a?.n };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInCustomer(t, "Ravi Kumar");
  stranger = await signedInCustomer(t, "Other Organisation");
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("farms, ponds, crops and lots", () => {
  it("creates, reads, lists, changes and deletes a farm, its ponds, a crop and its lots", async () => {
    const farm = await newFarm();
    expect(farm).toMatchObject({
      name: "Sri Venkateswara Aqua Farm",
      mpedaEnrolment: "AP/WG/2024/00123",
      caaStatus: "valid",
      areaHa: 4.25,
      pondCount: 0,
    });
    const pond = await newPond(farm.id, "P-1/A");
    expect(pond).toMatchObject({ farmId: farm.id, farmName: farm.name, code: "P-1/A", openCropId: null });
    const listed = (await as(admin, "get", "/farms").expect(200)).body as { items: Farm[] };
    expect(listed.items.find((item) => item.id === farm.id)?.pondCount).toBe(1);

    const crop = await newCrop(pond.id, {
      ...CROP,
      noTreatments: false,
      treatments: [
        { substance: "Oxytetracycline", dose: "2 g/kg feed", from: "2026-02-01", to: "2026-02-05" },
      ],
    });
    expect(crop).toMatchObject({ pondCode: "P-1/A", species: "Pacific White Shrimp", noTreatments: false });
    expect(crop.treatments).toHaveLength(1);
    expect(((await as(admin, "get", `/ponds/${pond.id}`).expect(200)).body as Pond).openCropId).toBe(crop.id);
    // One open crop per pond.
    const second = await as(admin, "post", `/ponds/${pond.id}/crops`).send(CROP).expect(409);
    expect(second.body.messageCode).toBe(messageCodeOfKey("pondHasOpenCrop"));

    const lot = await newLot(crop.id, {
      expectedOn: "2026-05-02",
      quantityKg: 1500.25,
      countPerKg: 40,
      buyerName: "Coastal Exports Pvt Ltd",
      buyerEic: "EIC/CHN/123",
      markets: ["eu", "EU"],
    });
    expect(lot.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(lot).toMatchObject({
      quantityKg: 1500.3,
      markets: ["EU"],
      pondCode: "P-1/A",
      farmName: farm.name,
    });
    const other = await newLot(crop.id, { expectedOn: "2026-06-01" });
    expect(other.code).not.toBe(lot.code);
    const lots = (await as(admin, "get", "/lots").expect(200)).body as { items: Lot[] };
    expect(lots.items.map((item) => item.id)).toEqual([other.id, lot.id]);
    expect(
      ((await as(admin, "get", `/crops/${crop.id}/lots`).expect(200)).body as { items: Lot[] }).items,
    ).toHaveLength(2);
    const changedLot = (
      await as(admin, "put", `/lots/${lot.id}`).send({ quantityKg: 900, buyerName: "" }).expect(200)
    ).body as Lot;
    expect(changedLot).toMatchObject({ quantityKg: 900, buyerName: null, code: lot.code });

    // Harvesting ends the crop: the pond takes a new one.
    const harvested = (
      await as(admin, "put", `/crops/${crop.id}`).send({ harvestedOn: "2026-05-03" }).expect(200)
    ).body as Crop;
    expect(harvested.harvestedOn).toBe("2026-05-03");
    const next = await newCrop(pond.id, { ...CROP, stockedOn: "2026-06-01" });
    const history = (await as(admin, "get", `/ponds/${pond.id}/crops`).expect(200)).body as { items: Crop[] };
    expect(history.items.map((item) => item.id)).toEqual([next.id, crop.id]);
    // Re-opening the old crop would make two open crops.
    await as(admin, "put", `/crops/${crop.id}`).send({ harvestedOn: null }).expect(409);

    const changed = (
      await as(admin, "put", `/farms/${farm.id}`).send({ name: "Renamed", caaExpiresOn: null }).expect(200)
    ).body as Farm;
    expect(changed).toMatchObject({
      name: "Renamed",
      caaStatus: "unknown",
      mpedaEnrolment: "AP/WG/2024/00123",
    });
    const renamedPond = (await as(admin, "put", `/ponds/${pond.id}`).send({ code: "P2" }).expect(200))
      .body as Pond;
    expect(renamedPond.code).toBe("P2");

    const trail = await t.database.db
      .select({ kind: organisationActivity.kind })
      .from(organisationActivity)
      .where(eq(organisationActivity.subjectId, lot.id));
    expect(trail.map((row) => row.kind)).toContain("lot-created");
    // The organisation's trail page shows them, each with what it was done to.
    const [home] = await t.database.db
      .select({ organisationId: customers.organisationId })
      .from(customers)
      .where(eq(customers.id, admin.id));
    const page = (await as(admin, "get", `/organisations/${home?.organisationId ?? 0}/activity`).expect(200))
      .body as { items: { kind: string; subject: { label: string } | null }[] };
    expect(page.items.map((item) => item.kind)).toEqual(
      expect.arrayContaining(["farm-created", "pond-created", "crop-stocked", "lot-created", "lot-updated"]),
    );
    expect(page.items.find((item) => item.kind === "lot-created")?.subject?.label).toBe(other.code);

    await as(admin, "delete", `/ponds/${pond.id}`).expect(204);
    await as(admin, "get", `/crops/${crop.id}`).expect(404);
    await as(admin, "delete", `/farms/${farm.id}`).expect(204);
    await as(admin, "get", `/farms/${farm.id}`).expect(404);
  });

  it("says whether a CAA registration is valid, expiring within 30 days or expired, on India's calendar", async () => {
    const today = new Date(t.clock.now().getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const day = (offset: number) => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + offset);
      return date.toISOString().slice(0, 10);
    };
    const status = async (caaExpiresOn: string | null) =>
      (await newFarm(admin, { name: "CAA", caaExpiresOn })).caaStatus;
    expect(await status(day(31))).toBe("valid");
    expect(await status(day(30))).toBe("expiring");
    expect(await status(day(0))).toBe("expiring");
    expect(await status(day(-1))).toBe("expired");
    expect(await status(null)).toBe("unknown");
  });

  it("refuses bad input field by field, with its message, and writes nothing", async () => {
    const farm = await newFarm();
    const pond = await newPond(farm.id);
    const crop = await newCrop(pond.id);
    const before = await rowCounts();
    const refuse = async (
      path: string,
      body: unknown,
      key: keyof typeof messages,
      field?: string,
      method: "post" | "put" = "post",
    ) => {
      const res = await as(admin, method, path).send(body as object);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.messageCode, `${path} ${JSON.stringify(body)}`).toBe(messageCodeOfKey(key));
      if (field !== undefined) expect(res.body.field).toBe(field);
    };
    await refuse("/farms", {}, "farmNameRequired", "name");
    await refuse("/farms", { name: "   " }, "farmNameRequired", "name");
    await refuse("/farms", { name: "Farm\u0000" }, "textInvalid", "name");
    await refuse("/farms", { name: "x".repeat(121) }, "tooLong", "name");
    await refuse("/farms", { name: "Farm", mpedaEnrolment: "M".repeat(41) }, "tooLong", "mpedaEnrolment");
    await refuse("/farms", { name: "Farm", caaExpiresOn: "2026-02-30" }, "dateInvalid", "caaExpiresOn");
    await refuse("/farms", { name: "Farm", caaExpiresOn: "31/03/2026" }, "dateInvalid", "caaExpiresOn");
    await refuse("/farms", { name: "Farm", areaHa: -1 }, "areaInvalid", "areaHa");
    await refuse("/farms", { name: "Farm", areaHa: 0 }, "areaInvalid", "areaHa");
    await refuse("/farms", { name: "Farm", areaHa: 100_001 }, "areaInvalid", "areaHa");
    await refuse("/farms", { name: "Farm", lat: 91, lng: 80 }, "coordinatesInvalid", "lat");
    await refuse("/farms", { name: "Farm", lat: 16 }, "coordinatesInvalid", "lat");
    await refuse("/farms", { name: "Farm", providerId: 2_147_483_648 }, "idOutOfRange", "providerId");
    await refuse("/farms", { name: "Farm", providerId: 987_654 }, "providerNotFound", "providerId");
    await refuse("/farms", { name: "Farm", boundary: [[81, 16]] }, "boundaryInvalid", "boundary");
    await refuse(`/farms/${farm.id}`, { name: "" }, "farmNameRequired", "name", "put");
    // Its stored longitude would be left without a latitude.
    await refuse(`/farms/${farm.id}`, { lat: null }, "coordinatesInvalid", "lat", "put");
    await refuse(`/farms/${farm.id}/ponds`, { code: "" }, "pondCodeInvalid", "code");
    await refuse(`/farms/${farm.id}/ponds`, { code: "P_1" }, "pondCodeInvalid", "code");
    await refuse(`/farms/${farm.id}/ponds`, { code: "P".repeat(21) }, "pondCodeInvalid", "code");
    await refuse(`/farms/${farm.id}/ponds`, { code: "P9", areaHa: -0.5 }, "areaInvalid", "areaHa");
    await refuse(`/ponds/${pond.id}/crops`, { ...CROP, species: "Lobster" }, "cropSpeciesInvalid", "species");
    await refuse(
      `/ponds/${pond.id}/crops`,
      { ...CROP, stockedOn: "2026-13-01" },
      "stockedOnRequired",
      "stockedOn",
    );
    await refuse(`/ponds/${pond.id}/crops`, { ...CROP, density: 0 }, "densityInvalid", "density");
    await refuse(`/ponds/${pond.id}/crops`, { ...CROP, density: 2.5 }, "densityInvalid", "density");
    await refuse(
      `/ponds/${pond.id}/crops`,
      { ...CROP, noTreatments: false },
      "treatmentsRequired",
      "treatments",
    );
    await refuse(
      `/ponds/${pond.id}/crops`,
      {
        ...CROP,
        noTreatments: false,
        treatments: [{ substance: "OTC", dose: "1 g", from: "2026-02-05", to: "2026-02-01" }],
      },
      "treatmentInvalid",
      "treatments.0.to",
    );
    await refuse(
      `/ponds/${pond.id}/crops`,
      { ...CROP, harvestedOn: "2026-01-01" },
      "harvestBeforeStocking",
      "harvestedOn",
    );
    await refuse(
      `/crops/${crop.id}`,
      { harvestedOn: "2025-12-31" },
      "harvestBeforeStocking",
      "harvestedOn",
      "put",
    );
    await refuse(`/crops/${crop.id}/lots`, {}, "expectedOnRequired", "expectedOn");
    await refuse(
      `/crops/${crop.id}/lots`,
      { expectedOn: "2026-05-01", quantityKg: -5 },
      "quantityInvalid",
      "quantityKg",
    );
    await refuse(
      `/crops/${crop.id}/lots`,
      { expectedOn: "2026-05-01", countPerKg: 0 },
      "countPerKgInvalid",
      "countPerKg",
    );
    await refuse(`/crops/${crop.id}/lots`, { expectedOn: "2026-05-01", markets: ["??"] }, "marketInvalid");
    await refuse(
      `/crops/${crop.id}/lots`,
      { expectedOn: "2026-05-01", markets: ["ZZ"] },
      "marketUnknown",
      "markets",
    );
    await refuse(
      `/crops/${crop.id}/lots`,
      { expectedOn: "2026-05-01", buyerName: "B".repeat(161) },
      "tooLong",
      "buyerName",
    );
    await refuse(
      `/crops/${crop.id}/lots`,
      { expectedOn: "2026-05-01", buyerEic: "E\u0000" },
      "textInvalid",
      "buyerEic",
    );
    // A pond code is unique in its farm whatever its case.
    const taken = await as(admin, "post", `/farms/${farm.id}/ponds`).send({ code: "p1" }).expect(409);
    expect(taken.body.messageCode).toBe(messageCodeOfKey("pondCodeTaken"));
    expect(await rowCounts()).toEqual(before);
  });

  it("answers ids out of range as not found, never a 500", async () => {
    for (const path of [
      "/farms/0",
      "/farms/2147483648",
      "/farms/abc",
      "/ponds/-1",
      "/crops/1e3",
      "/lots/99999999999",
    ])
      expect((await as(admin, "get", path)).status, path).toBe(404);
  });

  it("keeps each organisation's farms to itself: another organisation's ids are not found", async () => {
    const farm = await newFarm();
    const pond = await newPond(farm.id);
    const crop = await newCrop(pond.id);
    const lot = await newLot(crop.id);
    const before = await rowCounts();
    const calls: ["get" | "post" | "put" | "delete", string, object?][] = [
      ["get", `/farms/${farm.id}`],
      ["put", `/farms/${farm.id}`, { name: "Mine now" }],
      ["delete", `/farms/${farm.id}`],
      ["get", `/farms/${farm.id}/ponds`],
      ["post", `/farms/${farm.id}/ponds`, { code: "X1" }],
      ["get", `/ponds/${pond.id}`],
      ["put", `/ponds/${pond.id}`, { code: "X2" }],
      ["delete", `/ponds/${pond.id}`],
      ["get", `/ponds/${pond.id}/crops`],
      ["post", `/ponds/${pond.id}/crops`, CROP],
      ["get", `/crops/${crop.id}`],
      ["put", `/crops/${crop.id}`, { harvestedOn: "2026-05-01" }],
      ["get", `/crops/${crop.id}/lots`],
      ["post", `/crops/${crop.id}/lots`, { expectedOn: "2026-05-01" }],
      ["get", `/lots/${lot.id}`],
      ["put", `/lots/${lot.id}`, { quantityKg: 1 }],
      ["get", `/lots/${lot.code}/card.pdf`],
    ];
    for (const [method, path, body] of calls) {
      const res = await as(stranger, method, path).send(body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const theirs = (await as(stranger, "get", "/farms").expect(200)).body as { items: Farm[] };
    expect(theirs.items.map((item) => item.id)).not.toContain(farm.id);
    const theirLots = (await as(stranger, "get", "/lots").expect(200)).body as { items: Lot[] };
    expect(theirLots.items.map((item) => item.id)).not.toContain(lot.id);
    // Nor can they name our pond, crop or lot on a sample.
    for (const link of [
      { pondId: pond.id },
      { cropId: crop.id },
      { lotId: lot.id, purpose: "pre_harvest" },
    ]) {
      const res = await as(stranger, "post", "/sample-submissions").send(samplePayload(stranger.id, link));
      expect(res.status, JSON.stringify(link)).toBe(400);
      expect(res.body.messageCode).toBe(messageCodeOfKey("sampleLinkUnknown"));
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("lets results members read but not write, and billing members neither", async () => {
    const farm = await newFarm();
    const pond = await newPond(farm.id);
    const crop = await newCrop(pond.id);
    const lot = await newLot(crop.id);
    const results = await colleague(admin, "results");
    const billing = await colleague(admin, "billing");
    const full = await colleague(admin, "full");
    for (const path of [
      `/farms/${farm.id}`,
      `/ponds/${pond.id}`,
      `/crops/${crop.id}`,
      `/lots/${lot.id}`,
      "/lots",
      "/farms",
    ])
      await as(results, "get", path).expect(200);
    await as(results, "get", `/lots/${lot.code}/card.pdf`).expect(200);
    const before = await rowCounts();
    const writes: ["post" | "put" | "delete", string, object?][] = [
      ["post", "/farms", { name: "No" }],
      ["put", `/farms/${farm.id}`, { name: "No" }],
      ["delete", `/farms/${farm.id}`],
      ["post", `/farms/${farm.id}/ponds`, { code: "N1" }],
      ["put", `/ponds/${pond.id}`, { code: "N2" }],
      ["delete", `/ponds/${pond.id}`],
      ["put", `/crops/${crop.id}`, { harvestedOn: "2026-05-01" }],
      ["post", `/crops/${crop.id}/lots`, { expectedOn: "2026-05-01" }],
      ["put", `/lots/${lot.id}`, { quantityKg: 1 }],
    ];
    for (const [method, path, body] of writes) {
      const res = await as(results, method, path).send(body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.messageCode).toBe(messageCodeOfKey("memberRoleForbidden"));
    }
    for (const path of [
      `/farms/${farm.id}`,
      "/farms",
      `/lots/${lot.id}`,
      "/lots",
      `/lots/${lot.code}/card.pdf`,
    ])
      expect((await as(billing, "get", path)).status, path).toBe(403);
    expect(await rowCounts()).toEqual(before);
    // A full member writes.
    await as(full, "put", `/lots/${lot.id}`).send({ quantityKg: 10 }).expect(200);
  });
});

describe("a submission naming its pond, crop and lot", () => {
  it("takes a lot alone (its crop and pond follow), shows them on the sample, and keeps the spec's submissions as they were", async () => {
    const farm = await newFarm(admin, { name: "Linked Farm" });
    const pond = await newPond(farm.id, "L1");
    const crop = await newCrop(pond.id);
    const lot = await newLot(crop.id);
    const sample = await submitSample(t.app, admin, { lotId: lot.id, purpose: "pre_harvest" });
    expect(sample).toMatchObject({
      purpose: "pre_harvest",
      pond: { id: pond.id, code: "L1", farmName: "Linked Farm" },
      cropId: crop.id,
      lot: { id: lot.id, code: lot.code },
    });
    const [row] = await t.database.db.select().from(samples).where(eq(samples.id, sample.id));
    expect(row).toMatchObject({ pondId: pond.id, cropId: crop.id, lotId: lot.id, purpose: "pre_harvest" });
    const read = (await as(admin, "get", `/sample-submissions/${sample.id}`).expect(200)).body as Sample;
    expect(read.lot?.code).toBe(lot.code);

    const monitoring = await submitSample(t.app, admin, { pondId: pond.id, purpose: "monitoring" });
    expect(monitoring).toMatchObject({
      purpose: "monitoring",
      pond: { id: pond.id },
      cropId: null,
      lot: null,
    });
    const plain = await submitSample(t.app, admin);
    expect(Object.keys(plain)).not.toContain("purpose");
    expect(Object.keys(plain)).not.toContain("lot");

    // What a sample names cannot be deleted from under it.
    const inUse = await as(admin, "delete", `/farms/${farm.id}`).expect(409);
    expect(inUse.body.messageCode).toBe(messageCodeOfKey("farmInUse"));
    const pondInUse = await as(admin, "delete", `/ponds/${pond.id}`).expect(409);
    expect(pondInUse.body.messageCode).toBe(messageCodeOfKey("pondInUse"));
    await as(admin, "get", `/lots/${lot.id}`).expect(200);
  });

  it("refuses links that disagree, a pre-harvest sample without its lot, and an unknown purpose, writing nothing", async () => {
    const farm = await newFarm(admin, { name: "Mismatch Farm" });
    const pondA = await newPond(farm.id, "A");
    const pondB = await newPond(farm.id, "B");
    const cropA = await newCrop(pondA.id);
    const cropB = await newCrop(pondB.id);
    const lotA = await newLot(cropA.id);
    const before = await rowCounts();
    const refuse = async (link: object, key: keyof typeof messages, field: string) => {
      const res = await as(admin, "post", "/sample-submissions").send(samplePayload(admin.id, link));
      expect(res.status, JSON.stringify(link)).toBe(400);
      expect(res.body.messageCode, JSON.stringify(link)).toBe(messageCodeOfKey(key));
      expect(res.body.field).toBe(field);
    };
    await refuse({ lotId: lotA.id, cropId: cropB.id }, "sampleLinkMismatch", "cropId");
    await refuse({ lotId: lotA.id, pondId: pondB.id }, "sampleLinkMismatch", "pondId");
    await refuse({ cropId: cropA.id, pondId: pondB.id }, "sampleLinkMismatch", "pondId");
    await refuse({ purpose: "pre_harvest", pondId: pondA.id }, "preHarvestLotRequired", "lotId");
    await refuse({ purpose: "sightseeing" }, "samplePurposeInvalid", "purpose");
    await refuse({ lotId: 987_654 }, "sampleLinkUnknown", "lotId");
    await refuse({ pondId: 2_147_483_648 }, "idOutOfRange", "pondId");
    expect(await rowCounts()).toEqual(before);
  });
});

describe("hostile input at the farm, pond, crop and lot calls", () => {
  /** A call sent as raw JSON text, so -0, 1e309 and bare values reach the server as written. */
  const raw = (who: Who, method: "post" | "put", path: string, json: string) =>
    as(who, method, path).set("Content-Type", "application/json").send(json);

  /** What a farm's rows read now, to show a refused change left them as they were. */
  async function snapshot(farm: Farm, pond: Pond, crop: Crop, lot: Lot) {
    const read = async (path: string) => (await as(admin, "get", path).expect(200)).body as unknown;
    return {
      counts: await rowCounts(),
      farm: await read(`/farms/${farm.id}`),
      pond: await read(`/ponds/${pond.id}`),
      crop: await read(`/crops/${crop.id}`),
      lot: await read(`/lots/${lot.id}`),
    };
  }

  async function farmWithLot() {
    const farm = await newFarm(admin, { name: "Hostile Farm", areaHa: 2 });
    const pond = await newPond(farm.id, "H1");
    const crop = await newCrop(pond.id);
    const lot = await newLot(crop.id, { expectedOn: "2026-05-01", quantityKg: 800, countPerKg: 50 });
    return { farm, pond, crop, lot };
  }

  it("refuses a 200 KB body with 413, and a body that is not an object of fields with the resource's own message, writing nothing", async () => {
    const { farm, pond, crop, lot } = await farmWithLot();
    const before = await snapshot(farm, pond, crop, lot);
    const calls: ["post" | "put", string, keyof typeof messages][] = [
      ["post", "/farms", "farmInvalid"],
      ["put", `/farms/${farm.id}`, "farmInvalid"],
      ["post", `/farms/${farm.id}/ponds`, "pondInvalid"],
      ["put", `/ponds/${pond.id}`, "pondInvalid"],
      ["post", `/ponds/${pond.id}/crops`, "cropInvalid"],
      ["put", `/crops/${crop.id}`, "cropInvalid"],
      ["post", `/crops/${crop.id}/lots`, "lotInvalid"],
      ["put", `/lots/${lot.id}`, "lotInvalid"],
    ];
    const big = "x".repeat(200_000);
    for (const [method, path, key] of calls) {
      for (const body of [{ name: big }, { code: big }, { buyerName: big, expectedOn: "2026-05-01" }]) {
        const res = await as(admin, method, path).send(body);
        expect(res.status, `${method} ${path}`).toBe(413);
        expect(res.body.messageCode).toBe(messageCodeOfKey("bodyTooLarge"));
      }
      for (const json of ["[]", "[1, 2]", '[{"name": "Farm"}]']) {
        const res = await raw(admin, method, path, json);
        expect(res.status, `${method} ${path} ${json}`).toBe(400);
        expect(res.body.messageCode, `${method} ${path} ${json}`).toBe(messageCodeOfKey(key));
      }
      for (const json of ["null", '"text"', "12", "{", '{"name": }']) {
        const res = await raw(admin, method, path, json);
        expect(res.status, `${method} ${path} ${json}`).toBe(400);
        expect(res.body.messageCode).toBe(messageCodeOfKey("malformedJson"));
      }
    }
    // Under the body limit, a text too long for its field is refused at that field.
    const long = await as(admin, "put", `/lots/${lot.id}`).send({ buyerName: "B".repeat(90_000) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ messageCode: messageCodeOfKey("tooLong"), field: "buyerName" });
    expect(await snapshot(farm, pond, crop, lot)).toEqual(before);
  });

  it("refuses 1e308, 1e309, -0, 1e-300 and NaN, Infinity or numbers as text for area, kg, count and density, each at its field with its message, writing nothing", async () => {
    const { farm, pond, crop, lot } = await farmWithLot();
    const before = await snapshot(farm, pond, crop, lot);
    const hostile = [
      "1e308",
      "1e309",
      "-1e309",
      "-0",
      "-0.0",
      "1e-300",
      '"NaN"',
      '"Infinity"',
      '"12"',
      "true",
      "{}",
      "[5]",
    ];
    const cases: ["post" | "put", string, string, string, keyof typeof messages][] = [
      ["post", "/farms", '"name": "F", ', "areaHa", "areaInvalid"],
      ["put", `/farms/${farm.id}`, "", "areaHa", "areaInvalid"],
      ["post", `/farms/${farm.id}/ponds`, '"code": "Z9", ', "areaHa", "areaInvalid"],
      ["put", `/ponds/${pond.id}`, "", "areaHa", "areaInvalid"],
      [
        "post",
        `/ponds/${pond.id}/crops`,
        '"species": "Tiger Shrimp", "stockedOn": "2026-01-01", "noTreatments": true, ',
        "density",
        "densityInvalid",
      ],
      ["put", `/crops/${crop.id}`, "", "density", "densityInvalid"],
      ["post", `/crops/${crop.id}/lots`, '"expectedOn": "2026-05-01", ', "quantityKg", "quantityInvalid"],
      ["put", `/lots/${lot.id}`, "", "quantityKg", "quantityInvalid"],
      ["post", `/crops/${crop.id}/lots`, '"expectedOn": "2026-05-01", ', "countPerKg", "countPerKgInvalid"],
      ["put", `/lots/${lot.id}`, "", "countPerKg", "countPerKgInvalid"],
      ["put", `/farms/${farm.id}`, '"lng": 80, ', "lat", "coordinatesInvalid"],
      ["put", `/ponds/${pond.id}`, '"lat": 16, ', "lng", "coordinatesInvalid"],
    ];
    for (const [method, path, rest, field, key] of cases) {
      for (const value of hostile) {
        // A tiny positive latitude is a real place; everything else here is refused.
        if (field === "lat" || field === "lng") if (value === "1e-300" || value.startsWith("-0")) continue;
        const json = `{${rest}"${field}": ${value}}`;
        const res = await raw(admin, method, path, json);
        expect(res.status, `${method} ${path} ${json}`).toBe(400);
        expect(res.body.messageCode, `${method} ${path} ${json}`).toBe(messageCodeOfKey(key));
        expect(res.body.field, `${method} ${path} ${json}`).toBe(field);
      }
    }
    // Whole numbers only where a count is meant.
    for (const [path, body, field] of [
      [`/lots/${lot.id}`, { countPerKg: 40.5 }, "countPerKg"],
      [`/crops/${crop.id}`, { density: 1e308 }, "density"],
    ] as const) {
      const res = await as(admin, "put", path).send(body);
      expect(res.status, path).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect(await snapshot(farm, pond, crop, lot)).toEqual(before);
  });

  it("refuses NUL and lone surrogates in every text field with textInvalid at that field, writing nothing", async () => {
    const { farm, pond, crop, lot } = await farmWithLot();
    const before = await snapshot(farm, pond, crop, lot);
    const farmTexts = [
      "name",
      "mpedaEnrolment",
      "caaRegistration",
      "stateLicence",
      "surveyNumbers",
      "village",
      "mandal",
      "district",
      "state",
    ];
    const cropTexts = ["hatcheryName", "hatcheryRegistration", "feedBrand", "feedLot"];
    const lotTexts = ["buyerName", "buyerEic", "phtCertificate"];
    type Case = readonly ["post" | "put", string, object, string];
    const cases: Case[] = [
      ...farmTexts.map((field) => ["post", "/farms", { name: "F" }, field] as const),
      ...farmTexts.map((field) => ["put", `/farms/${farm.id}`, {}, field] as const),
      ["post", `/farms/${farm.id}/ponds`, {}, "code"],
      ["put", `/ponds/${pond.id}`, {}, "code"],
      ...cropTexts.map((field) => ["post", `/ponds/${pond.id}/crops`, CROP, field] as const),
      ...cropTexts.map((field) => ["put", `/crops/${crop.id}`, {}, field] as const),
      ...lotTexts.map(
        (field) => ["post", `/crops/${crop.id}/lots`, { expectedOn: "2026-05-01" }, field] as const,
      ),
      ...lotTexts.map((field) => ["put", `/lots/${lot.id}`, {}, field] as const),
    ];
    for (const [method, path, base, field] of cases) {
      for (const value of ["A\u0000B", "\u0000", "A\uD800B"]) {
        const res = await as(admin, method, path).send({ ...base, [field]: value });
        expect(res.status, `${method} ${path} ${field}`).toBe(400);
        expect(res.body.messageCode, `${method} ${path} ${field}`).toBe(messageCodeOfKey("textInvalid"));
        expect(res.body.field, `${method} ${path} ${field}`).toBe(field);
      }
    }
    // Inside a treatment, and in a market code.
    const treatment = await as(admin, "post", `/ponds/${pond.id}/crops`).send({
      ...CROP,
      noTreatments: false,
      treatments: [{ substance: "OTC\u0000", dose: "1 g", from: "2026-02-01", to: "2026-02-02" }],
    });
    expect(treatment.status).toBe(400);
    expect(treatment.body.field).toBe("treatments.0.substance");
    const market = await as(admin, "put", `/lots/${lot.id}`).send({ markets: ["E\u0000"] });
    expect(market.status).toBe(400);
    expect(market.body.field).toMatch(/^markets/);
    expect(await snapshot(farm, pond, crop, lot)).toEqual(before);
  });

  it("answers another organisation's pond, its farm, crop and lot as not found whatever the body, and a sample cannot name them, writing nothing", async () => {
    const { farm, pond, crop, lot } = await farmWithLot();
    const before = await snapshot(farm, pond, crop, lot);
    const bodies: object[] = [
      { code: "X1" },
      { code: "X\u0000" },
      { areaHa: 1e308 },
      { name: "x".repeat(500) },
      {},
    ];
    const calls: ["post" | "put" | "delete", string][] = [
      ["put", `/farms/${farm.id}`],
      ["post", `/farms/${farm.id}/ponds`],
      ["put", `/ponds/${pond.id}`],
      ["delete", `/ponds/${pond.id}`],
      ["post", `/ponds/${pond.id}/crops`],
      ["put", `/crops/${crop.id}`],
      ["post", `/crops/${crop.id}/lots`],
      ["put", `/lots/${lot.id}`],
    ];
    for (const [method, path] of calls)
      for (const body of bodies) {
        const res = await as(stranger, method, path).send(body);
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(404);
      }
    // The most specific link is the one named: the lot stands for its crop and pond.
    for (const [link, field] of [
      [{ pondId: pond.id }, "pondId"],
      [{ pondId: pond.id, cropId: crop.id }, "cropId"],
      [{ pondId: pond.id, cropId: crop.id, lotId: lot.id, purpose: "pre_harvest" }, "lotId"],
    ] as const) {
      const res = await as(stranger, "post", "/sample-submissions").send(samplePayload(stranger.id, link));
      expect(res.status, JSON.stringify(link)).toBe(400);
      expect(res.body).toMatchObject({ messageCode: messageCodeOfKey("sampleLinkUnknown"), field });
    }
    expect(await snapshot(farm, pond, crop, lot)).toEqual(before);
  });

  it("refuses a lot harvested before its crop was stocked, planned or changed, writing nothing", async () => {
    const { farm, pond, crop, lot } = await farmWithLot();
    const before = await snapshot(farm, pond, crop, lot);
    const planned = await as(admin, "post", `/crops/${crop.id}/lots`).send({
      expectedOn: "2026-05-01",
      harvestedOn: "2026-01-14",
    });
    expect(planned.status).toBe(400);
    expect(planned.body).toMatchObject({
      messageCode: messageCodeOfKey("harvestBeforeStocking"),
      field: "harvestedOn",
    });
    const changed = await as(admin, "put", `/lots/${lot.id}`).send({ harvestedOn: "2025-12-31" });
    expect(changed.status).toBe(400);
    expect(changed.body.messageCode).toBe(messageCodeOfKey("harvestBeforeStocking"));
    expect(await snapshot(farm, pond, crop, lot)).toEqual(before);
    // The stocking day itself is a harvest day.
    const harvested = (
      await as(admin, "put", `/lots/${lot.id}`)
        .send({ harvestedOn: CROP.stockedOn, quantityKg: 760.5 })
        .expect(200)
    ).body as Lot;
    expect(harvested).toMatchObject({ harvestedOn: CROP.stockedOn, quantityKg: 760.5 });
  });
});
