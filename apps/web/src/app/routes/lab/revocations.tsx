import { RevocationsPage } from "@/features/lab/components/revocations-page";

export default function LabRevocationsRoute() {
  return <RevocationsPage />;
}
