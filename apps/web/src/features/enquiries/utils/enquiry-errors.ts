import { contactEnquiryRequestSchema, messages } from "@lab/contracts";

import { isApiError } from "@/lib/api-client";

export const ENQUIRY_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];
export type EnquiryValues = Record<EnquiryField, string>;
export type EnquiryErrors = Partial<Record<EnquiryField, string>>;

const isEnquiryField = (value: unknown): value is EnquiryField =>
  typeof value === "string" && (ENQUIRY_FIELDS as readonly string[]).includes(value);

/** The same checks as the server (the contracts schema): the first message of each field. */
export function enquiryErrorsOf(values: EnquiryValues): EnquiryErrors {
  const result = contactEnquiryRequestSchema.safeParse(values);
  if (result.success) return {};
  const errors: EnquiryErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isEnquiryField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Where a server refusal belongs: the field it names (`field` in the body), the phone for the phone
 * check only the server makes, else the form's banner.
 */
export function serverEnquiryError(error: unknown): { field?: EnquiryField; message: string } {
  const message = error instanceof Error && error.message ? error.message : messages.enquirySendFailed;
  if (!isApiError(error) || error.status !== 400) return { message };
  const body: unknown = error.body;
  const named = typeof body === "object" && body !== null && "field" in body ? body.field : undefined;
  if (isEnquiryField(named)) return { field: named, message };
  if (message === messages.phoneInvalid) return { field: "phone", message };
  return { message };
}
