import { AgentPanel } from "@/features/lab-agents/components/agent-panel";
import { SampleResults } from "@/features/lab-results/components/sample-results";
import { SampleReports } from "@/features/lab-revocations/components/sample-reports";
import { LabSampleDetail } from "@/features/lab-samples/components/lab-sample-detail";
import { LabSampleMessages } from "@/features/messages/components/lab-sample-messages";

/**
 * One sample in the console: the sample's page with the agent picker, results, reports and the
 * sample's messages set in it.
 */
export function LabSampleScreen({ sampleId }: { sampleId: string }) {
  return (
    <LabSampleDetail
      sampleId={sampleId}
      agentPanel={(props) => <AgentPanel {...props} />}
      results={(detail) => <SampleResults detail={detail} />}
      reports={(detail, onError) => <SampleReports detail={detail} onError={onError} />}
      messages={(id) => <LabSampleMessages sampleId={id} />}
    />
  );
}
