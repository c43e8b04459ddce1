import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { TermsOfService } from "@/features/policies/components/terms-of-service";

export default function TermsRoute() {
  return (
    <PublicPageLayout>
      <TermsOfService />
    </PublicPageLayout>
  );
}
