import {
  COURIER_MAX,
  TEMPERATURE_C,
  type FieldJob,
  type HandoverInput,
  type MessageKey,
} from "@lab/contracts";

import { localError } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

import type { Fix } from "../utils/collection-rules";
import { fieldRequest } from "./field-request";

/** The hand-over form's values as typed. */
export interface HandoverDraft {
  courier: string;
  reference: string;
  /** Null until the agent says yes or no. */
  sealIntact: boolean | null;
  temperatureC: string;
}

export const emptyHandover = (): HandoverDraft => ({
  courier: "",
  reference: "",
  sealIntact: null,
  temperatureC: "",
});

export type HandoverField = "courier" | "reference" | "sealIntact" | "temperatureC";
export type HandoverErrors = Partial<Record<HandoverField, Shown>>;

/** A typed temperature: "" is none, a comma reads as a decimal point, anything else is NaN. */
const temperatureOf = (value: string): number | null => {
  const trimmed = value.trim().replace(",", ".");
  return trimmed === "" ? null : Number(trimmed);
};

const said = (key: MessageKey): Shown => ({ key });

/**
 * The form's errors by field, the server's rules checked by hand (the /field shell carries no zod);
 * `sealChoose` is the form's own words for a seal not answered. Empty when it can be sent.
 */
export function checkHandover(draft: HandoverDraft, sealChoose: Shown): HandoverErrors {
  const errors: HandoverErrors = {};
  const courier = draft.courier.trim();
  if (courier === "") errors.courier = said("courierRequired");
  else if (courier.length > COURIER_MAX) errors.courier = said("courierTooLong");
  if (draft.sealIntact === null) errors.sealIntact = sealChoose;
  const temperature = temperatureOf(draft.temperatureC);
  if (
    temperature !== null &&
    !(Number.isFinite(temperature) && temperature >= TEMPERATURE_C.min && temperature <= TEMPERATURE_C.max)
  )
    errors.temperatureC = said("temperatureInvalid");
  return errors;
}

/**
 * The request body, once checkHandover found nothing: handed over and sent now by the phone's clock
 * (the server corrects it), with the phone's position when it has one.
 */
export function handoverBody(draft: HandoverDraft, now: Date, fix: Fix | null): HandoverInput {
  const reference = draft.reference.trim();
  return {
    courier: draft.courier.trim(),
    reference: reference === "" ? null : reference,
    handedAt: now.toISOString(),
    sentAt: now.toISOString(),
    sealIntact: draft.sealIntact === true,
    temperatureC: temperatureOf(draft.temperatureC),
    position: fix,
  };
}

/** The answer's outline, checked by hand like the job list's. */
function parseJob(body: unknown): FieldJob {
  const value = (typeof body === "object" && body !== null ? body : {}) as Partial<
    Record<keyof FieldJob, unknown>
  >;
  if (typeof value.sampleId !== "number" || typeof value.handedOver !== "object" || value.handedOver === null)
    throw localError(200, "serverError", "invalid_response", body);
  return value as FieldJob;
}

/** POST /field/jobs/{sampleId}/handover: the sample goes to a courier; answers the job as it now is. */
export async function handOver(input: { sampleId: number; body: HandoverInput }): Promise<FieldJob> {
  return parseJob(
    await fieldRequest<unknown>(`/field/jobs/${input.sampleId}/handover`, {
      method: "POST",
      body: input.body,
    }),
  );
}
