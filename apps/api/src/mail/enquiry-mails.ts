import type { MailToSend } from "./outbox";

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SIGNATURE = "AquaTest Laboratory customer portal";
const paragraphsHtml = (paragraphs: string[]): string =>
  paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join("\n");

export interface EnquiryMailInput {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164, or "" when none was given. */
  phone: string;
  message: string;
}

const fullName = (enquiry: EnquiryMailInput): string =>
  [enquiry.firstName, enquiry.lastName].filter(Boolean).join(" ");

/** To the lab's enquiry address; Reply-To is the person, so staff answer with their mail client. */
export function enquiryToLabMail(
  labAddress: string,
  enquiry: EnquiryMailInput,
  consoleUrl: string,
): MailToSend {
  const name = fullName(enquiry);
  const paragraphs = [
    `A new enquiry (#${enquiry.id}) arrived through the contact form of the website.`,
    `From: ${name} <${enquiry.email}>${enquiry.phone ? `\nPhone: ${enquiry.phone}` : ""}`,
    enquiry.message,
    `Reply to this e-mail to answer ${name}. Mark it handled in the lab console: ${consoleUrl}`,
  ];
  return {
    to: [labAddress],
    // One line (a typed line break stays out of the header), cut so a long name cannot push the number
    // out of view in a mail list.
    subject: `Website enquiry #${enquiry.id} from ${name.replace(/\s+/g, " ").slice(0, 60)}`,
    text: [...paragraphs, SIGNATURE].join("\n\n"),
    html: paragraphsHtml([...paragraphs, SIGNATURE]),
    replyTo: enquiry.email,
  };
}

/**
 * The acknowledgement to the address typed on the form. Nobody has proven that address is the
 * writer's, so it is the lab's fixed text only: no name, no quotation of the message (otherwise anyone
 * could make the lab mail their words to anyone). The lab's own copy keeps everything.
 */
export function enquiryAcknowledgementMail(to: string, labAddress: string): MailToSend {
  const paragraphs = [
    "Hello,",
    "Thank you for writing to AquaTest Laboratory. We received your enquiry through the contact form of our website and will reply within one business day.",
    "If you did not write to us, you can ignore this e-mail: someone may have typed your address by mistake.",
  ];
  return {
    to: [to],
    subject: "We received your enquiry",
    text: [...paragraphs, SIGNATURE].join("\n\n"),
    html: paragraphsHtml([...paragraphs, SIGNATURE]),
    replyTo: labAddress,
  };
}
