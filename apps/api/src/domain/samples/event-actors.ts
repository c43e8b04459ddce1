import { agents, customers, staff, type Executor, type SampleEventRow } from "@lab/db";
import { inArray } from "drizzle-orm";

/** Who moved a sample when no person did: the dispatcher, the demo simulator, a revoke's automation. */
export const SYSTEM_ACTOR_NAME = "Lab system";

const idsOf = (rows: readonly SampleEventRow[], kind: "staff" | "customer" | "agent"): number[] => [
  ...new Set(
    rows
      .map((row) => row.actor.split(":"))
      .filter(([prefix, id]) => prefix === kind && id !== undefined && /^\d+$/.test(id))
      .map(([, id]) => Number(id)),
  ),
];

/**
 * The names behind the events' actors ("staff:3" → "Dr. Priya Nair", "agent:2" → the field agent's
 * name), in at most three queries: a timeline says who did it, never an internal id.
 */
export async function eventActorNames(
  executor: Executor,
  rows: readonly SampleEventRow[],
): Promise<Map<string, string>> {
  const staffIds = idsOf(rows, "staff");
  const customerIds = idsOf(rows, "customer");
  const agentIds = idsOf(rows, "agent");
  const [members, people, collectors] = await Promise.all([
    staffIds.length === 0
      ? []
      : executor.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds)),
    customerIds.length === 0
      ? []
      : executor
          .select({ id: customers.id, name: customers.fullName })
          .from(customers)
          .where(inArray(customers.id, customerIds)),
    agentIds.length === 0
      ? []
      : executor
          .select({ id: agents.id, name: agents.name })
          .from(agents)
          .where(inArray(agents.id, agentIds)),
  ]);
  const names = new Map<string, string>([["system", SYSTEM_ACTOR_NAME]]);
  for (const member of members) names.set(`staff:${member.id}`, member.name);
  for (const person of people) names.set(`customer:${person.id}`, person.name);
  for (const agent of collectors) names.set(`agent:${agent.id}`, agent.name);
  return names;
}
