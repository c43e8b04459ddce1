import { describe, expect, it } from "vitest";

import { emptySampleForm } from "./sample-form";
import { PRE_HARVEST_TEST_TYPES, samplePrefillOf, withPreHarvestPanel } from "./pre-harvest";

const query = (text: string) => samplePrefillOf(new URLSearchParams(text));

describe("withPreHarvestPanel", () => {
  it("ticks the export residue panel beside what is ticked, in the list's order", () => {
    const values = {
      ...emptySampleForm(["US"]),
      shrimpCategory: "Tiger Shrimp",
      testTypes: ["Allergen Testing"],
    };
    expect(withPreHarvestPanel(values)).toMatchObject({
      shrimpCategory: "Tiger Shrimp",
      // Tiger Shrimp's own types come first, the residue panel after them.
      testTypes: ["Allergen Testing", "Antibiotic Residue Test"],
      markets: ["US"],
    });
  });

  it("with the lot: its markets join those chosen (8 at most), its crop's species fills an empty category", () => {
    const lot = { species: "Pacific White Shrimp", markets: ["EU", "US"] };
    expect(withPreHarvestPanel(emptySampleForm(["US", "JP"]), lot)).toMatchObject({
      shrimpCategory: "Pacific White Shrimp",
      testTypes: [...PRE_HARVEST_TEST_TYPES],
      markets: ["US", "JP", "EU"],
    });
    const chosen = { ...emptySampleForm(), shrimpCategory: "Tiger Shrimp" };
    expect(withPreHarvestPanel(chosen, lot).shrimpCategory).toBe("Tiger Shrimp");
    const many = emptySampleForm(["A1", "A2", "A3", "A4", "A5", "A6", "A7"]);
    expect(withPreHarvestPanel(many, lot).markets).toEqual(["A1", "A2", "A3", "A4", "A5", "A6", "A7", "EU"]);
  });

  it("no category and no lot's species to take: nothing can be ticked yet", () => {
    expect(withPreHarvestPanel(emptySampleForm()).testTypes).toEqual([]);
    expect(withPreHarvestPanel(emptySampleForm(), { species: "Lobster", markets: [] }).testTypes).toEqual([]);
  });
});

describe("samplePrefillOf", () => {
  it("a retest link's lot and purpose; a lot alone is a pre-harvest screening", () => {
    expect(query("lot=41&purpose=pre_harvest")).toEqual({ lotId: 41, purpose: "pre_harvest" });
    expect(query("lot=41")).toEqual({ lotId: 41, purpose: "pre_harvest" });
    expect(query("purpose=monitoring")).toEqual({ lotId: null, purpose: "monitoring" });
  });

  it("anything else is not taken: no id, out of range, another purpose with a lot, unknown purposes", () => {
    for (const text of [
      "",
      "lot=abc",
      "lot=0",
      "lot=-4",
      "lot=2147483648",
      "lot=1e3",
      "purpose=harvest",
      "lot= 41",
    ])
      expect(query(text), text).toBeNull();
    expect(query("lot=41&purpose=monitoring")).toEqual({ lotId: null, purpose: "monitoring" });
    expect(query("lot=41&purpose=nonsense")).toEqual({ lotId: 41, purpose: "pre_harvest" });
  });
});
