import type { CustodyKind } from "@lab/contracts";
import {
  agents,
  custodyEvents,
  sampleReceptions,
  samples,
  type CustodyEventRow,
  type Executor,
  type SampleReceptionRow,
} from "@lab/db";
import { and, asc, eq } from "drizzle-orm";

import { notFound } from "../../lib/app-error";
import type { TokenClaims } from "../../lib/tokens";
import type { DomainContext } from "../context";
import { visibleSamples, type Member } from "../organisations/access";
import { actorText, type Actor } from "../samples/moves";

/** A hand-off to record: names as they are now, so the record keeps them if a person is renamed. */
export interface CustodyRecord {
  sampleId: number;
  kind: CustodyKind;
  relinquishedBy: string;
  receivedBy: string;
  at: Date;
  location?: { lat: number; lng: number } | null | undefined;
  place?: string | null | undefined;
  sealIntact?: boolean | null | undefined;
  temperatureC?: number | null | undefined;
  note?: string | null | undefined;
  actor: Actor;
}

/**
 * Writes one custody event in the caller's transaction: the collection, reception and any later
 * hand-off go through here, so every link of the chain has the same shape.
 */
export async function recordCustody(executor: Executor, record: CustodyRecord): Promise<CustodyEventRow> {
  const [row] = await executor
    .insert(custodyEvents)
    .values({
      sampleId: record.sampleId,
      kind: record.kind,
      relinquishedBy: record.relinquishedBy,
      receivedBy: record.receivedBy,
      at: record.at,
      lat: record.location?.lat ?? null,
      lng: record.location?.lng ?? null,
      place: record.place ?? null,
      sealIntact: record.sealIntact ?? null,
      temperatureC:
        record.temperatureC === null || record.temperatureC === undefined
          ? null
          : String(record.temperatureC),
      note: record.note ?? null,
      actor: actorText(record.actor),
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Who asks to read a sample's custody: a customer member, staff, or a field agent. */
export type CustodyReader =
  { kind: "member"; member: Member } | { kind: "staff" } | { kind: "agent"; agentId: number };

/**
 * The reader named by a token's claims; a customer token's member, others by role. A customer token
 * always carries its membership (tokens without one are refused when verified).
 */
export function custodyReaderOf(claims: TokenClaims, member: () => Member): CustodyReader {
  if (claims.role === "lab") return { kind: "staff" };
  if (claims.role === "agent") return { kind: "agent", agentId: claims.subject };
  return { kind: "member", member: member() };
}

/**
 * The sample's id if the reader may see its custody: a member the samples their organisation shows
 * them (the sample detail's rule), staff every sample, an agent the jobs given to them. Anything
 * else is not found, so no one learns which ids exist.
 */
export async function requireCustodyReader(
  executor: Executor,
  reader: CustodyReader,
  sampleId: number,
): Promise<number> {
  const visible =
    reader.kind === "member"
      ? visibleSamples(reader.member)
      : reader.kind === "agent"
        ? eq(samples.agentId, reader.agentId)
        : undefined;
  const [row] = await executor
    .select({ id: samples.id })
    .from(samples)
    .where(and(eq(samples.id, sampleId), visible));
  if (!row) throw notFound("sampleNotFound");
  return row.id;
}

export interface CustodyView {
  sampleId: number;
  events: CustodyEventRow[];
  reception: SampleReceptionRow | null;
}

/** A sample's chain of custody, oldest hand-off first, with reception's decision. */
export async function getCustody(
  ctx: DomainContext,
  reader: CustodyReader,
  sampleId: number,
): Promise<CustodyView> {
  const id = await requireCustodyReader(ctx.db, reader, sampleId);
  const [events, receptions] = await Promise.all([
    ctx.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.sampleId, id))
      .orderBy(asc(custodyEvents.at), asc(custodyEvents.id)),
    ctx.db.select().from(sampleReceptions).where(eq(sampleReceptions.sampleId, id)),
  ]);
  return { sampleId: id, events, reception: receptions[0] ?? null };
}

/** The agent's name as custody records name them: "Suresh Reddy (agent)". */
export async function agentCustodyName(executor: Executor, agentId: number): Promise<string> {
  const [agent] = await executor.select({ name: agents.name }).from(agents).where(eq(agents.id, agentId));
  return `${agent?.name ?? "Agent"} (agent)`;
}
