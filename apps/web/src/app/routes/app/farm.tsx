import { useParams } from "react-router";

import { FarmPage } from "@/features/farms/components/farm-page";

export default function FarmRoute() {
  const { farmId = "" } = useParams();
  // Anything but digits names no farm: the API answers it "Farm not found".
  const id = /^\d{1,10}$/.test(farmId) ? Number(farmId) : 0;
  return <FarmPage key={id} farmId={id} />;
}
