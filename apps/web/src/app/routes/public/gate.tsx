import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { GatePage } from "@/features/lots/components/gate-page";

export default function GateRoute() {
  return (
    <PublicPageLayout>
      <GatePage />
    </PublicPageLayout>
  );
}
