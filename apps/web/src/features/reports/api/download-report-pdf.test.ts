import { describe, expect, it } from "vitest";

import { makeReport } from "@/testing/report-fixtures";

import { reportFileName } from "@/utils/report-result";

describe("reportFileName (no Content-Disposition)", () => {
  it("a certificate by its number; a failed test's report says it is a test report, as the server names it", () => {
    const passed = makeReport({ id: 12 });
    const certificate = { ...passed, details: { ...passed.details, certification: "NSP-CERT-2026-001" } };
    const failed = { ...passed, details: { ...passed.details, certification: null } };
    expect(reportFileName(certificate)).toBe("NSP-CERT-2026-001.pdf");
    expect(reportFileName(failed)).toBe("test-report-R-12.pdf");
  });
});
