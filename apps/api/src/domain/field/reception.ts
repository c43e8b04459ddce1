import { REJECTION_REASONS, type RejectionReason, type receptionInputSchema } from "@lab/contracts";
import {
  agents,
  custodyEvents,
  sampleEvents,
  customers,
  sampleLabels,
  sampleReceptions,
  samples,
  staff,
  type Executor,
  type SampleReceptionRow,
  type SampleRow,
  type StaffRow,
} from "@lab/db";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { z } from "zod";

import { conflict, forbidden, notFound, unauthorized } from "../../lib/app-error";
import { enqueueMail } from "../../mail/outbox";
import { sampleRejectedMail } from "../../mail/rejection-mails";
import type { DomainContext } from "../context";
import { changeEvents } from "../domain-events";
import { choosingEmail } from "../notifications/preferences";
import type { Member } from "../organisations/access";
import { queueNoticeMessages } from "../../messaging/notice-messages";
import { applyMove, type Actor } from "../samples/moves";
import { getSample } from "../samples/samples";
import { collectionViewOf, type CollectionView } from "./collections";
import { recordCustody } from "./custody";
import { normaliseLabelCode } from "./labels";

/** What reception parsed: the contract's output (reasons defaulted). */
export type ReceptionDecisionInput = z.output<typeof receptionInputSchema>;

export interface ReceptionView {
  sample: SampleRow;
  /** The container the scanned label is on; null when the sample was named by its id. */
  container: number | null;
  customerName: string;
  collection: CollectionView | null;
  reception: SampleReceptionRow | null;
}

/**
 * The sample a scanned or typed code names: a label's code (spaces and look-alike letters
 * forgiven), or a sample id typed as digits. A blank label not yet linked names nothing.
 */
export async function resolveReceptionCode(
  db: Executor,
  raw: string,
): Promise<{ sampleId: number; container: number | null }> {
  const typed = raw.trim();
  if (/^\d{1,10}$/.test(typed)) {
    const id = Number(typed);
    if (id >= 1 && id <= 2_147_483_647) return { sampleId: id, container: null };
    throw notFound("labelUnknown");
  }
  const code = normaliseLabelCode(typed);
  if (code === null) throw notFound("labelUnknown");
  const [label] = await db
    .select({ sampleId: sampleLabels.sampleId, container: sampleLabels.container })
    .from(sampleLabels)
    .where(eq(sampleLabels.code, code));
  if (!label || label.sampleId === null) throw notFound("labelUnknown");
  return { sampleId: label.sampleId, container: label.container };
}

async function receptionView(
  db: Executor,
  target: { sampleId: number; container: number | null },
): Promise<ReceptionView> {
  const [found] = await db
    .select({ sample: samples, customerName: customers.fullName })
    .from(samples)
    .innerJoin(customers, eq(customers.id, samples.customerId))
    .where(eq(samples.id, target.sampleId));
  // A typed id that names no sample reads like an unknown label.
  if (!found) throw notFound("labelUnknown");
  const [collection, [reception]] = await Promise.all([
    collectionViewOf(db, target.sampleId),
    db.select().from(sampleReceptions).where(eq(sampleReceptions.sampleId, target.sampleId)),
  ]);
  return { ...found, container: target.container, collection, reception: reception ?? null };
}

/** GET /lab/reception/{code}: the sample a code names, with what reception checks it against. */
export async function lookupReception(ctx: DomainContext, code: string): Promise<ReceptionView> {
  return receptionView(ctx.db, await resolveReceptionCode(ctx.db, code));
}

/** The signed-in staff member, refused when an admin switched the account off. */
async function activeStaff(db: Executor, staffId: number): Promise<StaffRow> {
  const [member] = await db.select().from(staff).where(eq(staff.id, staffId));
  if (!member) throw unauthorized();
  if (!member.active) throw forbidden("staffDeactivated", "staff_deactivated");
  return member;
}

/** Whether two lists of seal numbers are the same set (case and spaces aside). */
export function sameSeals(a: readonly string[], b: readonly string[]): boolean {
  const norm = (list: readonly string[]) =>
    [...new Set(list.map((seal) => seal.replace(/\s+/g, "").toUpperCase()))].sort();
  const left = norm(a);
  const right = norm(b);
  return left.length === right.length && left.every((seal, index) => seal === right[index]);
}

/** Who handed the sample to reception: the last hand-off's receiver, else the collecting agent, else a courier. */
async function handedBy(tx: Executor, sample: SampleRow, collection: CollectionView | null): Promise<string> {
  const [last] = await tx
    .select({ kind: custodyEvents.kind, receivedBy: custodyEvents.receivedBy })
    .from(custodyEvents)
    .where(eq(custodyEvents.sampleId, sample.id))
    .orderBy(desc(custodyEvents.at), desc(custodyEvents.id))
    .limit(1);
  if (last?.kind === "handed_over") return last.receivedBy;
  if (collection) return `${collection.agentName} (agent)`;
  if (sample.agentId !== null) {
    const [agent] = await tx.select({ name: agents.name }).from(agents).where(eq(agents.id, sample.agentId));
    if (agent) return `${agent.name} (agent)`;
  }
  return "Courier";
}

/** The portal page that submits a copy of a sample. */
export const resubmitUrl = (publicUrl: string, sampleId: number): string =>
  `${publicUrl.replace(/\/+$/, "")}/submit-sample?copy=${sampleId}`;

/** The page of a sample in the customer's portal, where its rejection notice is downloaded. */
export const sampleUrl = (publicUrl: string, sampleId: number): string =>
  `${publicUrl.replace(/\/+$/, "")}/timeline/${sampleId}`;

/**
 * POST /lab/reception/{code}: reception's check and decision, in one transaction. Accepting (or
 * proceeding with the customer's consent) starts testing; rejecting ends the sample as REJECTED and
 * tells its members by bell, push and mail. Each records a custody event and the reception row.
 */
export async function receiveSample(
  ctx: DomainContext,
  staffId: number,
  code: string,
  input: ReceptionDecisionInput,
): Promise<ReceptionView> {
  const member = await activeStaff(ctx.db, staffId);
  const target = await resolveReceptionCode(ctx.db, code);
  const actor: Actor = { kind: "staff", id: member.id };
  return ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    const [sample] = await tx.select().from(samples).where(eq(samples.id, target.sampleId)).for("update");
    if (!sample) throw notFound("labelUnknown");
    const [received] = await tx
      .select({ sampleId: sampleReceptions.sampleId })
      .from(sampleReceptions)
      .where(eq(sampleReceptions.sampleId, sample.id));
    if (
      received ||
      sample.status === "TESTING" ||
      sample.status === "COMPLETED" ||
      sample.status === "REJECTED"
    )
      throw conflict("sampleAlreadyReceived");
    if (sample.status !== "COLLECTED") throw conflict("sampleNotAtReception");

    const collection = await collectionViewOf(tx, sample.id);
    const seals = input.seals ?? null;
    const sealsMatch = seals !== null && collection ? sameSeals(seals, collection.row.seals) : null;
    const temperatureC = input.temperatureC ?? null;
    const note = input.note ?? null;
    const decision =
      input.decision === "accept" ? "accepted" : input.decision === "reject" ? "rejected" : "consent";
    const reasons = input.decision === "accept" ? [] : input.reasons;
    await tx.insert(sampleReceptions).values({
      sampleId: sample.id,
      decision,
      reasons,
      note,
      seals,
      sealsMatch,
      temperatureC: temperatureC === null ? null : String(temperatureC),
      staffId: member.id,
      at: now,
    });
    const custodyNote =
      decision === "consent"
        ? `Proceeding with the customer's consent despite: ${reasons.join(", ")}. ${note ?? ""}`.trim()
        : decision === "rejected"
          ? `Rejected: ${reasons.join(", ")}${note ? `. ${note}` : ""}`
          : note;
    await recordCustody(tx, {
      sampleId: sample.id,
      kind: decision === "rejected" ? "rejected" : "received",
      relinquishedBy: await handedBy(tx, sample, collection),
      receivedBy: `Reception: ${member.name}`,
      at: now,
      place: "Laboratory reception",
      sealIntact: input.sealIntact ?? sealsMatch,
      temperatureC,
      note: custodyNote,
      actor,
    });

    if (decision === "rejected") {
      const moved = await applyMove(tx, now, sample.id, { type: "reject", reasons }, actor);
      await queueNoticeMessages(tx, effects, moved.notifications);
      effects.add("publish", changeEvents(moved.sample, moved.notifications));
      const readers =
        moved.notifications.length === 0
          ? []
          : await tx
              .select()
              .from(customers)
              .where(
                and(
                  inArray(
                    customers.id,
                    moved.notifications.map((notice) => notice.customerId),
                  ),
                  isNotNull(customers.emailVerifiedAt),
                ),
              );
      const rejected = {
        sampleId: sample.id,
        reasons,
        note,
        sampleUrl: sampleUrl(ctx.publicUrl, sample.id),
        resubmitUrl: resubmitUrl(ctx.publicUrl, sample.id),
      };
      // Those who unticked e-mail for rejections hear of it by the bell (and their phone) only.
      const mailed = await choosingEmail(tx, readers, "sampleRejected");
      for (const reader of mailed) await enqueueMail(tx, sampleRejectedMail(reader, rejected));
      if (mailed.length > 0) effects.add("mailQueued");
    } else {
      const moved = await applyMove(
        tx,
        now,
        sample.id,
        { type: "start-testing" },
        actor,
        custodyNote ?? undefined,
      );
      effects.add("publish", changeEvents(moved.sample, moved.notifications));
    }
    return receptionView(tx, target);
  });
}

/** What a rejection notice prints, as its reader may see it. */
export interface RejectionNoticeView {
  sample: SampleRow;
  reception: SampleReceptionRow;
  collection: CollectionView | null;
  agent: string | null;
  collectedAt: Date | null;
  reasons: RejectionReason[];
}

const isReason = (value: string): value is RejectionReason =>
  (REJECTION_REASONS as readonly string[]).includes(value);

/**
 * A rejected sample the member may see, with reception's record and the collection: 404 for a sample
 * they cannot see, 409 sampleNotRejected for one that was not refused.
 */
export async function rejectionNotice(
  ctx: DomainContext,
  member: Member,
  sampleId: number,
): Promise<RejectionNoticeView> {
  const sample = await getSample(ctx, member, sampleId);
  const [reception] = await ctx.db
    .select()
    .from(sampleReceptions)
    .where(eq(sampleReceptions.sampleId, sample.id));
  if (sample.status !== "REJECTED" || !reception || reception.decision !== "rejected")
    throw conflict("sampleNotRejected");
  const [collection, [collectedMove], [assigned]] = await Promise.all([
    collectionViewOf(ctx.db, sample.id),
    ctx.db
      .select({ at: sampleEvents.at })
      .from(sampleEvents)
      .where(and(eq(sampleEvents.sampleId, sample.id), eq(sampleEvents.toStatus, "COLLECTED")))
      .orderBy(asc(sampleEvents.at))
      .limit(1),
    sample.agentId === null
      ? Promise.resolve([])
      : ctx.db.select({ name: agents.name }).from(agents).where(eq(agents.id, sample.agentId)),
  ]);
  return {
    sample,
    reception,
    collection,
    agent: collection?.agentName ?? assigned?.name ?? null,
    collectedAt: collection?.row.collectedAt ?? collectedMove?.at ?? null,
    reasons: reception.reasons.filter(isReason),
  };
}
