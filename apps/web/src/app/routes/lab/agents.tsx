import { AgentsPage } from "@/features/lab-agents/components/agents-page";

export default function LabAgentsRoute() {
  return <AgentsPage />;
}
