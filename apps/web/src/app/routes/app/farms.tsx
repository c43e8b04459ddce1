import { FarmsPage } from "@/features/farms/components/farms-page";

export default function FarmsRoute() {
  return <FarmsPage />;
}
