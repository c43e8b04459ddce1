import {
  revocationReasonOf,
  revocationReasonText,
  type Certificate,
  type LabReport,
  type Report,
} from "@lab/contracts";
import type { ReportRow } from "@lab/db";

import type { ReportExtras, ReportWithExtras } from "../domain/reports";

/** What a report needs besides its row: names of the two people, the issued PDF's hash, the chain. */
export type { ReportExtras };

export const NO_EXTRAS: ReportExtras = {
  analyst: null,
  reviewer: null,
  sha256: null,
  replacedBy: null,
  replaces: null,
};

const personAt = (person: { name: string; at: Date } | null) =>
  person ? { name: person.name, at: person.at.toISOString() } : null;

export function presentReport(row: ReportRow, extras: ReportExtras = NO_EXTRAS): Report {
  return {
    id: row.id,
    sampleId: row.sampleId,
    userId: row.customerId,
    result: row.result,
    completedAt: row.completedAt.toISOString(),
    details: { ...row.details, certification: row.certification },
    tests: row.tests,
    status: row.status,
    // The reason's wording, never staff's internal note (stored in revokedReason).
    revokedReason:
      row.status === "revoked" ? revocationReasonText[revocationReasonOf(row.revokedReasonCode)] : null,
    revokedReasonCode: row.status === "revoked" ? revocationReasonOf(row.revokedReasonCode) : null,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    markets: row.markets,
    parameters: row.parameters,
    analyst: personAt(extras.analyst),
    reviewer: personAt(extras.reviewer),
    sha256: extras.sha256,
    replacedBy: extras.replacedBy,
    replaces: extras.replaces,
  };
}

/** A report read with its extras (domain/reports.ts withExtras). */
export const presentReportWithExtras = (report: ReportWithExtras): Report =>
  presentReport(report.row, report.extras);

/** Staff read what the customer reads, plus the revocation's internal note and its two people. */
export const presentLabReport = (report: ReportWithExtras): LabReport => ({
  ...presentReportWithExtras(report),
  revocationNote: report.row.status === "revoked" ? report.row.revokedReason : null,
  revokedBy: report.row.revokedBy,
  revocationConfirmedBy: report.row.revocationConfirmedBy,
});

/** Only what the certificate states: no customer, farm, place, phone or staff. */
export function presentCertificate(
  row: ReportRow,
  shrimpCategory: string,
  extras: Pick<ReportExtras, "sha256" | "replacedBy"> = NO_EXTRAS,
): Certificate {
  return {
    number: row.certification ?? "",
    issuedAt: row.completedAt.toISOString(),
    result: row.result,
    shrimpCategory,
    tests: row.tests,
    status: row.status,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    revokedReason:
      row.status === "revoked" ? revocationReasonText[revocationReasonOf(row.revokedReasonCode)] : null,
    markets: row.markets.map((market) => ({
      code: market.code,
      name: market.name,
      version: market.version,
      verdict: market.verdict,
    })),
    parameters: row.parameters,
    sha256: extras.sha256,
    replacedBy: extras.replacedBy?.certification ?? null,
  };
}
