import { SubmitSample } from "@/features/submit-sample/components/submit-sample";

export default function SubmitSampleRoute() {
  return <SubmitSample />;
}
