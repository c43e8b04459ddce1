import { MarketsPage } from "@/features/lab-catalogue/components/markets-page";

export default function LabMarketsRoute() {
  return <MarketsPage />;
}
