import { type contactEnquiryRequestSchema, type enquiryListQuerySchema } from "@lab/contracts";
import { contactEnquiries, type ContactEnquiryRow } from "@lab/db";
import { desc, eq, lt } from "drizzle-orm";
import type { z } from "zod";

import { invalidField, notFound } from "../../lib/app-error";
import { displayPhone, toE164 } from "../../lib/phone";
import { enquiryAcknowledgementMail, enquiryToLabMail } from "../../mail/enquiry-mails";
import { enqueueMail } from "../../mail/outbox";
import type { DomainContext } from "../context";

export type ContactEnquiryInput = z.output<typeof contactEnquiryRequestSchema>;
export type EnquiryListQuery = z.output<typeof enquiryListQuerySchema>;

/**
 * Stores an enquiry and queues, in the same transaction, the mail to the lab (Reply-To the person)
 * and the acknowledgement to the person: either all three exist or none does.
 */
export async function submitEnquiry(
  ctx: DomainContext,
  labAddress: string,
  input: ContactEnquiryInput,
): Promise<void> {
  const phone = input.phone ? toE164(input.phone, "phoneInvalid") : "";
  await ctx.unitOfWork(async (tx, effects) => {
    const [row] = await tx
      .insert(contactEnquiries)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone,
        message: input.message,
        createdAt: ctx.now(),
      })
      .returning();
    if (!row) throw new Error("enquiry insert returned no row");
    const mailInput = { ...row, phone: phone ? displayPhone(phone) : "" };
    await enqueueMail(tx, enquiryToLabMail(labAddress, mailInput, `${ctx.publicUrl}/lab/enquiries`));
    await enqueueMail(tx, enquiryAcknowledgementMail(row.email, labAddress));
    effects.add("mailQueued");
  });
}

/**
 * Newest first. Ids are an identity column, so their order is the order of arrival: the cursor is the
 * last id shown, and a page never repeats or skips a row when new enquiries arrive meanwhile.
 */
export async function listEnquiries(
  ctx: DomainContext,
  query: EnquiryListQuery,
): Promise<{ rows: ContactEnquiryRow[]; nextCursor: string | null }> {
  let before: number | undefined;
  if (query.cursor !== undefined) {
    before = /^\d{1,10}$/.test(query.cursor) ? Number(query.cursor) : NaN;
    if (!Number.isSafeInteger(before) || before < 1 || before > 2_147_483_647) {
      throw invalidField("cursorInvalid");
    }
  }
  const rows = await ctx.db
    .select()
    .from(contactEnquiries)
    .where(before === undefined ? undefined : lt(contactEnquiries.id, before))
    .orderBy(desc(contactEnquiries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
  };
}

/** Marks an enquiry handled; again is harmless and keeps the first time. */
export async function markEnquiryHandled(ctx: DomainContext, id: number): Promise<ContactEnquiryRow> {
  const [current] = await ctx.db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id));
  if (!current) throw notFound("enquiryNotFound");
  if (current.handledAt) return current;
  const [updated] = await ctx.db
    .update(contactEnquiries)
    .set({ handledAt: ctx.now() })
    .where(eq(contactEnquiries.id, id))
    .returning();
  return updated ?? current;
}
