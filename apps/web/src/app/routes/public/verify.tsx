import { useParams } from "react-router";

import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { VerifyCertificate } from "@/features/certificates/components/verify-certificate";

export default function VerifyRoute() {
  const { number = "" } = useParams();
  return (
    <PublicPageLayout>
      <VerifyCertificate key={number} number={number.toUpperCase()} />
    </PublicPageLayout>
  );
}
