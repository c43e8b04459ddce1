import { Navigate, useParams } from "react-router";

import { paths } from "@/config/paths";
import { SampleMessages } from "@/features/messages/components/sample-messages";
import { SampleTimeline } from "@/features/samples/components/sample-timeline";

export default function TimelineRoute() {
  const { sampleId } = useParams();
  if (!sampleId) return <Navigate to={paths.samples.href()} replace />;
  return (
    <SampleTimeline key={sampleId} sampleId={sampleId} messages={<SampleMessages sampleId={sampleId} />} />
  );
}
