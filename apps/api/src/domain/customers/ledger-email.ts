import {
  LEDGER_EMAIL_RECIPIENTS_PER_DAY,
  type ledgerEmailRequestSchema,
  type LedgerEmailResponse,
  type SampleStatus,
} from "@lab/contracts";
import {
  customers,
  mailOptOuts,
  organisations,
  outboxMail,
  reports,
  samples,
  type Executor,
  type OutboxAttachment,
} from "@lab/db";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { z } from "zod";

import type { AppError } from "../../lib/app-error";
import { forbidden, invalidField, notFound, rateLimited, unprocessable } from "../../lib/app-error";
import { enqueueMail, type MailToSend } from "../../mail/outbox";
import { sharedReportMail, type SharedSample, type UnsubscribeLinks } from "../../mail/shared-report-mail";
import type { DomainContext } from "../context";
import { visibleSamples, type Member } from "../organisations/access";
import { recordActivity } from "../organisations/activity";
import { reportDownload } from "../reports/report-document";
import { currentReportJoin } from "../samples/list/views";
import { hasEmail } from "../accounts/verification-codes";

export type LedgerEmailInput = z.output<typeof ledgerEmailRequestSchema>;

/**
 * Asked with the number of recipients before anything is built or queued; throws to refuse. The
 * caller's limits beyond this customer's own quota (per client address) live here.
 */
export type AdmitRecipients = (recipients: number) => Promise<void>;

const UNSUBSCRIBE_PURPOSE = "unsubscribe";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A sample in the mail's list: the mail words it in the sharer's language and in English. */
const sharedSample = (
  sample: { id: number; shrimpCategory: string; status: SampleStatus },
  report: { id: number; certification: string | null; status: string } | null,
): SharedSample => ({
  id: sample.id,
  shrimpCategory: sample.shrimpCategory,
  status: sample.status,
  report: report && {
    id: report.id,
    certification: report.certification,
    revoked: report.status === "revoked",
  },
});

/** The signed links that let `email` opt out: the signature covers the lower-cased address only. */
export function unsubscribeLinks(ctx: DomainContext, email: string): UnsubscribeLinks {
  const address = email.trim().toLowerCase();
  const query = new URLSearchParams({ e: address, s: ctx.signer.sign(UNSUBSCRIBE_PURPOSE, address) });
  return {
    oneClick: `${ctx.publicUrl}/api/mail/unsubscribe?${query.toString()}`,
    page: `${ctx.publicUrl}/unsubscribe?${query.toString()}`,
  };
}

/** Records an opt-out from a signed link; a signature the lab did not make is a 400. Idempotent. */
export async function unsubscribe(ctx: DomainContext, email: string, signature: string): Promise<string> {
  const address = email.trim().toLowerCase();
  if (!ctx.signer.verify(UNSUBSCRIBE_PURPOSE, address, signature)) {
    throw invalidField("unsubscribeLinkInvalid");
  }
  await ctx.db.insert(mailOptOuts).values({ email: address }).onConflictDoNothing();
  return address;
}

/**
 * Recipients the shared-report mails of this organisation's members reached in the 24 hours before `now`, and when
 * enough of them leave the window for `wanted` more to fit. Read from the outbox itself, so the quota
 * holds across instances and restarts.
 */
async function quotaCheck(
  executor: Executor,
  organisationId: number,
  now: Date,
  wanted: number,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const rows = await executor
    .select({ createdAt: outboxMail.createdAt, count: sql<number>`cardinality(${outboxMail.to})::int` })
    .from(outboxMail)
    .where(
      and(
        inArray(
          outboxMail.sharedBy,
          executor
            .select({ id: customers.id })
            .from(customers)
            .where(eq(customers.organisationId, organisationId)),
        ),
        gt(outboxMail.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .orderBy(asc(outboxMail.createdAt));
  const used = rows.reduce((sum, row) => sum + Number(row.count), 0);
  const excess = used + wanted - LEDGER_EMAIL_RECIPIENTS_PER_DAY;
  if (excess <= 0) return { ok: true };
  // The oldest mails leave the window first: wait until the ones covering the excess have left.
  let freed = 0;
  let retryAt = now.getTime() + DAY_MS;
  if (wanted <= LEDGER_EMAIL_RECIPIENTS_PER_DAY) {
    for (const row of rows) {
      freed += Number(row.count);
      if (freed >= excess) {
        retryAt = row.createdAt.getTime() + DAY_MS;
        break;
      }
    }
  }
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)) };
}

function quotaExceeded(retryAfterSeconds: number): AppError {
  return rateLimited(retryAfterSeconds, "ledgerQuotaExceeded", "quota_exceeded");
}

/**
 * Shares the selected samples with their contacts (the e-mail address on each sample) in the lab's
 * template: one mail per address holding only that address's samples and, when asked, their report
 * PDFs, so farmers never see each other's addresses or reports. Opted-out addresses are skipped; the
 * recipients count against the organisation's daily quota (one for all its members), checked under a
 * lock on the organisation's row in the transaction that queues the mails, and against whatever
 * `admit` counts. Only samples the member sees can be shared; the share goes on the organisation's
 * trail.
 */
export async function sendLedgerEmail(
  ctx: DomainContext,
  member: Member,
  input: LedgerEmailInput,
  admit: AdmitRecipients = () => Promise.resolve(),
): Promise<LedgerEmailResponse> {
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, member.id));
  if (!customer) throw notFound("customerNotFound", "customer_not_found");
  // The mail names the sharer by their address and replies go to it: a member who signed up by phone
  // adds one first.
  if (!hasEmail(customer)) throw unprocessable("emailNeededToShare", "validation_failed");
  const ids = [...new Set(input.sampleIds)];
  if (ids.length === 0) throw invalidField("ledgerSelectSample");
  // Only samples the member sees count; any other id is ignored as if unknown.
  const rows = await ctx.db
    .select({ sample: samples, report: reports })
    .from(samples)
    // The sample's current report: a revoked one that was replaced is not sent again beside its replacement.
    .leftJoin(reports, currentReportJoin)
    .where(and(visibleSamples(member), inArray(samples.id, ids)));
  if (rows.length === 0) throw notFound("sampleNotFound");

  const byRecipient = new Map<string, typeof rows>();
  for (const row of rows) {
    const address = row.sample.emailAddress?.trim().toLowerCase();
    if (!address) continue;
    byRecipient.set(address, [...(byRecipient.get(address) ?? []), row]);
  }
  if (byRecipient.size === 0) throw invalidField("ledgerNoEmails");

  const optedOut = new Set(
    (
      await ctx.db
        .select({ email: mailOptOuts.email })
        .from(mailOptOuts)
        .where(inArray(mailOptOuts.email, [...byRecipient.keys()]))
    ).map((row) => row.email),
  );
  for (const address of optedOut) byRecipient.delete(address);
  if (byRecipient.size === 0) throw invalidField("ledgerAllOptedOut");

  // Replies go to the customer, and the mail names them by this address: only one they proved they own.
  if (!customer.emailVerifiedAt) throw forbidden("emailNotVerified", "email_not_verified");

  // A cheap look before the PDFs are built; the locked check below is the one that counts.
  const early = await quotaCheck(ctx.db, member.organisationId, ctx.now(), byRecipient.size);
  if (!early.ok) throw quotaExceeded(early.retryAfterSeconds);
  await admit(byRecipient.size);

  const queuedAt = ctx.now();
  const mails: MailToSend[] = [];
  let reportsAttached = 0;
  for (const [to, own] of byRecipient) {
    const attachments: OutboxAttachment[] = [];
    if (input.includeReports) {
      for (const { sample, report } of own) {
        if (!report || sample.status !== "COMPLETED") continue;
        // The issued bytes, as stored, which the recipient can check on /verify; a revoked one stamped.
        const { pdf, filename } = await reportDownload(ctx, report);
        attachments.push({
          filename,
          contentType: "application/pdf",
          content: pdf.toString("base64"),
        });
      }
    }
    reportsAttached += attachments.length;
    mails.push(
      sharedReportMail({
        to,
        customer,
        samples: own.map(({ sample, report }) => sharedSample(sample, report)),
        attachments,
        unsubscribe: unsubscribeLinks(ctx, to),
        publicUrl: ctx.publicUrl,
        queuedAt,
      }),
    );
  }

  await ctx.unitOfWork(async (tx, effects) => {
    // Serialises the organisation's sends: two at once cannot both pass the quota on the same count.
    await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, member.organisationId))
      .for("update");
    const quota = await quotaCheck(tx, member.organisationId, queuedAt, mails.length);
    if (!quota.ok) throw quotaExceeded(quota.retryAfterSeconds);
    for (const mail of mails) await enqueueMail(tx, mail);
    await recordActivity(tx, {
      organisationId: member.organisationId,
      kind: "report-shared",
      actor: { id: member.id, name: customer.fullName },
      details: { recipients: mails.length, samples: rows.length, reportsAttached },
      at: queuedAt,
    });
    effects.add("mailQueued");
  });
  return { recipients: mails.length, reportsAttached, skipped: optedOut.size };
}
