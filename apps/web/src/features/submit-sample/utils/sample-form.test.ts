import { describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import {
  emptySampleForm,
  firstAlert,
  submissionPayload,
  temporarySamplerId,
  type SampleFormValues,
} from "./sample-form";

const complete: SampleFormValues = {
  samplerName: "Ravi",
  phoneNumber: "+91 98480 22338",
  location: { address: "Nellore", coordinates: { lat: 14.44, lng: 79.98 }, placeId: "p1" },
  shrimpCategory: "Tiger Shrimp",
  testTypes: ["Allergen Testing"],
  emailAddress: "",
  markets: ["EU", "US"],
  collectorNotes: "",
};

describe("firstAlert", () => {
  it("empty form: the provider name alert comes first", () => {
    expect(firstAlert(emptySampleForm())).toBe(messages.sampleProviderNameRequired);
  });

  it("alerts in the spec's order: name, phone, test types, location, coordinates, category", () => {
    const steps: [Partial<SampleFormValues>, string | null][] = [
      [{ samplerName: "  " }, messages.sampleProviderNameRequired],
      [{ phoneNumber: "" }, messages.samplePhoneRequired],
      [{ testTypes: [] }, messages.sampleTestTypesRequired],
      [{ location: null }, messages.sampleLocationInvalid],
      [
        { location: { address: "Nellore", coordinates: null, placeId: null } },
        messages.sampleCoordinatesRequired,
      ],
      [
        { location: { address: "Sea", coordinates: { lat: 0, lng: 79.9 }, placeId: null } },
        messages.sampleCoordinatesRequired,
      ],
      [{ shrimpCategory: "" }, messages.sampleCategoryRequired],
      [{}, null],
    ];
    for (const [change, expected] of steps) expect(firstAlert({ ...complete, ...change })).toBe(expected);
    // Two problems at once: the earlier one in the order wins.
    expect(firstAlert({ ...complete, phoneNumber: "", testTypes: [] })).toBe(messages.samplePhoneRequired);
    expect(firstAlert({ ...complete, location: null, shrimpCategory: "" })).toBe(
      messages.sampleLocationInvalid,
    );
  });
});

describe("submissionPayload", () => {
  it("the spec's payload: status PENDING, assigned empty, coordinate, no e-mail when blank", () => {
    expect(submissionPayload(complete, 7, "temp_1")).toEqual({
      consumerId: 7,
      samplerId: "temp_1",
      samplerName: "Ravi",
      samplerLocation: "Nellore",
      coordinate: { lat: 14.44, lng: 79.98 },
      shrimpCategory: "Tiger Shrimp",
      testTypes: ["Allergen Testing"],
      phoneNumber: "+91 98480 22338",
      markets: ["EU", "US"],
      status: "PENDING",
      assigned: "",
    });
    expect(submissionPayload({ ...complete, emailAddress: " a@b.in " }, 7, 3).emailAddress).toBe("a@b.in");
  });

  it("the notes for the collector go trimmed when given, and not at all when blank", () => {
    const notes = "  Call before coming; pond 3 is behind the shed ";
    expect(submissionPayload({ ...complete, collectorNotes: notes }, 7, 3).collectorNotes).toBe(
      "Call before coming; pond 3 is behind the shed",
    );
    expect(submissionPayload({ ...complete, collectorNotes: "   " }, 7, 3)).not.toHaveProperty(
      "collectorNotes",
    );
  });

  it("no market chosen: markets [] is sent (the lab's default limits, not the profile's markets)", () => {
    expect(submissionPayload({ ...complete, markets: [] }, 7, 3).markets).toEqual([]);
  });

  it("emptySampleForm starts with the given default markets, a copy", () => {
    const defaults = ["JP"];
    const form = emptySampleForm(defaults);
    expect(form.markets).toEqual(["JP"]);
    expect(form.markets).not.toBe(defaults);
  });

  it("temporarySamplerId: temp_ and the time", () => {
    expect(temporarySamplerId(1700000000000)).toBe("temp_1700000000000");
  });
});
