import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";

import type { Notification, Report, SamplePage } from "@lab/contracts";

import { makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { applyNotification, applySampleUpdate } from "./live-cache";
import { notificationTarget } from "./notification-view";

const revokeNotice: Notification = {
  id: 70,
  type: "report_revoked",
  title: "Report Revoked",
  message: "The report for sample #100 (NSP-CERT-2026-007) was revoked: Mislabelled container",
  sampleId: 100,
  timestamp: new Date().toISOString(),
  read: false,
  data: { stage: "completed", reportId: 41 },
};

/** A client holding what open screens hold: the report, the report list, the summary, lists. */
function cacheWithOpenScreens() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<Report>(["reports", "one", "41"], makeReport({ id: 41, sampleId: 100 }));
  queryClient.setQueryData<Report>(["reports", "one", "42"], makeReport({ id: 42, sampleId: 101 }));
  queryClient.setQueryData<Report[]>(["reports", "list"], [makeReport({ id: 41, sampleId: 100 })]);
  queryClient.setQueryData(["samples", "summary"], { total: 1 });
  queryClient.setQueryData<SamplePage>(["samples", "list", { page: 1, size: 10 }], {
    items: [makeSample({ id: 100, status: "COMPLETED", reportId: 41 })],
    total: 1,
    totalCapped: false,
    page: 1,
    size: 10,
    cursor: null,
  });
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated === true;
  return { queryClient, stale };
}

describe("live cache on a report revoke", () => {
  it("the revoke notification marks the open report, the report list and the summary stale; other reports stay", () => {
    const { queryClient, stale } = cacheWithOpenScreens();
    expect(applyNotification(queryClient, revokeNotice)?.id).toBe(70);
    expect(stale(["reports", "one", "41"])).toBe(true);
    expect(stale(["reports", "list"])).toBe(true);
    expect(stale(["samples", "summary"])).toBe(true);
    expect(stale(["reports", "one", "42"])).toBe(false);
  });

  it("an older revoke notice without a report id marks every cached report stale", () => {
    const { queryClient, stale } = cacheWithOpenScreens();
    applyNotification(queryClient, { ...revokeNotice, data: { stage: "completed" } });
    expect(stale(["reports", "one", "41"])).toBe(true);
    expect(stale(["reports", "one", "42"])).toBe(true);
  });

  it("the sample pushed with the revoke (status unchanged) marks its report, the report list and the summary stale", () => {
    const { queryClient, stale } = cacheWithOpenScreens();
    applySampleUpdate(queryClient, makeSample({ id: 100, status: "COMPLETED", reportId: 41 }));
    expect(stale(["reports", "one", "41"])).toBe(true);
    expect(stale(["reports", "list"])).toBe(true);
    expect(stale(["samples", "summary"])).toBe(true);
    // The list already holds the sample: merged in place, not re-read.
    expect(
      queryClient.getQueryData<SamplePage>(["samples", "list", { page: 1, size: 10 }])?.items[0]?.id,
    ).toBe(100);
    expect(stale(["samples", "list", { page: 1, size: 10 }])).toBe(false);
    expect(stale(["reports", "one", "42"])).toBe(false);
  });

  it("a status notice leaves the reports alone", () => {
    const { queryClient, stale } = cacheWithOpenScreens();
    applyNotification(queryClient, { ...revokeNotice, id: 71, type: "sample_assigned", data: {} });
    expect(stale(["reports", "one", "41"])).toBe(false);
    expect(stale(["reports", "list"])).toBe(false);
  });
});

describe("notificationTarget", () => {
  it("a revoke or a failed screening opens its report; without its id, the reports list", () => {
    expect(notificationTarget(revokeNotice)).toBe("/report/41");
    expect(notificationTarget({ ...revokeNotice, data: { stage: "completed" } })).toBe("/reports");
    expect(notificationTarget({ ...revokeNotice, data: { reportId: "41" } })).toBe("/reports");
    // A failed pre-harvest screening opens its report, which says what failed.
    expect(notificationTarget({ type: "screening_failed", sampleId: 3, data: { reportId: 52 } })).toBe(
      "/report/52",
    );
  });

  it("status changes still highlight the sample, completion opens the reports", () => {
    expect(notificationTarget({ type: "sample_assigned", sampleId: 3 })).toBe("/samples?highlight=3");
    expect(notificationTarget({ type: "sample_completed", sampleId: 3 })).toBe("/reports");
  });

  it("a rejection opens the sample's page (reasons, notice, send a new sample); without a sample, the rejected list", () => {
    expect(notificationTarget({ type: "sample_rejected", sampleId: 3 })).toBe("/timeline/3");
    expect(notificationTarget({ type: "sample_rejected", sampleId: null })).toBe("/samples?status=rejected");
  });
});

describe("live cache on a rejection", () => {
  it("the sample pushed as REJECTED marks its custody record stale (reception's reasons), not another sample's", () => {
    const { queryClient, stale } = cacheWithOpenScreens();
    queryClient.setQueryData(["samples", "one", "100", "custody"], {
      events: [],
      collection: null,
      reception: null,
    });
    queryClient.setQueryData(["samples", "one", "101", "custody"], {
      events: [],
      collection: null,
      reception: null,
    });
    applySampleUpdate(queryClient, makeSample({ id: 100, status: "REJECTED", reportId: null }));
    expect(stale(["samples", "one", "100", "custody"])).toBe(true);
    expect(stale(["samples", "one", "101", "custody"])).toBe(false);
  });
});
