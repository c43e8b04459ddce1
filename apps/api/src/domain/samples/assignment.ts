import { agents, jobDeclines, sampleEvents, samples, type SampleRow, type Tx } from "@lab/db";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";

import { distanceKm } from "../../lib/distance";

import { insertNotifications, type ReaderNotification } from "../notifications/notifications";
import { firstAssignment } from "./moves";

/** The NOTIFY channel a committed submission wakes the dispatchers on (every instance listens). */
export const SAMPLES_SUBMITTED_CHANNEL = "samples_submitted";

/**
 * How much farther than the nearest agent a sample may go to spread the work. Agents within this band
 * of a sample's nearest count as equally near, and the one with the fewest open collections takes it
 * (then the nearer, then the older agent). A band rather than a distance-plus-load score: a score lets
 * a busy day send Gujarat's samples to Tamil Nadu once loads grow large, while the band never sends a
 * sample more than this much past its nearest agent, and inside a district it rotates the work.
 */
export const NEAR_BAND_KM = 25;

export interface AgentLoad {
  id: number;
  name: string;
  phone: string;
  lat: number | null;
  lng: number | null;
  /** Open collections: samples assigned to the agent and still COLLECTING. */
  load: number;
}

export interface QueuedSample {
  id: number;
  lat: number | null;
  lng: number | null;
}

/**
 * Each sample, oldest first, to the least-loaded agent within NEAR_BAND_KM of its nearest active agent;
 * each choice counts toward the load of the next. Agents without a known position are chosen only when
 * none has one (or the sample has none), then by load alone.
 */
export function chooseAgents(
  queue: readonly QueuedSample[],
  roster: readonly AgentLoad[],
  /** Agents who handed a sample back, by sample: it never goes to them again. */
  declined: ReadonlyMap<number, ReadonlySet<number>> = new Map(),
): { sampleId: number; agent: AgentLoad }[] {
  if (roster.length === 0) return [];
  const load = new Map(roster.map((agent) => [agent.id, agent.load]));
  const located = roster.flatMap((agent) =>
    agent.lat !== null && agent.lng !== null ? [{ agent, at: { lat: agent.lat, lng: agent.lng } }] : [],
  );
  const loadOf = (agent: AgentLoad) => load.get(agent.id) ?? 0;
  const choices: { sampleId: number; agent: AgentLoad }[] = [];
  for (const sample of queue) {
    let chosen: AgentLoad | undefined;
    const refused = declined.get(sample.id);
    const eligible = (agent: AgentLoad) => !refused?.has(agent.id);
    const near = refused ? located.filter(({ agent }) => eligible(agent)) : located;
    if (near.length > 0 && sample.lat !== null && sample.lng !== null) {
      const here = { lat: sample.lat, lng: sample.lng };
      const distances = near.map(({ agent, at }) => ({ agent, km: distanceKm(here, at) }));
      const nearest = Math.min(...distances.map((entry) => entry.km));
      let best: { agent: AgentLoad; km: number } | undefined;
      for (const entry of distances) {
        if (entry.km > nearest + NEAR_BAND_KM) continue;
        if (
          !best ||
          loadOf(entry.agent) < loadOf(best.agent) ||
          (loadOf(entry.agent) === loadOf(best.agent) &&
            (entry.km < best.km || (entry.km === best.km && entry.agent.id < best.agent.id)))
        )
          best = entry;
      }
      chosen = best?.agent;
    } else {
      for (const agent of roster) {
        if (!eligible(agent)) continue;
        if (
          !chosen ||
          loadOf(agent) < loadOf(chosen) ||
          (loadOf(agent) === loadOf(chosen) && agent.id < chosen.id)
        )
          chosen = agent;
      }
    }
    if (!chosen) continue;
    load.set(chosen.id, loadOf(chosen) + 1);
    choices.push({ sampleId: sample.id, agent: chosen });
  }
  return choices;
}

export interface BatchAssignment {
  assigned: { sample: SampleRow; notifications: ReaderNotification[] }[];
  /** When the oldest unassigned PENDING sample seen was submitted; undefined when none waits. */
  oldestWaiting: Date | undefined;
}

/**
 * Assigns up to `limit` unassigned PENDING samples, oldest first, in a fixed number of statements
 * whatever the batch size: the queue (rows locked, SKIP LOCKED so staff moves are not waited on), the
 * roster with loads, one UPDATE, one INSERT of events and one of notifications. The same state, event
 * and notice as a single "assign" move by the system. The caller's transaction; publish after commit.
 */
export async function assignPendingBatch(tx: Tx, now: Date, limit: number): Promise<BatchAssignment> {
  const queue = await tx
    .select({ id: samples.id, lat: samples.lat, lng: samples.lng, createdAt: samples.createdAt })
    .from(samples)
    .where(and(eq(samples.status, "PENDING"), isNull(samples.agentId)))
    .orderBy(asc(samples.createdAt), asc(samples.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const oldestWaiting = queue[0]?.createdAt;
  if (queue.length === 0) return { assigned: [], oldestWaiting };
  const active = await tx
    .select({ id: agents.id, name: agents.name, phone: agents.phone, lat: agents.lat, lng: agents.lng })
    .from(agents)
    .where(eq(agents.active, true))
    .orderBy(asc(agents.id));
  const loads = await tx
    .select({ agentId: samples.agentId, open: count() })
    .from(samples)
    .where(eq(samples.status, "COLLECTING"))
    .groupBy(samples.agentId);
  const openBy = new Map(loads.map((row) => [row.agentId, row.open]));
  const roster = active.map((agent) => ({ ...agent, load: openBy.get(agent.id) ?? 0 }));
  const declines = await tx
    .select({ sampleId: jobDeclines.sampleId, agentId: jobDeclines.agentId })
    .from(jobDeclines)
    .where(
      inArray(
        jobDeclines.sampleId,
        queue.map((sample) => sample.id),
      ),
    );
  const declined = new Map<number, Set<number>>();
  for (const { sampleId, agentId } of declines) {
    const refusers = declined.get(sampleId) ?? new Set<number>();
    refusers.add(agentId);
    declined.set(sampleId, refusers);
  }
  const choices = chooseAgents(queue, roster, declined);
  if (choices.length === 0) return { assigned: [], oldestWaiting };

  const cases = (value: (choice: (typeof choices)[number]) => unknown) =>
    sql.join(
      choices.map((choice) => sql`when ${choice.sampleId} then ${value(choice)}`),
      sql` `,
    );
  const updated = await tx
    .update(samples)
    .set({
      status: "COLLECTING",
      agentId: sql`(case ${samples.id} ${cases((choice) => sql`${choice.agent.id}::int`)} end)`,
      assigned: sql`(case ${samples.id} ${cases((choice) => `${choice.agent.name}-${choice.agent.phone}`)} end)`,
      updatedAt: now,
    })
    .where(
      and(
        inArray(
          samples.id,
          choices.map((choice) => choice.sampleId),
        ),
        eq(samples.status, "PENDING"),
        isNull(samples.agentId),
      ),
    )
    .returning();
  const agentOf = new Map(choices.map((choice) => [choice.sampleId, choice.agent]));
  // RETURNING keeps no order: events and notices follow the queue's (oldest first).
  const order = new Map(queue.map((sample, index) => [sample.id, index]));
  updated.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const moves = updated.flatMap((sample) => {
    const agent = agentOf.get(sample.id);
    return agent ? [{ sample, ...firstAssignment(agent) }] : [];
  });
  if (moves.length === 0) return { assigned: [], oldestWaiting };
  await tx.insert(sampleEvents).values(
    moves.map((move) => ({
      sampleId: move.sample.id,
      fromStatus: "PENDING" as const,
      toStatus: "COLLECTING" as const,
      actor: "system",
      note: move.note,
      at: now,
    })),
  );
  const notes = await insertNotifications(
    tx,
    moves.map((move) => ({
      sampleId: move.sample.id,
      createdAt: now,
      ...move.notice,
    })),
  );
  return {
    assigned: moves.map((move) => ({
      sample: move.sample,
      notifications: notes.filter((note) => note.sampleId === move.sample.id),
    })),
    oldestWaiting,
  };
}
