// Lengths of the contact form's fields, in a module without zod: the form on /login imports them, and
// that bundle stays without zod (the /login budget, docs/architecture.md).
export const ENQUIRY_NAME_MAX = 80;
export const ENQUIRY_EMAIL_MAX = 254;
export const ENQUIRY_PHONE_MAX = 32;
export const ENQUIRY_MESSAGE_MAX = 2000;
