import { RevocationsPage } from "@/features/lab-revocations/components/revocations-page";

export default function LabRevocationsRoute() {
  return <RevocationsPage />;
}
