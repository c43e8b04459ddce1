import {
  BUYER_SPECIFICATION,
  certificateScope,
  LAB_IDENTITY,
  revocationReasonOf,
  revocationReasonText,
  type Certificate,
  type LabReport,
  type ParameterLine,
  type Report,
} from "@lab/contracts";
import type { ReportRow } from "@lab/db";

import type { FoundCertificate, ReportExtras, ReportWithExtras } from "../domain/reports/reports";

/** What a report needs besides its row: names of the two people, the issued PDF's hash, the chain. */
export type { ReportExtras };

export const NO_EXTRAS: ReportExtras = {
  analyst: null,
  reviewer: null,
  sha256: null,
  replacedBy: null,
  replaces: null,
  sample: null,
  panels: null,
};

const personAt = (person: { name: string; at: Date } | null) =>
  person ? { name: person.name, at: person.at.toISOString() } : null;

export function presentReport(row: ReportRow, extras: ReportExtras = NO_EXTRAS): Report {
  // A revoked report keeps what it certified as issued; the banner beside it says it no longer stands.
  const scope = certificateScope(row.markets, row.certification);
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
    checkCode: row.certification === null ? null : row.checkCode,
    certifiedMarkets: scope.certified,
    notCertifiedMarkets: scope.notCertified,
    ...(extras.sample
      ? {
          farmer: extras.sample.farmer,
          place: extras.sample.place === "" ? null : extras.sample.place,
          shrimpCategory: extras.sample.shrimpCategory,
        }
      : {}),
    ...(extras.panels ? { panels: extras.panels } : {}),
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

/**
 * The public certificate check. Anyone learns whether the number stands; only a holder of its check
 * code or its PDF reads the results, and even they never the customer, farm, place, phone, staff,
 * staff's internal note on a revocation, or the name or code of a buyer's own specification.
 */
export function presentCertificate(found: FoundCertificate): Certificate {
  const { report } = found;
  const standing = {
    number: report.certification ?? "",
    issuedAt: report.completedAt.toISOString(),
    lab: LAB_IDENTITY.name,
    status: report.status,
    replacedBy: found.replacedBy,
  };
  if (found.access !== "full")
    return { detail: "summary", ...standing, mismatch: found.access === "mismatch" };
  // Buyers' specifications in the order the report lists them: BUYER-1, BUYER-2…
  const aliases = new Map(
    report.markets
      .filter((market) => found.buyerMarkets.has(market.code))
      .map((market, index) => [market.code, `BUYER-${String(index + 1)}`]),
  );
  const reasonCode = report.status === "revoked" ? revocationReasonOf(report.revokedReasonCode) : null;
  return {
    detail: "full",
    ...standing,
    result: report.result,
    shrimpCategory: found.shrimpCategory,
    tests: report.tests,
    revokedAt: report.revokedAt ? report.revokedAt.toISOString() : null,
    revokedReasonCode: reasonCode,
    revokedReason: reasonCode === null ? null : revocationReasonText[reasonCode],
    markets: report.markets.map((market) => {
      const alias = aliases.get(market.code);
      return {
        code: alias ?? market.code,
        name: alias === undefined ? market.name : BUYER_SPECIFICATION,
        buyer: alias !== undefined,
        version: market.version,
        verdict: market.verdict,
      };
    }),
    parameters: report.parameters.map((line) => withoutBuyerNames(line, aliases)),
    sha256: found.sha256,
  };
}

/** A parameter line whose buyers' markets read by their alias, their limits citing no buyer document. */
function withoutBuyerNames(line: ParameterLine, aliases: ReadonlyMap<string, string>): ParameterLine {
  return {
    ...line,
    markets: line.markets.map((market) => {
      const alias = aliases.get(market.code);
      if (alias === undefined) return market;
      return {
        ...market,
        code: alias,
        limit: market.limit === null ? null : { ...market.limit, reference: BUYER_SPECIFICATION },
      };
    }),
  };
}
