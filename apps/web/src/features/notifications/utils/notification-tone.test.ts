import { describe, expect, it } from "vitest";

import { notificationTone } from "./notification-tone";

describe("notificationTone", () => {
  it("shows 'Agent Unassigned', 'Report Revoked' and 'Pre-harvest Screening Failed' as warnings, not green successes", () => {
    expect(notificationTone("sample_unassigned")).toBe("warning");
    expect(notificationTone("report_revoked")).toBe("warning");
    expect(notificationTone("screening_failed")).toBe("warning");
  });

  it("shows 'Sample Rejected' (refused at reception) as a warning", () => {
    expect(notificationTone("sample_rejected")).toBe("warning");
  });

  it("shows progress (assigned, collected, completed) as success", () => {
    for (const type of ["sample_assigned", "sample_status_change", "sample_completed", "sample_submitted"]) {
      expect(notificationTone(type)).toBe("success");
    }
  });
});
