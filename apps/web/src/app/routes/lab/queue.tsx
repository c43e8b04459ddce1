import { SampleQueue } from "@/features/lab/components/sample-queue";

export default function LabQueueRoute() {
  return <SampleQueue />;
}
