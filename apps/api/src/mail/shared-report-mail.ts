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
  /**
   * The sharer; the mail is written in their language with the English text alongside. `email` must
   * be the account's verified address: it is the one fact about the sharer the lab has checked.
   */
  customer: { id: number; fullName: string; email: string; language?: string };
  samples: SharedSample[];
  attachments: OutboxAttachment[];
  unsubscribe: UnsubscribeLinks;
  publicUrl: string;
  queuedAt: Date;
}

/**
 * The sharer's name as they typed it, on one line, for the body only, where the template marks it as
 * given by the customer. Their company is never shown: the lab has not verified companies, and a
 * stranger would read it as the lab's word.
 */
export const sharerName = (customer: { fullName: string }): string => oneLine(customer.fullName, 80);

const ENGLISH = translatorFor("en");

/** A data name (status, shrimp category) in the `domain` catalogue; as stored when it has none. */
function domainName(t: Translator["t"], key: string, stored: string): string {
  // A category is free text: it names a catalogue key only when the lab's list has it.
  const worded = t(key as MessageKey);
  return worded === key ? stored : worded;
}

/** One sample's line: the English one names the stored values as they are, untranslated. */
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

/**
 * The subject alone, fixed: "<localized> / <English>" for a sharer who reads another language. It
 * names no one, since the recipients did not ask for mail and a subject is read before the frame
 * that says who typed what.
 */
export function sharedReportSubject(language: string | undefined): string {
  const english = ENGLISH.t("mail.shared.subject");
  const local = translatorFor(language);
  return local.language === "en" ? english : `${local.t("mail.shared.subject")} / ${english}`;
}

/**
 * The lab's one template for reports a customer shares with their contacts. The recipients are
 * strangers to the lab who did not opt in, so it carries no words of the customer's: the lab writes
 * subject and body, the sharer is named only in the body as the name they gave (beside their verified
 * address), replies go to the customer (Reply-To), and every mail can be unsubscribed in one click
 * (RFC 8058). Written in the sharer's language, each paragraph followed by its English (the recipient
 * may be a buyer abroad); an English sharer's mail is English only.
 */
export function sharedReportMail(input: SharedReportMailInput): MailToSend {
  const name = sharerName(input.customer);
  const email = input.customer.email;
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

  const attached = input.attachments.length;
  const verifyUrl = `${input.publicUrl}/verify`;
  const lines = input.samples.flatMap((sample) => readers.map((reader) => sampleLine(reader, sample)));
  const text = [
    ...both("mail.shared.hello"),
    "",
    ...both("mail.shared.intro", { name, email }),
    "",
    ...both("mail.shared.samples"),
    ...lines.map((line) => `- ${line}`),
    "",
    ...(attached > 0 ? both("mail.shared.attached", { count: attached }) : []),
    ...both("mail.shared.verify", { url: verifyUrl }),
    "",
    ...both("mail.shared.reply", { email }),
    "",
    "--",
    "AquaTest Laboratory",
    ...both("mail.shared.footer", { email }),
    ...both("mail.shared.unsubscribe", { url: input.unsubscribe.page }),
  ].join("\n");

  const verifyLink = `<a href="${escapeHtml(verifyUrl)}">${escapeHtml(verifyUrl)}</a>`;
  const footer = readers.map(({ t }) => `${escapeHtml(t("mail.shared.footer", { email }))}`).join(" ");
  const unsubscribe = readers
    .map(
      ({ t }) =>
        `<a href="${escapeHtml(input.unsubscribe.page)}">${escapeHtml(t("mail.shared.unsubscribeLink"))}</a>`,
    )
    .join(" · ");
  const body = `${html("mail.shared.hello", {})}
${html("mail.shared.intro", { name, email })}
${html("mail.shared.samples", {})}
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
${attached > 0 ? `${html("mail.shared.attached", { count: attached })}\n` : ""}${html("mail.shared.verify", { url: verifyUrl }, (text) => escapeHtml(text).replace(escapeHtml(verifyUrl), () => verifyLink))}
${html("mail.shared.reply", { email })}
<hr>
<p style="font-size:12px;color:#475569">AquaTest Laboratory. ${footer}
${unsubscribe}.</p>`;

  return {
    to: [input.to],
    subject: sharedReportSubject(input.customer.language),
    text,
    html: local.language === "en" ? body : `<div lang="${local.language}">\n${body}\n</div>`,
    attachments: input.attachments,
    replyTo: email,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribe.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    sharedBy: input.customer.id,
    queuedAt: input.queuedAt,
  };
}
