import {
  SAMPLE_STATUSES,
  STATUS_GROUPS,
  firstSubmissionProblem,
  messages,
  orderableTestTypesOf,
  type SampleStatus,
  type sampleSubmissionSchema,
} from "@lab/contracts";
import {
  customers,
  organisations,
  sampleEvents,
  sampleProviders,
  samples,
  type SampleEventRow,
  type SampleRow,
} from "@lab/db";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";

import { AppError, forbidden, notFound, invalidField, type Said } from "../../lib/app-error";
import { toE164 } from "../../lib/phone";
import { SAMPLES_SUBMITTED_CHANNEL } from "./assignment";
import type { DomainContext } from "../context";
import { changeEvents } from "../domain-events";
import { notifySample } from "../notifications/notifications";
import { resolveSampleLinks } from "../farms/sample-links";
import { visibleSamples, type Member } from "../organisations/access";
import { recordActivity } from "../organisations/activity";
import { checkedMarkets, choosableMarkets } from "../results/catalogue";
import { countsByStatus, selectSampleViews, type SampleView } from "./list";

export type SubmissionInput = z.output<typeof sampleSubmissionSchema>;

const invalid = (said: Said, field?: string) => invalidField(said, field);
const sampleNotFound = () => notFound("sampleNotFound");
const optionalEmail = z.email();

/** The checks of the submit form, in the spec's order (section 5), then the server's own. */
function validateSubmission(input: SubmissionInput) {
  const lat = input.coordinate?.lat;
  const lng = input.coordinate?.lng;
  const problem = firstSubmissionProblem({ ...input, coordinates: { lat, lng } });
  if (problem) {
    // The form's "location" is the request's "coordinate"; an out-of-range pair names no field.
    const field = problem.field === "location" ? "coordinate" : problem.field;
    // The rule's message is contracts' English text, looked up as its key.
    const at = problem.message === messages.coordinatesInvalid ? undefined : field;
    throw new AppError(400, "validation_failed", problem.message, {}, at);
  }
  // Narrows for TypeScript: the rule has refused missing coordinates.
  if (typeof lat !== "number" || typeof lng !== "number") throw invalid("sampleCoordinatesRequired");
  // The category's suggested types come first, but every species may order any type the lab offers.
  const allowed = orderableTestTypesOf(input.shrimpCategory);
  if (allowed.length === 0) throw invalid("sampleCategoryRequired", "shrimpCategory");
  const testTypes = [...new Set(input.testTypes)];
  if (!testTypes.every((type) => allowed.includes(type))) {
    throw invalid("sampleTestTypeNotInCategory", "testTypes");
  }
  // Keep the category's own order whatever order the boxes were ticked in.
  testTypes.sort((a, b) => allowed.indexOf(a) - allowed.indexOf(b));
  const email = input.emailAddress ? input.emailAddress.toLowerCase() : null;
  if (email !== null && !optionalEmail.safeParse(email).success) {
    throw invalid("emailInvalidOptional", "emailAddress");
  }
  return {
    lat,
    lng,
    testTypes,
    email,
    phone: toE164(input.phoneNumber, "phoneInvalid", "phoneNumber"),
  };
}

/** A saved provider's id, or null for a temp_ id or none; a foreign provider is "not found". */
async function providerIdOf(
  ctx: DomainContext,
  organisationId: number,
  samplerId: SubmissionInput["samplerId"],
) {
  if (samplerId === null || samplerId === undefined || samplerId === "") return null;
  if (typeof samplerId === "string" && samplerId.startsWith("temp_")) return null;
  const id =
    typeof samplerId === "number" ? samplerId : /^\d{1,10}$/.test(samplerId) ? Number(samplerId) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw invalid("sampleInvalid");
  const [row] = await ctx.db
    .select({ id: sampleProviders.id })
    .from(sampleProviders)
    .where(and(eq(sampleProviders.id, id), eq(sampleProviders.organisationId, organisationId)));
  if (!row) throw notFound("providerNotFound");
  return row.id;
}

/**
 * The markets chosen, or the member's default, else the organisation's (less any market no longer
 * offered to the organisation).
 */
async function submissionMarkets(
  ctx: DomainContext,
  member: Member,
  chosen: readonly string[] | undefined,
): Promise<string[]> {
  if (chosen !== undefined) return checkedMarkets(ctx.db, member.organisationId, chosen, "markets");
  const [row] = await ctx.db
    .select({ own: customers.defaultMarkets, organisation: organisations.defaultMarkets })
    .from(customers)
    .innerJoin(organisations, eq(organisations.id, customers.organisationId))
    .where(eq(customers.id, member.id));
  const defaults = row === undefined ? [] : row.own.length > 0 ? row.own : row.organisation;
  if (defaults.length === 0) return [];
  const offered = new Set(
    (await choosableMarkets(ctx.db, member.organisationId)).map((market) => market.code),
  );
  return defaults.filter((code) => offered.has(code));
}

/**
 * Writes the sample, its first event, the "Sample Submitted" notification of each member who can see
 * it and the organisation's trail line at once.
 */
export async function submitSample(
  ctx: DomainContext,
  member: Member,
  input: SubmissionInput,
): Promise<SampleRow> {
  const customerId = member.id;
  if (input.consumerId !== customerId) throw forbidden("forbidden");
  const valid = validateSubmission(input);
  const providerId = await providerIdOf(ctx, member.organisationId, input.samplerId);
  const markets = await submissionMarkets(ctx, member, input.markets);
  const links = await resolveSampleLinks(ctx.db, member, input);
  const now = ctx.now();
  return ctx.unitOfWork(async (tx, effects) => {
    const [sample] = await tx
      .insert(samples)
      .values({
        organisationId: member.organisationId,
        customerId,
        providerId,
        status: "PENDING",
        samplerName: input.samplerName,
        samplerLocation: input.samplerLocation ?? "",
        lat: valid.lat,
        lng: valid.lng,
        shrimpCategory: input.shrimpCategory,
        testTypes: valid.testTypes,
        markets,
        shrimpSubCategory: valid.testTypes.join(", "),
        phoneNumber: valid.phone,
        emailAddress: valid.email,
        // Blank notes are none.
        collectorNotes: (input.collectorNotes ?? "") === "" ? null : (input.collectorNotes ?? null),
        assigned: "",
        ...links,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!sample) throw new Error("insert returned no row");
    await tx.insert(sampleEvents).values({
      sampleId: sample.id,
      fromStatus: null,
      toStatus: "PENDING",
      actor: `customer:${customerId}`,
      at: now,
    });
    await recordActivity(tx, {
      organisationId: member.organisationId,
      kind: "sample-submitted",
      actor: { id: customerId },
      sampleId: sample.id,
      details: { samplerName: sample.samplerName },
      at: now,
    });
    const notifications = await notifySample(tx, {
      sampleId: sample.id,
      type: "sample_status_change",
      data: { notice: "sampleSubmitted", stage: "submitted" },
      createdAt: now,
    });
    // Delivered at commit to every instance's dispatcher (several in one transaction are sent as one).
    await tx.execute(sql`select pg_notify(${SAMPLES_SUBMITTED_CHANNEL}, '')`);
    effects.add("publish", changeEvents(sample, notifications));
    effects.add("samplesSubmitted");
    return sample;
  });
}

/** Counts per status group for the dashboard and the history summary. */
export async function sampleSummary(ctx: DomainContext, member: Member) {
  const [counts, [earliest]] = await Promise.all([
    countsByStatus(ctx, member),
    ctx.db
      .select({ at: samples.createdAt })
      .from(samples)
      .where(visibleSamples(member))
      .orderBy(asc(samples.createdAt), asc(samples.id))
      .limit(1),
  ]);
  const of = (group: readonly SampleStatus[]) =>
    group.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
  return {
    total: of(SAMPLE_STATUSES),
    pending: of(STATUS_GROUPS.pending),
    collected: of(STATUS_GROUPS.collected),
    testing: of(STATUS_GROUPS.testing),
    completed: of(STATUS_GROUPS.completed),
    rejected: of(STATUS_GROUPS.rejected),
    earliestCreatedAt: earliest ? earliest.at.toISOString() : null,
  };
}

/** Everything the spec's history loader reads, newest change first, capped for very large accounts. */
export const CONSUMER_LIST_LIMIT = 1000;
export async function listConsumerSamples(ctx: DomainContext, member: Member): Promise<SampleView[]> {
  return selectSampleViews(ctx)
    .where(visibleSamples(member))
    .orderBy(desc(samples.updatedAt), desc(samples.id))
    .limit(CONSUMER_LIST_LIMIT);
}

export async function getSample(ctx: DomainContext, member: Member, sampleId: number): Promise<SampleView> {
  const [row] = await selectSampleViews(ctx).where(and(eq(samples.id, sampleId), visibleSamples(member)));
  if (!row) throw sampleNotFound();
  return row;
}

/** What the customer's timeline shows: moves and milestones, never the lab's internal steps (results, returns). */
export const CUSTOMER_EVENT_KINDS = ["move", "confirmation", "released", "revoked"] as const;

export async function getSampleEvents(
  ctx: DomainContext,
  member: Member,
  sampleId: number,
): Promise<SampleEventRow[]> {
  await getSample(ctx, member, sampleId);
  return ctx.db
    .select()
    .from(sampleEvents)
    .where(and(eq(sampleEvents.sampleId, sampleId), inArray(sampleEvents.kind, [...CUSTOMER_EVENT_KINDS])))
    .orderBy(asc(sampleEvents.at), asc(sampleEvents.id));
}
