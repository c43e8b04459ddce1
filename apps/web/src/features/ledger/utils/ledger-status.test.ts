import { describe, expect, it } from "vitest";

import { translate } from "@/lib/i18n/i18n";

import {
  LEDGER_STATUS_FILTERS,
  UNKNOWN_BADGE_CLASSES,
  ledgerBadgeClasses,
  parseLedgerStatusFilter,
} from "./ledger-status";

describe("ledger status", () => {
  it("filter options: the spec's labels and the API's values", () => {
    expect(LEDGER_STATUS_FILTERS.map((entry) => [translate(entry.label), entry.value])).toEqual([
      ["All Status", "all"],
      ["Pending", "pending"],
      ["Processing", "processing"],
      ["Testing", "testing"],
      ["Completed", "completed"],
      ["Rejected", "rejected"],
    ]);
    expect(parseLedgerStatusFilter("rejected")).toBe("rejected");
    expect(parseLedgerStatusFilter("testing")).toBe("testing");
    expect(parseLedgerStatusFilter("bogus")).toBe("all");
  });

  it("badge colours by status, case-insensitive; COLLECTING and COLLECTED distinct; unknown gray", () => {
    expect(ledgerBadgeClasses("PENDING")).toContain("blue");
    expect(ledgerBadgeClasses("processing")).toContain("yellow");
    expect(ledgerBadgeClasses("TESTING")).toContain("orange");
    expect(ledgerBadgeClasses("COMPLETED")).toContain("green");
    expect(ledgerBadgeClasses("COLLECTING")).toContain("indigo");
    expect(ledgerBadgeClasses("COLLECTED")).toContain("purple");
    expect(ledgerBadgeClasses("REJECTED")).toBe("bg-gray-100 text-gray-900");
    expect(ledgerBadgeClasses("ARCHIVED")).toBe(UNKNOWN_BADGE_CLASSES);
    expect(UNKNOWN_BADGE_CLASSES).toContain("gray");
  });
});
