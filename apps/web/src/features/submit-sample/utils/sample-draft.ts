// The submit form's draft on the device: what was typed, the saved provider chosen, and the request
// under way, so that a reload neither loses the form nor, after a lost answer, makes a second sample.
import { z } from "zod";

import { locationValueSchema, sampleSubmissionSchema, type SampleSubmission } from "@lab/contracts";

import type { SubmitRequest } from "../api/submit-sample";
import { emptySampleForm, type SampleFormValues } from "./sample-form";
import { sampleLinkSchema, type SampleLink } from "./sample-link";

export const SAMPLE_DRAFT_FORM = "submit-sample";
/** The last sample this device sent, so the same content is not sent as a second sample. */
export const SAMPLE_SENT_FORM = "submit-sample-sent";
/** How long the same content again counts as the same sample (after that it is a new one). */
export const SAME_SAMPLE_WINDOW_MS = 10 * 60 * 1000;

export interface SampleDraft {
  values: SampleFormValues;
  /** The saved provider chosen from the list; found again once the list is in. */
  selectedId: number | null;
  /** The submit sent and not yet answered with a sample. */
  pending: SubmitRequest | null;
  /** The farm, pond, lot and purpose chosen; kept only once something is chosen. */
  link?: SampleLink | undefined;
}

export const blankSampleDraft = (markets: readonly string[] = []): SampleDraft => ({
  values: emptySampleForm(markets),
  selectedId: null,
  pending: null,
});

// Kept exactly as it was sent: the server tells a retry from another request by the body's hash.
const sentPayload = z.custom<SampleSubmission>((value) => sampleSubmissionSchema.safeParse(value).success);

export const sampleDraftSchema: z.ZodType<SampleDraft> = z.object({
  values: z.object({
    samplerName: z.string(),
    phoneNumber: z.string(),
    location: locationValueSchema.nullable(),
    shrimpCategory: z.string(),
    testTypes: z.array(z.string()),
    emailAddress: z.string(),
    markets: z.array(z.string()),
    // A draft kept before the notes existed has none.
    collectorNotes: z.string().default(""),
  }),
  selectedId: z.number().int().nullable(),
  pending: z.object({ key: z.string().min(1), payload: sentPayload }).nullable(),
  link: sampleLinkSchema.optional(),
});

export interface SentSample {
  content: string;
  sampleId: number;
  at: number;
}

export const sentSampleSchema: z.ZodType<SentSample> = z.object({
  content: z.string(),
  sampleId: z.number().int(),
  at: z.number(),
});

/** The sample already made from this content, when it was sent from here a moment ago. */
export function alreadySent(
  sent: SentSample | null,
  content: string,
  now: number = Date.now(),
): number | null {
  if (!sent || sent.content !== content) return null;
  return now - sent.at < SAME_SAMPLE_WINDOW_MS ? sent.sampleId : null;
}
