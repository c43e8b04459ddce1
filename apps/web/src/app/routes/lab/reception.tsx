import { ReceptionPage } from "@/features/lab-reception/components/reception-page";

export default function LabReceptionRoute() {
  return <ReceptionPage />;
}
