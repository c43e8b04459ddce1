import type { OutboxAttachment } from "@lab/db";

import type { MailToSend } from "./outbox";

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One line of a header or heading: control characters, bidi overrides (which could reverse how the
 * name reads) and runs of space become one space.
 */
function oneLine(value: string, max: number): string {
  const flat = value.replace(/[\p{Cc}\p{Zl}\p{Zp}\s\u202A-\u202E\u2066-\u2069]+/gu, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The signed links of one recipient: the RFC 8058 one-click POST target and the page a person opens. */
export interface UnsubscribeLinks {
  oneClick: string;
  page: string;
}

export interface SharedReportMailInput {
  to: string;
  customer: { id: number; fullName: string; company: string | null; email: string };
  /** The customer's own words: shown only as a quotation, never as the mail's subject. */
  note: { subject: string; message: string };
  /** The sample lines of this recipient, already worded (certificate, revoked). */
  samples: string[];
  attachments: OutboxAttachment[];
  unsubscribe: UnsubscribeLinks;
  publicUrl: string;
  queuedAt: Date;
}

/** Who shared: "Ravi Kumar (Kumar Aqua Farms)" or only the name. */
export function sharerName(customer: { fullName: string; company: string | null }): string {
  const name = oneLine(customer.fullName, 80);
  const company = customer.company ? oneLine(customer.company, 80) : "";
  return company ? `${name} (${company})` : name;
}

export const sharedReportSubject = (customer: { fullName: string; company: string | null }): string =>
  `${sharerName(customer)} shared sample reports with you — AquaTest Laboratory`;

/**
 * The lab's one template for reports a customer shares with their contacts. The lab writes the
 * subject and frame; the customer's subject and message appear only inside it as a marked quotation,
 * replies go to the customer (Reply-To), and every mail can be unsubscribed in one click (RFC 8058).
 */
export function sharedReportMail(input: SharedReportMailInput): MailToSend {
  const who = sharerName(input.customer);
  const quoted = [
    ...(input.note.subject ? [input.note.subject, ""] : []),
    ...input.note.message.split(/\r?\n/),
  ]
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  const attached = input.attachments.length;
  const text = [
    "Hello,",
    "",
    `${who} shared sample reports with you through the AquaTest Laboratory customer portal.`,
    "",
    `Their message (written by ${who}, not by the laboratory):`,
    "",
    quoted,
    "",
    "Samples:",
    ...input.samples.map((line) => `- ${line}`),
    "",
    ...(attached > 0 ? [`${attached} report PDF${attached === 1 ? " is" : "s are"} attached.`] : []),
    `Check any certificate number at ${input.publicUrl}/verify`,
    "",
    `Reply to this e-mail to answer ${who} at ${input.customer.email}.`,
    "",
    "--",
    "AquaTest Laboratory",
    `You receive this because ${who} entered your address on a sample sent to AquaTest Laboratory.`,
    `To receive no more reports shared through the portal, unsubscribe: ${input.unsubscribe.page}`,
  ].join("\n");

  const html = `<p>Hello,</p>
<p><strong>${escapeHtml(who)}</strong> shared sample reports with you through the AquaTest Laboratory customer portal.</p>
<p>Their message (written by ${escapeHtml(who)}, not by the laboratory):</p>
<blockquote style="margin:0 0 1em;padding:.5em 1em;border-left:4px solid #94a3b8;color:#334155;white-space:pre-wrap">${
    input.note.subject ? `<strong>${escapeHtml(input.note.subject)}</strong>\n\n` : ""
  }${escapeHtml(input.note.message)}</blockquote>
<p>Samples:</p>
<ul>${input.samples.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
${attached > 0 ? `<p>${attached} report PDF${attached === 1 ? " is" : "s are"} attached.</p>` : ""}
<p>Check any certificate number at <a href="${escapeHtml(`${input.publicUrl}/verify`)}">${escapeHtml(`${input.publicUrl}/verify`)}</a></p>
<p>Reply to this e-mail to answer ${escapeHtml(who)} at ${escapeHtml(input.customer.email)}.</p>
<hr>
<p style="font-size:12px;color:#475569">AquaTest Laboratory. You receive this because ${escapeHtml(who)} entered your address on a sample sent to AquaTest Laboratory.
<a href="${escapeHtml(input.unsubscribe.page)}">Unsubscribe from shared reports</a>.</p>`;

  return {
    to: [input.to],
    subject: sharedReportSubject(input.customer),
    text,
    html,
    attachments: input.attachments,
    replyTo: input.customer.email,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribe.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    sharedBy: input.customer.id,
    queuedAt: input.queuedAt,
  };
}
