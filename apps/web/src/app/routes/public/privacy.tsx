import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { PrivacyPolicy } from "@/features/policies/components/privacy-policy";

export default function PrivacyRoute() {
  return (
    <PublicPageLayout>
      <PrivacyPolicy />
    </PublicPageLayout>
  );
}
