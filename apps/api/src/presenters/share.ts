import {
  shareLastDay,
  type Share,
  type SharedSample,
  type SharedSampleDetail,
  type SharedWithUs,
} from "@lab/contracts";
import type { ReportRow, SampleRow } from "@lab/db";

import { caaStatusOf, indiaDay } from "../domain/farms/calendar";
import type { SharedFarmView, SharedSampleView, ShareView } from "../domain/organisations/shares";

export function presentShare(row: ShareView): Share {
  return {
    id: row.id,
    target: row.lotId === null ? "farm" : "lot",
    farm: row.farm,
    lot: row.lot,
    grantee: row.grantee,
    expiresAt: row.expiresAt.toISOString(),
    lastDay: shareLastDay(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
  };
}

const sampleFields = (row: SampleRow): Omit<SharedSample, "report"> => ({
  id: row.id,
  status: row.status,
  purpose: row.purpose,
  shrimpCategory: row.shrimpCategory,
  testTypes: row.testTypes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const reportSummary = (report: ReportRow): NonNullable<SharedSample["report"]> => ({
  id: report.id,
  status: report.status,
  result: report.result,
  certification: report.certification,
  completedAt: report.completedAt.toISOString(),
  verdicts: report.markets.map((market) => ({ market: market.code, verdict: market.verdict })),
});

/** What is shared with the reader: farms with their registrations, lots, and each lot's samples. */
export function presentSharedWithUs(items: SharedFarmView[], now: Date): SharedWithUs {
  const today = indiaDay(now);
  return {
    items: items.map((item) => ({
      organisation: { name: item.organisationName },
      farm: {
        name: item.farm.name,
        mpedaEnrolment: item.farm.mpedaEnrolment,
        caaRegistration: item.farm.caaRegistration,
        caaExpiresOn: item.farm.caaExpiresOn,
        caaStatus: caaStatusOf(item.farm.caaExpiresOn, today),
        stateLicence: item.farm.stateLicence,
        village: item.farm.village,
        district: item.farm.district,
        state: item.farm.state,
      },
      lots: item.lots.map((entry) => ({
        code: entry.lot.code,
        pondCode: entry.pondCode,
        species: entry.species,
        expectedOn: entry.lot.expectedOn,
        harvestedOn: entry.lot.harvestedOn,
        quantityKg: entry.lot.quantityKg,
        markets: entry.lot.markets,
        state: entry.state,
        sharedUntil: shareLastDay(entry.sharedUntil),
        samples: entry.samples.map(({ sample, report }) => ({
          ...sampleFields(sample),
          report: report ? reportSummary(report) : null,
        })),
      })),
    })),
  };
}

export function presentSharedSample(view: SharedSampleView): SharedSampleDetail {
  const { report } = view;
  return {
    sample: sampleFields(view.sample),
    organisation: { name: view.organisationName },
    farmName: view.farmName,
    lotCode: view.lotCode,
    pondCode: view.pondCode,
    report: report
      ? {
          id: report.id,
          status: report.status,
          result: report.result,
          certification: report.certification,
          completedAt: report.completedAt.toISOString(),
          revokedAt: report.revokedAt ? report.revokedAt.toISOString() : null,
          markets: report.markets,
          parameters: report.parameters,
        }
      : null,
  };
}
