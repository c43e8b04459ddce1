import { describe, expect, it } from "vitest";

import { fileNameOf } from "./download-file";

describe("fileNameOf", () => {
  it("reads filename*, then filename, else nothing", () => {
    expect(fileNameOf("attachment; filename*=UTF-8''NSP-CERT-2026-001.pdf")).toBe("NSP-CERT-2026-001.pdf");
    expect(fileNameOf('attachment; filename="test-report-R-12.pdf"')).toBe("test-report-R-12.pdf");
    expect(fileNameOf("attachment; filename=test-report-R-12.pdf")).toBe("test-report-R-12.pdf");
    expect(fileNameOf("attachment")).toBeUndefined();
    expect(fileNameOf(null)).toBeUndefined();
  });
});
