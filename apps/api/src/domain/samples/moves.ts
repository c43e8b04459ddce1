import { type RejectionReason, type SampleStatus, message } from "@lab/contracts";
import { agents, sampleEvents, samples, type SampleRow, type Tx } from "@lab/db";
import { eq } from "drizzle-orm";

import { conflict, notFound } from "../../lib/app-error";
import { displayPhone } from "../../lib/phone";
import type { DomainContext } from "../context";
import { changeEvents } from "../domain-events";
import type { Notice } from "../notifications/notification-kinds";
import { queueNoticeMessages } from "../../messaging/notice-messages";
import { notifySample, type ReaderNotification } from "../notifications/notifications";

/** Who made a move: a staff member, a field agent in their app, or the system (dispatcher, simulator). */
export type Actor = { kind: "staff"; id: number } | { kind: "agent"; id: number } | { kind: "system" };
/** An actor as events and custody records store it: "staff:5", "agent:3", "system". */
export const actorText = (actor: Actor): string =>
  actor.kind === "system" ? "system" : `${actor.kind}:${actor.id}`;

export type Move =
  | { type: "assign"; agentId: number }
  | { type: "unassign" }
  | { type: "collected" }
  | { type: "start-testing"; testingEta?: Date | undefined }
  | { type: "complete" }
  /** Refused at reception (COLLECTED → REJECTED): terminal, the customer is told why. */
  | { type: "reject"; reasons: readonly RejectionReason[] };

/** A PENDING sample given its first agent: the timeline's note and the customer's notice. */
export function firstAssignment(agent: { name: string; phone: string }) {
  const notice: Notice = {
    type: "sample_assigned",
    data: { notice: "agentAssigned", stage: "agent-assigned", agent: agent.name },
  };
  return { note: `Agent assigned: ${agent.name} (${displayPhone(agent.phone)})`, notice };
}

const refuse = (from: string, to: string) => conflict(message("cannotMove", { from, to }));
// Without an ETA from staff, testing is promised in the spec's standard 3 business days (72 h here).
const DEFAULT_TESTING_HOURS = 72;

/**
 * The one place sample states change (docs/architecture.md). Locks the sample, checks the move, writes
 * the new state, a sample event and the customer's notification, all in the caller's transaction.
 */
export interface MoveResult {
  sample: SampleRow;
  notifications: ReaderNotification[];
}

export async function applyMove(
  tx: Tx,
  now: Date,
  sampleId: number,
  move: Move,
  actor: Actor,
  note?: string,
): Promise<MoveResult> {
  const [sample] = await tx.select().from(samples).where(eq(samples.id, sampleId)).for("update");
  if (!sample) throw notFound("sampleNotFound");
  const from = sample.status;
  let to: SampleStatus;
  let changes: Partial<typeof samples.$inferInsert> = {};
  let notice: Notice;
  // What the timeline says beside the move, when the caller gave no note: which agent, by name.
  let moveNote: string | undefined;

  switch (move.type) {
    case "assign": {
      if (from !== "PENDING" && from !== "COLLECTING") throw refuse(from, "COLLECTING");
      const [agent] = await tx.select().from(agents).where(eq(agents.id, move.agentId));
      if (!agent) throw notFound("agentNotFound");
      if (!agent.active) throw conflict("agentInactive");
      if (from === "COLLECTING" && sample.agentId === agent.id) throw refuse(from, "COLLECTING");
      to = "COLLECTING";
      changes = { agentId: agent.id, assigned: `${agent.name}-${agent.phone}` };
      if (from === "PENDING") {
        ({ note: moveNote, notice } = firstAssignment(agent));
        break;
      }
      moveNote = `Agent changed to: ${agent.name} (${displayPhone(agent.phone)})`;
      notice = {
        type: "sample_agent_changed",
        data: { notice: "agentChanged", stage: "agent-assigned", agent: agent.name },
      };
      break;
    }
    case "unassign":
      if (from !== "COLLECTING") throw refuse(from, "PENDING");
      to = "PENDING";
      changes = { agentId: null, assigned: "" };
      moveNote = sample.assigned
        ? `Agent unassigned: ${sample.assigned.slice(0, Math.max(0, sample.assigned.lastIndexOf("-")))}`
        : "Agent unassigned";
      notice = {
        type: "sample_unassigned",
        data: { notice: "agentUnassigned", stage: "submitted" },
      };
      break;
    case "collected":
      if (from !== "COLLECTING") throw refuse(from, "COLLECTED");
      to = "COLLECTED";
      notice = {
        type: "sample_status_change",
        data: { notice: "sampleCollected", stage: "agent-assigned" },
      };
      break;
    case "start-testing": {
      if (from !== "COLLECTED") throw refuse(from, "TESTING");
      to = "TESTING";
      const eta = move.testingEta ?? new Date(now.getTime() + DEFAULT_TESTING_HOURS * 3_600_000);
      changes = { testingEta: eta };
      notice = {
        type: "sample_status_change",
        data: { notice: "testingStarted", stage: "testing" },
      };
      break;
    }
    case "complete":
      if (from !== "TESTING") throw refuse(from, "COMPLETED");
      to = "COMPLETED";
      notice = {
        type: "sample_completed",
        data: { notice: "testingComplete", stage: "completed" },
      };
      break;
    case "reject":
      if (from !== "COLLECTED") throw refuse(from, "REJECTED");
      to = "REJECTED";
      moveNote = "Rejected at reception";
      notice = {
        type: "sample_rejected",
        data: { notice: "sampleRejected", reasons: [...move.reasons] },
      };
      break;
  }

  const [updated] = await tx
    .update(samples)
    .set({ ...changes, status: to, updatedAt: now })
    .where(eq(samples.id, sample.id))
    .returning();
  if (!updated) throw new Error("update returned no row");
  await tx.insert(sampleEvents).values({
    sampleId: sample.id,
    fromStatus: from,
    toStatus: to,
    actor: actorText(actor),
    note: note ?? moveNote ?? null,
    at: now,
  });
  const notifications = await notifySample(tx, {
    sampleId: sample.id,
    createdAt: now,
    ...notice,
  });
  return { sample: updated, notifications };
}

/** A move in its own transaction: what the staff API, the CLI and the jobs call. */
export async function moveSample(
  ctx: DomainContext,
  sampleId: number,
  move: Move,
  actor: Actor,
  note?: string,
): Promise<SampleRow> {
  return ctx.unitOfWork(async (tx, effects) => {
    const result = await applyMove(tx, ctx.now(), sampleId, move, actor, note);
    await queueNoticeMessages(tx, effects, result.notifications);
    effects.add("publish", changeEvents(result.sample, result.notifications));
    return result.sample;
  });
}

/**
 * A staff move named by its target status (POST /lab/samples/{id}/status): COLLECTED or TESTING.
 * Assignment and reports have their own calls, so naming their target here is an illegal move.
 */
export async function moveToStatus(
  ctx: DomainContext,
  sampleId: number,
  target: { status: SampleStatus; testingEta?: Date | undefined; note?: string | undefined },
  actor: Actor,
): Promise<SampleRow> {
  if (target.status === "COLLECTED")
    return moveSample(ctx, sampleId, { type: "collected" }, actor, target.note);
  if (target.status === "TESTING")
    return moveSample(
      ctx,
      sampleId,
      { type: "start-testing", testingEta: target.testingEta },
      actor,
      target.note,
    );
  const [current] = await ctx.db
    .select({ status: samples.status })
    .from(samples)
    .where(eq(samples.id, sampleId));
  if (!current) throw notFound("sampleNotFound");
  throw conflict(message("cannotMove", { from: current.status, to: target.status }));
}
