import type { Certificate, Report } from "@lab/contracts";
import type { ReportRow } from "@lab/db";

export function presentReport(row: ReportRow): Report {
  return {
    id: row.id,
    sampleId: row.sampleId,
    userId: row.customerId,
    result: row.result,
    completedAt: row.completedAt.toISOString(),
    details: { ...row.details, certification: row.certification },
    tests: row.tests,
    status: row.status,
    revokedReason: row.revokedReason,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
  };
}

/** Only what the certificate states: no customer, farm, place or phone. */
export function presentCertificate(row: ReportRow, shrimpCategory: string): Certificate {
  return {
    number: row.certification ?? "",
    issuedAt: row.completedAt.toISOString(),
    result: row.result,
    shrimpCategory,
    tests: row.tests,
    status: row.status,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    revokedReason: row.revokedReason,
  };
}
