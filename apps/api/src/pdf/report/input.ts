// What the certificate of analysis prints, as the renderer reads it: plain data (rows as the database
// holds them), so it crosses to a worker thread as it is and the renderer needs nothing of the domain.
import type { CustomerRow, ReportRow, SampleRow } from "@lab/db";

/** A specification version a report was judged against, as the certificate cites it. */
export interface SpecCitation {
  market: string;
  name: string;
  version: number;
  effectiveFrom: string;
  reference: string;
}

/** The report's fields the document prints. */
export type PdfReport = Pick<
  ReportRow,
  | "id"
  | "certification"
  | "checkCode"
  | "status"
  | "result"
  | "markets"
  | "parameters"
  | "tests"
  | "details"
  | "remarks"
  | "completedAt"
  | "analysedAt"
  | "testingStartedAt"
  | "revokedAt"
  | "revokedReasonCode"
>;

/** The sample's fields the document prints. */
export type PdfSample = Pick<
  SampleRow,
  | "id"
  | "shrimpCategory"
  | "shrimpSubCategory"
  | "testTypes"
  | "samplerName"
  | "samplerLocation"
  | "phoneNumber"
  | "lat"
  | "lng"
  | "createdAt"
>;

/** The customer's fields the document prints; `language` is the second language beside English. */
export type PdfCustomer = Pick<CustomerRow, "fullName" | "company" | "email" | "language">;

export interface ReportPdfInput {
  report: PdfReport;
  sample: PdfSample;
  customer: PdfCustomer;
  /** The reviewer who released the report (for a report issued in one step, before results needed a second person: the staff member who issued it). */
  signatory: string | null;
  publicUrl: string;
  /** The analyst who entered the results. */
  analyst?: string | null;
  /** The field agent who collected the sample, and when (its move to COLLECTED). */
  agent?: string | null;
  collectedAt?: Date | null;
  /** When the lab received it (its move to TESTING). */
  receivedAt?: Date | null;
  specVersions?: readonly SpecCitation[];
  /** The number of the revoked report this one replaces ("NSP-CERT-…" or "R-12"). */
  replaces?: string | null;
}
