import { MarketsPage } from "@/features/lab/components/markets-page";

export default function LabMarketsRoute() {
  return <MarketsPage />;
}
