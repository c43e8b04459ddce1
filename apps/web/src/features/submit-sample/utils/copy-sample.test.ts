import { describe, expect, it } from "vitest";

import { makeSample } from "@/testing/sample-fixtures";

import { copyIdOf, copyOfSample } from "./copy-sample";

const query = (text: string) => new URLSearchParams(text);

describe("copyIdOf (Submit Sample's ?copy=)", () => {
  it("a sample id is taken; none, zero, a word, a negative or a huge number is not", () => {
    expect(copyIdOf(query("copy=12"))).toBe(12);
    expect(copyIdOf(query(""))).toBeNull();
    expect(copyIdOf(query("copy=0"))).toBeNull();
    expect(copyIdOf(query("copy=abc"))).toBeNull();
    expect(copyIdOf(query("copy=-4"))).toBeNull();
    expect(copyIdOf(query("copy=99999999999"))).toBeNull();
  });
});

describe("copyOfSample", () => {
  const rejected = makeSample({
    id: 12,
    status: "REJECTED",
    providerId: 11,
    samplerName: "Lakshmi Farms",
    phoneNumber: "+919848022338",
    samplerLocation: "Nellore, Andhra Pradesh",
    coordinates: { lat: 14.4426, lng: 79.9865 },
    shrimpCategory: "Tiger Shrimp",
    testTypes: ["Allergen Testing", "A test the catalogue dropped"],
    emailAddress: "ravi@example.com",
    markets: ["EU"],
    purpose: "pre_harvest",
    pond: { id: 21, code: "P1", farmName: "Sri Lakshmi Aqua Farm" },
    cropId: 31,
    lot: { id: 41, code: "7K3M9Q2XAB" },
    collectorNotes: "Call before coming; pond 3 is behind the shed",
  });

  it("the form as the sample was sent: provider, phone, location, category, orderable tests, e-mail, markets, notes for the collector, farm to lot and purpose", () => {
    const copy = copyOfSample(rejected, { farmId: 11, pondId: 21, cropId: 31 });
    expect(copy.values).toEqual({
      samplerName: "Lakshmi Farms",
      phoneNumber: "+919848022338",
      location: { address: "Nellore, Andhra Pradesh", coordinates: { lat: 14.4426, lng: 79.9865 } },
      shrimpCategory: "Tiger Shrimp",
      testTypes: ["Allergen Testing"],
      emailAddress: "ravi@example.com",
      markets: ["EU"],
      collectorNotes: "Call before coming; pond 3 is behind the shed",
    });
    expect(copy.link).toEqual({ farmId: 11, pondId: 21, cropId: 31, lotId: 41, purpose: "pre_harvest" });
    expect(copy.providerId).toBe(11);
  });

  it("without its farm (no pond, or one deleted since) only the purpose is kept; no e-mail or notes is an empty field", () => {
    const copy = copyOfSample({ ...rejected, emailAddress: null, collectorNotes: null }, null);
    expect(copy.link).toEqual({
      farmId: null,
      pondId: null,
      cropId: null,
      lotId: null,
      purpose: "pre_harvest",
    });
    expect(copy.values.emailAddress).toBe("");
    expect(copy.values.collectorNotes).toBe("");
  });
});
