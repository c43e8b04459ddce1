import { z } from "zod";

import {
  ENQUIRY_EMAIL_MAX,
  ENQUIRY_MESSAGE_MAX,
  ENQUIRY_NAME_MAX,
  ENQUIRY_PHONE_MAX,
} from "./enquiry-limits";
import { messages } from "./messages";
import { text } from "./text";

// The landing page's contact form and the blog's newsletter: both really reach someone (docs/api.md).

const email = text(messages.enquiryEmailRequired)
  .trim()
  .min(1, messages.enquiryEmailRequired)
  .max(ENQUIRY_EMAIL_MAX, messages.invalidEmailFormat)
  .pipe(z.email({ error: messages.invalidEmailFormat }))
  .transform((value) => value.toLowerCase());

/** POST /enquiries (public). The phone is optional; the server checks it as a phone number. */
export const contactEnquiryRequestSchema = z.object({
  firstName: text(messages.enquiryFirstNameRequired)
    .trim()
    .min(1, messages.enquiryFirstNameRequired)
    .max(ENQUIRY_NAME_MAX, messages.enquiryFirstNameTooLong),
  lastName: text().trim().max(ENQUIRY_NAME_MAX, messages.enquiryLastNameTooLong).default(""),
  email,
  phone: text().trim().max(ENQUIRY_PHONE_MAX, messages.phoneInvalid).default(""),
  message: text(messages.enquiryMessageRequired)
    .trim()
    .min(1, messages.enquiryMessageRequired)
    .max(ENQUIRY_MESSAGE_MAX, messages.enquiryMessageTooLong),
});
export type ContactEnquiryRequest = z.input<typeof contactEnquiryRequestSchema>;

/** The 202 answer of POST /enquiries and of POST /newsletter/subscriptions. */
export const acceptedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type AcceptedResponse = z.infer<typeof acceptedResponseSchema>;

export const contactEnquirySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ContactEnquiry = z.infer<typeof contactEnquirySchema>;

export const ENQUIRY_PAGE_SIZE = 20;

/** GET /lab/enquiries: newest first; `cursor` is the opaque nextCursor of the page before. */
export const enquiryListQuerySchema = z.object({
  cursor: text().max(200, messages.cursorInvalid).optional(),
  limit: z.coerce
    .number({ error: messages.pageSizeInvalid })
    .int(messages.pageSizeInvalid)
    .min(1, messages.pageSizeInvalid)
    .max(100, messages.pageSizeInvalid)
    .default(ENQUIRY_PAGE_SIZE),
});

export const enquiryListResponseSchema = z.object({
  items: z.array(contactEnquirySchema),
  nextCursor: z.string().nullable(),
});
export type EnquiryListResponse = z.infer<typeof enquiryListResponseSchema>;

/** POST /newsletter/subscriptions */
export const newsletterSubscribeRequestSchema = z.object({ email });
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeRequestSchema>;

/** POST /newsletter/confirm and /newsletter/unsubscribe: the token from the mailed link. */
export const newsletterTokenRequestSchema = z.object({
  token: text(messages.newsletterLinkInvalid)
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, messages.newsletterLinkInvalid),
});
export type NewsletterTokenRequest = z.input<typeof newsletterTokenRequestSchema>;

export const newsletterStateResponseSchema = z.object({
  email: z.string(),
  status: z.enum(["confirmed", "unsubscribed"]),
  message: z.string(),
});
export type NewsletterStateResponse = z.infer<typeof newsletterStateResponseSchema>;
