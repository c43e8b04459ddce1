// The results entry of the console: one row per requested test type, and the payload it posts.
import { messages, type IssueReportRequest, type VERDICTS } from "@lab/contracts";

import type { LAB_RESULT_FIELDS } from "@/utils/report-result";

export type Verdict = (typeof VERDICTS)[number];

export interface ResultRow {
  testType: string;
  value: string;
  unit: string;
  limit: string;
  method: string;
  verdict: Verdict | "";
}

export type LabResultKey = (typeof LAB_RESULT_FIELDS)[number]["key"];

export interface ResultsValues {
  initialInspection: string;
  labResults: Record<LabResultKey, string>;
  finalReview: string;
  rows: ResultRow[];
}

export type RowErrors = Partial<Record<"value" | "verdict", string>>;

export function initialResults(testTypes: readonly string[]): ResultsValues {
  return {
    initialInspection: "",
    labResults: {
      viralScreening: "",
      bacterialAnalysis: "",
      parasiteCheck: "",
      geneticMarkers: "",
      waterQuality: "",
    },
    finalReview: "",
    rows: testTypes.map((testType) => ({
      testType,
      value: "",
      unit: "",
      limit: "",
      method: "",
      verdict: "",
    })),
  };
}

/** Per row: a value and a verdict are required. Empty when the form can be sent. */
export function validateResults(values: ResultsValues): RowErrors[] {
  return values.rows.map((row) => ({
    ...(row.value.trim() ? {} : { value: messages.reportValueRequired }),
    ...(row.verdict ? {} : { verdict: messages.reportVerdictInvalid }),
  }));
}

export const hasErrors = (errors: RowErrors[]): boolean =>
  errors.some((row) => row.value !== undefined || row.verdict !== undefined);

/** The overall result the server will give: success only if every verdict passes. */
export function expectedResult(rows: readonly ResultRow[]): "success" | "failure" | null {
  if (rows.length === 0 || rows.some((row) => !row.verdict)) return null;
  return rows.every((row) => row.verdict === "pass") ? "success" : "failure";
}

export function resultsPayload(values: ResultsValues): IssueReportRequest {
  return {
    initialInspection: values.initialInspection.trim(),
    labResults: {
      viralScreening: values.labResults.viralScreening.trim(),
      bacterialAnalysis: values.labResults.bacterialAnalysis.trim(),
      parasiteCheck: values.labResults.parasiteCheck.trim(),
      geneticMarkers: values.labResults.geneticMarkers.trim(),
      waterQuality: values.labResults.waterQuality.trim(),
    },
    finalReview: values.finalReview.trim(),
    tests: values.rows.map((row) => ({
      testType: row.testType,
      value: row.value.trim(),
      unit: row.unit.trim(),
      limit: row.limit.trim(),
      method: row.method.trim(),
      verdict: row.verdict === "fail" ? "fail" : "pass",
    })),
  };
}
