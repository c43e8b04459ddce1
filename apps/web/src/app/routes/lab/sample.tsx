import { Navigate, useParams } from "react-router";

import { paths } from "@/config/paths";
import { LabSampleDetail } from "@/features/lab/components/lab-sample-detail";

export default function LabSampleRoute() {
  const { sampleId } = useParams();
  if (!sampleId) return <Navigate to={paths.lab.href()} replace />;
  return <LabSampleDetail key={sampleId} sampleId={sampleId} />;
}
