import type { Sample } from "@lab/contracts";
import { farms, ponds, samples } from "@lab/db";
import { eq } from "drizzle-orm";
import sharp from "sharp";

import type { TestApp } from "./harness";
import { submitSample } from "./samples";

/** Metres per degree of latitude on the sphere `distanceMetres` uses: a point due north at a known distance. */
export const METRES_PER_DEGREE_LAT = (6_371_008.8 * Math.PI) / 180;

export const POND = { lat: 16.5449, lng: 81.5212 } as const;

/** A point `metres` due north of `from`. */
export const northOf = (from: { lat: number; lng: number }, metres: number) => ({
  lat: from.lat + metres / METRES_PER_DEGREE_LAT,
  lng: from.lng,
});

/**
 * A customer's sample given to the agent (COLLECTING), from a pond of a farm of the customer's
 * organisation; the pond and the farm have the points given (null: none recorded).
 */
export async function collectingJob(
  t: TestApp,
  customer: { id: number; token: string },
  agentId: number,
  place: { pond?: { lat: number; lng: number } | null; farm?: { lat: number; lng: number } | null } = {},
): Promise<Sample> {
  const sample = await submitSample(t.app, customer);
  const { db } = t.database;
  const [row] = await db.select().from(samples).where(eq(samples.id, sample.id));
  if (!row) throw new Error("sample not stored");
  const farmPoint = place.farm === undefined ? null : place.farm;
  const pondPoint = place.pond === undefined ? POND : place.pond;
  const [farm] = await db
    .insert(farms)
    .values({
      organisationId: row.organisationId,
      name: `Farm of sample ${sample.id}`,
      lat: farmPoint?.lat ?? null,
      lng: farmPoint?.lng ?? null,
    })
    .returning({ id: farms.id });
  if (!farm) throw new Error("farm not stored");
  const [pond] = await db
    .insert(ponds)
    .values({
      farmId: farm.id,
      organisationId: row.organisationId,
      code: "P1",
      lat: pondPoint?.lat ?? null,
      lng: pondPoint?.lng ?? null,
    })
    .returning({ id: ponds.id });
  if (!pond) throw new Error("pond not stored");
  await db
    .update(samples)
    .set({ status: "COLLECTING", agentId, assigned: "Agent-+919800000000", pondId: pond.id })
    .where(eq(samples.id, sample.id));
  return sample;
}

/** A complete collection body for the sample, taken and sent now by the server's clock. */
export function collectionBody(t: TestApp, sampleId: number, overrides: Record<string, unknown> = {}) {
  const now = t.clock.now().toISOString();
  return {
    sampleId,
    collectedAt: now,
    sentAt: now,
    position: { ...northOf(POND, 40), accuracyM: 8 },
    seals: ["S-1001", "S-1002"],
    containers: 2,
    quantity: 30,
    quantityUnit: "count",
    waterTempC: 28.5,
    sampleTempC: 4.2,
    coldChain: "ice",
    farmerName: "Ravi Kumar",
    note: "Pond 1, north bund",
    ...overrides,
  };
}

/**
 * A JPEG as a phone takes it: EXIF with the camera's make and, when given, a GPS position (whole
 * degrees, minutes and hundredths of seconds) and an orientation tag.
 */
export async function phoneJpeg(
  options: { width?: number; height?: number; gps?: { lat: number; lng: number }; orientation?: number } = {},
): Promise<Buffer> {
  const dms = (value: number) => {
    const abs = Math.abs(value);
    const degrees = Math.floor(abs);
    const minutes = Math.floor((abs - degrees) * 60);
    const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
    return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
  };
  const gps = options.gps
    ? {
        IFD3: {
          GPSLatitudeRef: options.gps.lat >= 0 ? "N" : "S",
          GPSLatitude: dms(options.gps.lat),
          GPSLongitudeRef: options.gps.lng >= 0 ? "E" : "W",
          GPSLongitude: dms(options.gps.lng),
        },
      }
    : {};
  return sharp({
    create: {
      width: options.width ?? 320,
      height: options.height ?? 240,
      channels: 3,
      background: { r: 30, g: 110, b: 170 },
    },
  })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "FieldPhone" }, ...gps })
    .withMetadata(options.orientation === undefined ? {} : { orientation: options.orientation })
    .toBuffer();
}
