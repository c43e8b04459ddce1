import type { LabSampleDetail, LabSamplePage, LabSample } from "@lab/contracts";

import type { StaffSampleDetail, StaffSampleView } from "../domain/samples/list";
import { presentAnalysis } from "./analysis";
import { presentLabReport } from "./report";
import { presentSample, presentSampleEvent } from "./sample";

/** Staff see which agent holds a sample; customers see only the "name-phone" text. */
type StaffLabSample = LabSample & { agentId: number | null };

export function presentLabSample(row: StaffSampleView): StaffLabSample {
  return {
    ...presentSample(row, row.reportId),
    agentId: row.agentId,
    customerName: row.customerName,
    company: row.company,
  };
}

export function presentLabSamplePage(page: {
  items: StaffSampleView[];
  total: number;
  page: number;
  size: number;
}): LabSamplePage & { items: StaffLabSample[] } {
  return { items: page.items.map(presentLabSample), total: page.total, page: page.page, size: page.size };
}

export function presentLabSampleDetail(detail: StaffSampleDetail): LabSampleDetail {
  return {
    sample: { ...presentLabSample(detail.sample), customerEmail: detail.sample.customerEmail },
    events: detail.events.map((event) => presentSampleEvent(event, detail.actorNames)),
    report: detail.reports[0] ? presentLabReport(detail.reports[0]) : null,
    reports: detail.reports.map(presentLabReport),
    panel: detail.panel,
    analysis: detail.analysis ? presentAnalysis(detail.analysis) : null,
  };
}
