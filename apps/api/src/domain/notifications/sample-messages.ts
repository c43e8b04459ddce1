import { outboxMessages, samples, type OutboxMessageRow } from "@lab/db";
import { and, desc, eq } from "drizzle-orm";

import { notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import { visibleSamples, type Member } from "../organisations/access";

/** The most messages one sample's list shows; a sample gets a handful in its life. */
export const SAMPLE_MESSAGES_LIMIT = 200;

/**
 * The member's own SMS and WhatsApp messages about a sample they see (the sample detail's rule),
 * newest first; a sample they cannot see is not found, so no one learns which ids exist.
 */
export async function memberSampleMessages(
  ctx: DomainContext,
  member: Member,
  sampleId: number,
): Promise<OutboxMessageRow[]> {
  const [sample] = await ctx.db
    .select({ id: samples.id })
    .from(samples)
    .where(and(eq(samples.id, sampleId), visibleSamples(member)));
  if (!sample) throw notFound("sampleNotFound");
  return ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.sampleId, sample.id), eq(outboxMessages.customerId, member.id)))
    .orderBy(desc(outboxMessages.id))
    .limit(SAMPLE_MESSAGES_LIMIT);
}

/** Every SMS and WhatsApp message about a sample, for staff, newest first; 404 for no such sample. */
export async function staffSampleMessages(ctx: DomainContext, sampleId: number): Promise<OutboxMessageRow[]> {
  const [sample] = await ctx.db.select({ id: samples.id }).from(samples).where(eq(samples.id, sampleId));
  if (!sample) throw notFound("sampleNotFound");
  return ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.sampleId, sample.id))
    .orderBy(desc(outboxMessages.id))
    .limit(SAMPLE_MESSAGES_LIMIT);
}
