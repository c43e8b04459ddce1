import { describe, expect, it } from "vitest";

import { makeSample } from "@/testing/sample-fixtures";

import { countWithReports, uniqueRecipients } from "./recipients";

describe("recipients", () => {
  it("unique regardless of case and spaces, first spelling kept, empty ones skipped", () => {
    const samples = [
      makeSample({ emailAddress: "Farm@Example.com" }),
      makeSample({ emailAddress: "farm@example.com " }),
      makeSample({ emailAddress: null }),
      makeSample({ emailAddress: "" }),
      makeSample({ emailAddress: "agent@example.in" }),
    ];
    expect(uniqueRecipients(samples)).toEqual(["Farm@Example.com", "agent@example.in"]);
  });

  it("reports: completed samples with a report id", () => {
    const samples = [
      makeSample({ status: "COMPLETED", reportId: 4 }),
      makeSample({ status: "COMPLETED", reportId: null }),
      makeSample({ status: "TESTING", reportId: null }),
      makeSample({ status: "COMPLETED", reportId: 9 }),
    ];
    expect(countWithReports(samples)).toBe(2);
  });
});
