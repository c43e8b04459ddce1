import {
  ENQUIRY_EMAIL_MAX,
  ENQUIRY_MESSAGE_MAX,
  ENQUIRY_NAME_MAX,
  ENQUIRY_PHONE_MAX,
  messageCodeOfKey,
  type MessageKey,
} from "@lab/contracts";

import { isApiError } from "@/lib/api-client";

export const ENQUIRY_FIELDS = ["firstName", "lastName", "email", "phone", "message"] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];
export type EnquiryValues = Record<EnquiryField, string>;
export type EnquiryErrors = Partial<Record<EnquiryField, string>>;

const isEnquiryField = (value: unknown): value is EnquiryField =>
  typeof value === "string" && (ENQUIRY_FIELDS as readonly string[]).includes(value);

// A quick check before sending; the server's schema (contracts/enquiries.ts) decides. The form lives on
// /login, whose bundle must stay without zod (the 120 KB bar, docs/architecture.md), hence plain code.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem of each field, in the server's words. */
export function enquiryErrorsOf(values: EnquiryValues): EnquiryErrors {
  const errors: EnquiryErrors = {};
  const firstName = values.firstName.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!firstName) errors.firstName = "enquiryFirstNameRequired";
  else if (firstName.length > ENQUIRY_NAME_MAX) errors.firstName = "enquiryFirstNameTooLong";
  if (values.lastName.trim().length > ENQUIRY_NAME_MAX) errors.lastName = "enquiryLastNameTooLong";
  if (!email) errors.email = "enquiryEmailRequired";
  else if (email.length > ENQUIRY_EMAIL_MAX || !LOOKS_LIKE_EMAIL.test(email)) {
    errors.email = "invalidEmailFormat";
  }
  if (values.phone.trim().length > ENQUIRY_PHONE_MAX) errors.phone = "phoneInvalid";
  if (!message) errors.message = "enquiryMessageRequired";
  else if (message.length > ENQUIRY_MESSAGE_MAX) errors.message = "enquiryMessageTooLong";
  return errors;
}

// Server messages that belong to one field, for answers that do not name it.
const FIELD_OF_MESSAGE: Partial<Record<MessageKey, EnquiryField>> = {
  ["enquiryFirstNameRequired"]: "firstName",
  ["enquiryFirstNameTooLong"]: "firstName",
  ["enquiryLastNameTooLong"]: "lastName",
  ["enquiryEmailRequired"]: "email",
  ["invalidEmailFormat"]: "email",
  ["phoneInvalid"]: "phone",
  ["enquiryMessageRequired"]: "message",
  ["enquiryMessageTooLong"]: "message",
};

// The server names a message by its messageCode.
const FIELD_OF_CODE = new Map(
  Object.entries(FIELD_OF_MESSAGE).map(([key, field]) => [messageCodeOfKey(key as MessageKey), field]),
);

/**
 * Where a server refusal belongs: the field it names (`field` in the body), else the field its message
 * is about, else the form's banner.
 */
export function serverEnquiryError(error: unknown): { field?: EnquiryField; message: string } {
  const message = error instanceof Error && error.message ? error.message : "enquirySendFailed";
  if (!isApiError(error) || error.status !== 400) return { message };
  const body: unknown = error.body;
  const named = typeof body === "object" && body !== null && "field" in body ? body.field : undefined;
  if (isEnquiryField(named)) return { field: named, message };
  const field = error.messageCode === undefined ? undefined : FIELD_OF_CODE.get(error.messageCode);
  return field ? { field, message } : { message };
}
