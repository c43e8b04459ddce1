import { SampleQueue } from "@/features/lab-samples/components/sample-queue";

export default function LabQueueRoute() {
  return <SampleQueue />;
}
