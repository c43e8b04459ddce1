import { useParams, useSearchParams } from "react-router";

import { CollectionPage } from "@/features/field/components/collection-page";
import { useAgentSession } from "@/features/field/utils/agent-session";

/** /field/jobs/:sampleId: the collection form (?edit= a queued collection the server refused). */
export default function FieldCollectRoute() {
  const session = useAgentSession();
  const { sampleId } = useParams();
  const [search] = useSearchParams();
  const id = Number(sampleId);
  if (!session) return null;
  return (
    <CollectionPage
      key={`${id}-${search.get("edit") ?? ""}`}
      agentId={session.agent.id}
      sampleId={Number.isInteger(id) ? id : 0}
      editId={search.get("edit")}
    />
  );
}
