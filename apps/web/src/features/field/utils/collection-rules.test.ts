import { describe, expect, it } from "vitest";

import type { FieldJob } from "@lab/contracts";

import { checkDistance, labelCodeOf } from "./collection-rules";
import { jobTarget } from "./job-links";

const pond = { lat: 16.5, lng: 81.5 };
/** A point `metres` north of the pond (one degree of latitude is ~111,195 m on the contracts' sphere). */
const north = (metres: number) => ({ lat: pond.lat + metres / 111_195.08, lng: pond.lng, accuracyM: 5 });

const job = (overrides: Partial<FieldJob> = {}): FieldJob => ({
  sampleId: 42,
  status: "COLLECTING",
  assignedAt: "2026-11-28T05:00:00.000Z",
  acceptedAt: "2026-11-28T05:10:00.000Z",
  farmer: { name: "Ravi Kumar", phone: "+919800000001" },
  address: "Bhimavaram",
  location: { lat: 10, lng: 10 },
  farm: { name: "Ravi Farm", location: { lat: 16.6, lng: 81.6 } },
  pond: { code: "P1", location: pond },
  lotCode: null,
  purpose: null,
  category: "Pacific White Shrimp",
  tests: ["Antibiotics"],
  markets: ["EU"],
  notes: null,
  collectedAt: null,
  handedOver: null,
  ...overrides,
});

describe("collection rules", () => {
  it("the target is the pond, else the farm, else the job's location", () => {
    expect(jobTarget(job())?.from).toBe("pond");
    expect(jobTarget(job({ pond: { code: "P1", location: null } }))?.from).toBe("farm");
    expect(jobTarget(job({ pond: null, farm: null }))).toEqual({ point: { lat: 10, lng: 10 }, from: "site" });
    expect(jobTarget(job({ pond: null, farm: null, location: null }))).toBeNull();
  });

  it("the radius boundary: exactly at the radius needs no reason, one metre beyond does", () => {
    expect(checkDistance(job(), north(40), 300)).toEqual({ distanceM: 40, from: "pond", needsReason: false });
    expect(checkDistance(job(), north(300), 300)).toMatchObject({ distanceM: 300, needsReason: false });
    expect(checkDistance(job(), north(301), 300)).toMatchObject({ distanceM: 301, needsReason: true });
  });

  it("no fix: no distance and no reason asked (the position itself is required)", () => {
    expect(checkDistance(job(), null, 300)).toEqual({ distanceM: null, from: "pond", needsReason: false });
  });

  it("label codes: the 12 characters typed in any case or read from a link; O and I read as 0 and 1", () => {
    expect(labelCodeOf("7K3M9QXW2ZTB")).toBe("7K3M9QXW2ZTB");
    expect(labelCodeOf(" 7k3m-9qxw-2ztb ")).toBe("7K3M9QXW2ZTB");
    expect(labelCodeOf("https://lab.example/l/7K3M9QXW2ZTB")).toBe("7K3M9QXW2ZTB");
    expect(labelCodeOf("7K3M9QXW2ZTO")).toBe("7K3M9QXW2ZT0");
    expect(labelCodeOf("TOO-SHORT")).toBeNull();
    expect(labelCodeOf("7K3M9QXW2ZTU")).toBeNull();
  });
});
