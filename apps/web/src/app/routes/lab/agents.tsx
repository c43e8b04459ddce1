import { AgentsPage } from "@/features/lab/components/agents-page";

export default function LabAgentsRoute() {
  return <AgentsPage />;
}
