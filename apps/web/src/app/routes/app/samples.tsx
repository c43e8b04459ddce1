import { SampleHistory } from "@/features/samples/components/sample-history";

export default function SamplesRoute() {
  return <SampleHistory />;
}
