import { JobsPage } from "@/features/field/components/jobs-page";
import { useAgentSession } from "@/features/field/utils/agent-session";

/** /field: today's and upcoming collections of the signed-in agent (root.tsx guards the session). */
export default function FieldJobsRoute() {
  const session = useAgentSession();
  if (!session) return null;
  return <JobsPage agentId={session.agent.id} />;
}
