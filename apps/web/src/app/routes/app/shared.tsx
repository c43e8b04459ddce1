import { SharedPage } from "@/features/shared/components/shared-page";

export default function SharedRoute() {
  return <SharedPage />;
}
