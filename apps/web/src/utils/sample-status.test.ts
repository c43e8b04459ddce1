import { describe, expect, it } from "vitest";

import { SAMPLE_STATUSES } from "@lab/contracts";

import { makeSample } from "@/testing/sample-fixtures";

import {
  STATUS_BADGE_CLASSES,
  agentBadgeOf,
  canViewReport,
  canViewTimeline,
  parseAssigned,
  parseStatusFilter,
  statusLabel,
  telHref,
} from "./sample-status";

describe("status labels", () => {
  it("each status: Pending, Collecting, Testing, Completed, and Collected as its raw value", () => {
    expect(statusLabel("PENDING")).toBe("Pending");
    expect(statusLabel("COLLECTING")).toBe("Collecting");
    expect(statusLabel("TESTING")).toBe("Testing");
    expect(statusLabel("COMPLETED")).toBe("Completed");
    expect(statusLabel("COLLECTED")).toBe("COLLECTED");
    expect(statusLabel("REJECTED")).toBe("Rejected");
  });

  it("badge colours: REJECTED gray, as the spec gives it no colour", () => {
    expect(STATUS_BADGE_CLASSES.REJECTED).toBe("bg-gray-100 text-gray-900");
  });
});

describe("parseStatusFilter", () => {
  it.each([
    ["pending", "pending"],
    ["COLLECTED", "collected"],
    ["testing", "testing"],
    ["processing", "testing"],
    ["completed", "completed"],
    ["REJECTED", "rejected"],
    ["bogus", "all"],
    [null, "all"],
  ] as const)("query status %s: filter %s", (input, expected) => {
    expect(parseStatusFilter(input)).toBe(expected);
  });
});

describe("card rules", () => {
  it("View Timeline: TESTING (processing), COMPLETED and REJECTED (its reasons and notice are there)", () => {
    expect(SAMPLE_STATUSES.filter((s) => canViewTimeline(s))).toEqual(["TESTING", "COMPLETED", "REJECTED"]);
  });

  it("View Report: only COMPLETED", () => {
    expect(canViewReport("COMPLETED")).toBe(true);
    expect(canViewReport("TESTING")).toBe(false);
  });
});

describe("parseAssigned", () => {
  it("'name-phone': split on the last '-', so a hyphenated name survives", () => {
    expect(parseAssigned("Anil Kumar-Reddy-+91 90000 11111")).toEqual({
      name: "Anil Kumar-Reddy",
      phone: "+91 90000 11111",
    });
  });

  it("empty text: no agent", () => {
    expect(parseAssigned("")).toBeNull();
    expect(parseAssigned("   ")).toBeNull();
  });
});

describe("agentBadgeOf", () => {
  const assigned = "Suresh-+91 90000 11111";

  it("COLLECTING with an agent: badge with call link", () => {
    expect(agentBadgeOf(makeSample({ status: "COLLECTING", assigned }))).toEqual({
      agent: { name: "Suresh", phone: "+91 90000 11111" },
      canCall: true,
      testingEta: null,
    });
  });

  it("TESTING with an agent: badge without call link, with the ETA", () => {
    const badge = agentBadgeOf(
      makeSample({ status: "TESTING", assigned, testingEta: "2025-02-01T10:00:00.000Z" }),
    );
    expect(badge?.canCall).toBe(false);
    expect(badge?.testingEta).toBe("2025-02-01T10:00:00.000Z");
  });

  it.each(["PENDING", "COLLECTED", "COMPLETED"] as const)("%s with an agent: no badge", (status) => {
    expect(agentBadgeOf(makeSample({ status, assigned }))).toBeNull();
  });

  it("COLLECTING without an agent: no badge", () => {
    expect(agentBadgeOf(makeSample({ status: "COLLECTING", assigned: "" }))).toBeNull();
  });

  it("telHref: digits and the leading +", () => {
    expect(telHref("+91 90000 11111")).toBe("tel:+919000011111");
  });
});
