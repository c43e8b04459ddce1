// What the certificate of analysis prints, as the renderer reads it: plain data (rows as the database
// holds them), so it crosses to a worker thread as it is and the renderer needs nothing of the domain.
import type { CaaStatus } from "@lab/contracts";
import type { CropTreatment, CustomerRow, ReportRow, SampleRow } from "@lab/db";

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

/**
 * What a pre-harvest screening report prints on top of the certificate: where the sample came from
 * and how long the screening clears the harvest. Days are India's calendar days, YYYY-MM-DD.
 */
export interface ScreeningFacts {
  farm: {
    name: string;
    mpedaEnrolment: string | null;
    caaRegistration: string | null;
    caaExpiresOn: string | null;
    /** As of the report's issue day. */
    caaStatus: CaaStatus;
    stateLicence: string | null;
  };
  pondCode: string;
  crop: {
    species: string;
    stockedOn: string;
    hatcheryName: string | null;
    hatcheryRegistration: string | null;
    noTreatments: boolean;
    treatments: CropTreatment[];
  };
  lot: { code: string; expectedOn: string; phtCertificate: string | null };
  /** The processor named on the lot, or the portal organisation it names; null when none. */
  buyer: { name: string; eic: string | null } | null;
  sampledOn: string;
  validUntil: string;
}

/**
 * What the field agent recorded at the pond and what reception found on arrival, as the sample's
 * collection holds them (decimals as the database gives them, "4.0"). Absent when the customer
 * brought or sent the sample themselves.
 */
export interface SamplingFacts {
  agent: string;
  /** When the sample was taken, by the phone's clock (corrected at sync when it was off). */
  collectedAt: Date;
  lat: number;
  lng: number;
  accuracyM: number;
  /** Metres to the pond's (else the farm's) point; null when neither has one. */
  distanceM: number | null;
  distanceFrom: "pond" | "farm" | null;
  /** The agent's reason for sampling beyond the lab's radius. */
  distanceReason: string | null;
  seals: readonly string[];
  containers: number;
  quantity: string;
  quantityUnit: "count" | "g";
  waterTempC: string | null;
  sampleTempC: string | null;
  coldChain: "ice" | "cold_box" | "ambient";
  /** The farmer (or their person) who handed the sample over. */
  farmerName: string;
  /** Reception's check; null while the sample has not reached the lab. */
  reception: {
    at: Date;
    decision: "accepted" | "rejected" | "consent";
    /** Fixed reasons (a rejection's, or the deviations the customer consented to). */
    reasons: readonly string[];
    note: string | null;
    temperatureC: string | null;
    /** The seal numbers read at arrival, and whether they are the agent's. */
    seals: readonly string[] | null;
    sealsMatch: boolean | null;
    /** Whether the seals were whole on arrival, as reception recorded it. */
    sealIntact: boolean | null;
  } | null;
}

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
  /** Set for a pre-harvest sample naming its lot: the document is a pre-harvest screening report. */
  screening?: ScreeningFacts | null;
  /** Set when a field agent collected the sample through the field app: the sampling block. */
  sampling?: SamplingFacts | null;
}
