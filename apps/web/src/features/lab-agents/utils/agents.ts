import type { Agent } from "@lab/contracts";

import { parseAssigned } from "@/utils/sample-status";

const digits = (text: string) => text.replace(/\D/g, "");

/**
 * The roster entry named by a sample's `assigned` text ("agentName-phone"): the sample view carries
 * no agent id, so name and phone digits are matched.
 */
export function currentAgentOf(assigned: string, agents: readonly Agent[]): Agent | undefined {
  const parsed = parseAssigned(assigned);
  if (!parsed) return undefined;
  return agents.find(
    (agent) =>
      agent.name.trim() === parsed.name &&
      (parsed.phone === "" || digits(agent.phone) === digits(parsed.phone)),
  );
}
