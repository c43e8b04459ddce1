import { DEFAULT_EMAIL_SUBJECT, messages, type ledgerEmailRequestSchema } from "@lab/contracts";
import { customers, reports, samples, staff, type OutboxAttachment } from "@lab/db";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";

import { AppError } from "../http/app-error";
import { enqueueMail } from "../mail/outbox";
import type { DomainContext } from "./context";
import { buildReportPdf } from "./report-pdf";

export type LedgerEmailInput = z.output<typeof ledgerEmailRequestSchema>;

/** A sample in the mail's list; a revoked report says so in words, not only on its PDF. */
function sampleLine(
  sample: { id: number; shrimpCategory: string; status: string },
  report: { id: number; certification: string | null; status: string } | null,
): string {
  const base = `Sample #${sample.id}: ${sample.shrimpCategory}, ${sample.status}`;
  if (!report) return base;
  const name = report.certification ?? `report ${report.id}`;
  return report.status === "revoked" ? `${base}, ${name} (revoked: no longer valid)` : `${base}, ${name}`;
}

/**
 * E-mails the selected samples' contacts (the e-mail address on each sample), one mail per address
 * holding only that address's samples and, when asked, their report PDFs: farmers never see each
 * other's addresses or reports. All mails are queued in one transaction.
 */
export async function sendLedgerEmail(ctx: DomainContext, customerId: number, input: LedgerEmailInput) {
  const ids = [...new Set(input.sampleIds)];
  if (ids.length === 0) throw new AppError(400, "validation_failed", messages.ledgerSelectSample);
  // Only the caller's samples count; another customer's ids are ignored as if unknown.
  const rows = await ctx.db
    .select({ sample: samples, report: reports })
    .from(samples)
    .leftJoin(reports, eq(reports.sampleId, samples.id))
    .where(and(eq(samples.customerId, customerId), inArray(samples.id, ids)));
  if (rows.length === 0) throw new AppError(404, "not_found", messages.sampleNotFound);

  const byRecipient = new Map<string, typeof rows>();
  for (const row of rows) {
    const address = row.sample.emailAddress?.trim().toLowerCase();
    if (!address) continue;
    byRecipient.set(address, [...(byRecipient.get(address) ?? []), row]);
  }
  if (byRecipient.size === 0) throw new AppError(400, "validation_failed", messages.ledgerNoEmails);

  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new AppError(404, "customer_not_found", messages.customerNotFound);
  const signatories = new Map(
    (await ctx.db.select({ id: staff.id, name: staff.name }).from(staff)).map((member) => [
      member.id,
      member.name,
    ]),
  );

  const subject = input.subject || DEFAULT_EMAIL_SUBJECT;
  const mails: { to: string; attachments: OutboxAttachment[]; text: string }[] = [];
  let reportsAttached = 0;
  for (const [to, own] of byRecipient) {
    const attachments: OutboxAttachment[] = [];
    if (input.includeReports) {
      for (const { sample, report } of own) {
        if (!report || sample.status !== "COMPLETED") continue;
        const pdf = await buildReportPdf({
          report,
          sample,
          customer,
          signatory: report.issuedBy === null ? null : (signatories.get(report.issuedBy) ?? null),
          publicUrl: ctx.publicUrl,
        });
        attachments.push({
          filename: `${report.certification ?? `report-${report.id}`}.pdf`,
          contentType: "application/pdf",
          content: pdf.toString("base64"),
        });
      }
    }
    reportsAttached += attachments.length;
    const list = own.map(({ sample, report }) => `- ${sampleLine(sample, report)}`).join("\n");
    mails.push({
      to,
      attachments,
      text: `${input.message}\n\n${list}\n\nSent by ${customer.fullName}${customer.company ? ` (${customer.company})` : ""} through the AquaTest Laboratory portal.`,
    });
  }

  await ctx.db.transaction(async (tx) => {
    for (const mail of mails) {
      await enqueueMail(tx, { to: [mail.to], subject, text: mail.text, attachments: mail.attachments });
    }
  });
  ctx.mailQueued();
  return { recipients: byRecipient.size, reportsAttached };
}
