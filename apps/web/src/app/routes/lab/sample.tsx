import { Navigate, useParams } from "react-router";

import { paths } from "@/config/paths";
import { LabSampleScreen } from "./sample-screen";

export default function LabSampleRoute() {
  const { sampleId } = useParams();
  if (!sampleId) return <Navigate to={paths.lab.href()} replace />;
  return <LabSampleScreen key={sampleId} sampleId={sampleId} />;
}
