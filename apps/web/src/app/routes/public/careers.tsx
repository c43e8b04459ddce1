import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { CareersPage } from "@/features/careers/components/careers-page";

export default function CareersRoute() {
  return (
    <PublicPageLayout>
      <CareersPage />
    </PublicPageLayout>
  );
}
