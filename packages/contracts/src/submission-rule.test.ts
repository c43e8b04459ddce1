import { describe, expect, it } from "vitest";

import { messages } from "./messages";
import { firstSubmissionProblem, type SubmissionRuleValues } from "./samples";

const valid: SubmissionRuleValues = {
  samplerName: "Srinu Farms",
  phoneNumber: "9848022338",
  testTypes: ["Moisture Content Analysis"],
  coordinates: { lat: 16.5, lng: 81.5 },
  shrimpCategory: "Brown Shrimp",
};

describe("firstSubmissionProblem", () => {
  it("passes a complete submission", () => {
    expect(firstSubmissionProblem(valid)).toBeNull();
  });

  it.each<[Partial<SubmissionRuleValues>, string, string]>([
    [
      { samplerName: " ", phoneNumber: "", testTypes: [] },
      "samplerName",
      messages.sampleProviderNameRequired,
    ],
    [{ phoneNumber: " ", testTypes: [], coordinates: null }, "phoneNumber", messages.samplePhoneRequired],
    [{ testTypes: [], coordinates: null }, "testTypes", messages.sampleTestTypesRequired],
    [{ coordinates: null, shrimpCategory: "" }, "location", messages.sampleLocationInvalid],
    [{ coordinates: {}, shrimpCategory: "" }, "location", messages.sampleCoordinatesRequired],
    [{ coordinates: { lat: 0, lng: 81.5 } }, "location", messages.sampleCoordinatesRequired],
    [{ coordinates: { lat: 95, lng: 81.5 }, shrimpCategory: "" }, "location", messages.coordinatesInvalid],
    [{ shrimpCategory: "" }, "shrimpCategory", messages.sampleCategoryRequired],
  ])("reports the first problem of %o in the spec's order", (overrides, field, message) => {
    expect(firstSubmissionProblem({ ...valid, ...overrides })).toEqual({ field, message });
  });
});
