import type { SampleStatus } from "@lab/contracts";
import type { OutboxAttachment } from "@lab/db";
import type { MessageKey, MessageValues } from "@lab/i18n";
import { translatorFor, type Translator } from "@lab/i18n/node";

import { escapeHtml } from "./localized";
import type { MailToSend } from "./outbox";

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

/** A sample in the mail's list, worded per language; a revoked report says so in words, not only on its PDF. */
export interface SharedSample {
  id: number;
  shrimpCategory: string;
  status: SampleStatus;
  report: { id: number; certification: string | null; revoked: boolean } | null;
}

export interface SharedReportMailInput {
  to: string;
  /** The sharer; the mail is written in their language with the English text alongside (issue 17). */
  customer: { id: number; fullName: string; company: string | null; email: string; language?: string };
  /** The customer's own words: shown only as a quotation, never as the mail's subject. */
  note: { subject: string; message: string };
  samples: SharedSample[];
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

const ENGLISH = translatorFor("en");

/** A data name (status, shrimp category) in the `domain` catalogue; as stored when it has none. */
function domainName(t: Translator["t"], key: string, stored: string): string {
  // A category is free text: it names a catalogue key only when the lab's list has it.
  const worded = t(key as MessageKey);
  return worded === key ? stored : worded;
}

/** One sample's line: the English one names the stored values, as before issue 17. */
function sampleLine({ t, language }: Translator, sample: SharedSample): string {
  const english = language === "en";
  const values = {
    sampleId: String(sample.id),
    category: english
      ? sample.shrimpCategory
      : domainName(t, `domain.category.${sample.shrimpCategory}`, sample.shrimpCategory),
    status: english ? sample.status : domainName(t, `domain.status.${sample.status}`, sample.status),
  };
  if (!sample.report) return t("mail.shared.sample", values);
  const report =
    sample.report.certification ?? t("mail.shared.reportNumber", { reportId: String(sample.report.id) });
  return t(sample.report.revoked ? "mail.shared.sampleRevoked" : "mail.shared.sampleReport", {
    ...values,
    report,
  });
}

/** The subject alone: "<localized> / <English>" for a sharer who reads another language. */
export function sharedReportSubject(customer: {
  fullName: string;
  company: string | null;
  language?: string;
}): string {
  const who = sharerName(customer);
  const english = ENGLISH.t("mail.shared.subject", { who });
  const local = translatorFor(customer.language);
  return local.language === "en" ? english : `${local.t("mail.shared.subject", { who })} / ${english}`;
}

/**
 * The lab's one template for reports a customer shares with their contacts. The lab writes the
 * subject and frame; the customer's subject and message appear only inside it as a marked quotation,
 * replies go to the customer (Reply-To), and every mail can be unsubscribed in one click (RFC 8058).
 * Written in the sharer's language, each paragraph followed by its English (the recipient may be a
 * buyer abroad); an English sharer's mail is English only.
 */
export function sharedReportMail(input: SharedReportMailInput): MailToSend {
  const who = sharerName(input.customer);
  const local = translatorFor(input.customer.language);
  const readers = local.language === "en" ? [ENGLISH] : [local, ENGLISH];
  /** A paragraph in each language, localized first. */
  const both = (key: MessageKey, values?: MessageValues): string[] => readers.map(({ t }) => t(key, values));
  const html = (key: MessageKey, values: MessageValues, render: (text: string) => string = escapeHtml) =>
    readers
      .map(({ t, language }) =>
        readers.length === 1
          ? `<p>${render(t(key, values))}</p>`
          : `<p lang="${language}">${render(t(key, values))}</p>`,
      )
      .join("\n");

  const quoted = [
    ...(input.note.subject ? [input.note.subject, ""] : []),
    ...input.note.message.split(/\r?\n/),
  ]
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  const attached = input.attachments.length;
  const verifyUrl = `${input.publicUrl}/verify`;
  const lines = input.samples.flatMap((sample) => readers.map((reader) => sampleLine(reader, sample)));
  const text = [
    ...both("mail.shared.hello"),
    "",
    ...both("mail.shared.intro", { who }),
    "",
    ...both("mail.shared.noteBy", { who }),
    "",
    quoted,
    "",
    ...both("mail.shared.samples"),
    ...lines.map((line) => `- ${line}`),
    "",
    ...(attached > 0 ? both("mail.shared.attached", { count: attached }) : []),
    ...both("mail.shared.verify", { url: verifyUrl }),
    "",
    ...both("mail.shared.reply", { who, email: input.customer.email }),
    "",
    "--",
    "AquaTest Laboratory",
    ...both("mail.shared.footer", { who }),
    ...both("mail.shared.unsubscribe", { url: input.unsubscribe.page }),
  ].join("\n");

  const strongWho = (text: string) =>
    escapeHtml(text).replace(escapeHtml(who), () => `<strong>${escapeHtml(who)}</strong>`);
  const verifyLink = `<a href="${escapeHtml(verifyUrl)}">${escapeHtml(verifyUrl)}</a>`;
  const footer = readers.map(({ t }) => `${escapeHtml(t("mail.shared.footer", { who }))}`).join(" ");
  const unsubscribe = readers
    .map(
      ({ t }) =>
        `<a href="${escapeHtml(input.unsubscribe.page)}">${escapeHtml(t("mail.shared.unsubscribeLink"))}</a>`,
    )
    .join(" · ");
  const body = `${html("mail.shared.hello", {})}
${html("mail.shared.intro", { who }, strongWho)}
${html("mail.shared.noteBy", { who })}
<blockquote style="margin:0 0 1em;padding:.5em 1em;border-left:4px solid #94a3b8;color:#334155;white-space:pre-wrap">${
    input.note.subject ? `<strong>${escapeHtml(input.note.subject)}</strong>\n\n` : ""
  }${escapeHtml(input.note.message)}</blockquote>
${html("mail.shared.samples", {})}
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
${attached > 0 ? `${html("mail.shared.attached", { count: attached })}\n` : ""}${html("mail.shared.verify", { url: verifyUrl }, (text) => escapeHtml(text).replace(escapeHtml(verifyUrl), () => verifyLink))}
${html("mail.shared.reply", { who, email: input.customer.email })}
<hr>
<p style="font-size:12px;color:#475569">AquaTest Laboratory. ${footer}
${unsubscribe}.</p>`;

  return {
    to: [input.to],
    subject: sharedReportSubject(input.customer),
    text,
    html: local.language === "en" ? body : `<div lang="${local.language}">\n${body}\n</div>`,
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
