import type {
  CertificateFull,
  CertificateSummary,
  LabReport,
  MarketJudgement,
  ParameterLine,
  Report,
} from "@lab/contracts";

/** A valid, successful report of the fixture customer (id 7); fields can be overridden. */
export function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    id: 41,
    sampleId: 100,
    userId: 7,
    result: "success",
    completedAt: "2026-02-03T09:15:00.000Z",
    details: {
      initialInspection: "Sample received chilled, intact packaging.",
      labResults: {
        viralScreening: "WSSV and IHHNV not detected",
        bacterialAnalysis: "Vibrio below action level",
        parasiteCheck: "No parasites seen",
        geneticMarkers: "Not requested",
        waterQuality: "Within normal range",
      },
      finalReview: "Fit for export.",
      certification: "NSP-CERT-2026-007",
    },
    tests: [
      {
        testType: "Viral Disease Screening",
        value: "Not detected",
        unit: "",
        limit: "Not detected",
        method: "qPCR",
        verdict: "pass",
      },
      {
        testType: "Allergen Testing",
        value: "0.2",
        unit: "mg/kg",
        limit: "≤ 1",
        method: "ELISA",
        verdict: "pass",
      },
    ],
    status: "valid",
    revokedReason: null,
    revokedReasonCode: null,
    revokedAt: null,
    markets: [],
    parameters: [],
    analyst: null,
    reviewer: null,
    sha256: null,
    replacedBy: null,
    replaces: null,
    checkCode: "4F3A91C20B7DE5A1",
    ...overrides,
  };
}

/** A report as the lab console reads it: the customer's view plus the revocation's note and people. */
export function makeLabReport(overrides: Partial<LabReport> = {}): LabReport {
  return {
    ...makeReport(overrides),
    revocationNote: null,
    revokedBy: null,
    revocationConfirmedBy: null,
    ...overrides,
  };
}

/** The public check's full answer (with the check code or the PDF's hash). */
export function makeCertificate(overrides: Partial<CertificateFull> = {}): CertificateFull {
  const report = makeReport();
  return {
    detail: "full",
    number: "NSP-CERT-2026-007",
    issuedAt: report.completedAt,
    lab: "AquaTest Laboratory",
    result: "success",
    shrimpCategory: "Tiger Shrimp",
    tests: report.tests,
    status: "valid",
    revokedAt: null,
    revokedReasonCode: null,
    revokedReason: null,
    markets: [],
    parameters: [],
    sha256: null,
    replacedBy: null,
    ...overrides,
  };
}

/** The public check's answer to the number alone (or a code that did not match). */
export function makeCertificateSummary(overrides: Partial<CertificateSummary> = {}): CertificateSummary {
  return {
    detail: "summary",
    number: "NSP-CERT-2026-007",
    issuedAt: makeReport().completedAt,
    lab: "AquaTest Laboratory",
    status: "valid",
    replacedBy: null,
    mismatch: false,
    ...overrides,
  };
}

/** One line of a certified parameter table: chloramphenicol 0.2 µg/kg, outside the EU's < 0.15, within the US's ≤ 0.3. */
export function makeParameterLine(overrides: Partial<ParameterLine> = {}): ParameterLine {
  return {
    code: "CAP",
    name: "Chloramphenicol",
    kind: "quantitative",
    unit: "µg/kg",
    method: "LC-MS/MS",
    methodRole: "confirmatory",
    lod: 0.05,
    loq: 0.1,
    grades: null,
    per25g: false,
    cutoff: null,
    confirmWith: null,
    result: { value: 0.2, qualifier: null, display: "0.2" },
    confirmedBy: null,
    markets: [
      { code: "EU", limit: null, limitText: "< 0.15", verdict: "fail" },
      { code: "US", limit: null, limitText: "≤ 0.3", verdict: "pass" },
    ],
    ...overrides,
  };
}

/** The market verdicts of a report judged for the EU (fail) and the US (pass). */
export const euFailUsPass = (): MarketJudgement[] => [
  { code: "EU", name: "European Union", specVersionId: 3, version: 3, verdict: "fail" },
  { code: "US", name: "United States", specVersionId: 5, version: 1, verdict: "pass" },
];
