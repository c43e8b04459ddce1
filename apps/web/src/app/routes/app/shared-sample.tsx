import { Navigate, useParams } from "react-router";

import { paths } from "@/config/paths";
import { SharedSamplePage } from "@/features/shared/components/shared-sample-page";

export default function SharedSampleRoute() {
  const { sampleId } = useParams();
  if (!sampleId) return <Navigate to={paths.shared.href()} replace />;
  return <SharedSamplePage key={sampleId} sampleId={sampleId} />;
}
