import { QueryClientProvider } from "@tanstack/react-query";
import { useParams } from "react-router";

import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { VerifyCertificate } from "@/features/certificates/components/verify-certificate";
import { queryClient } from "@/lib/query-client";

export default function VerifyRoute() {
  const { number = "" } = useParams();
  return (
    <QueryClientProvider client={queryClient}>
      <PublicPageLayout>
        <VerifyCertificate key={number} number={number.toUpperCase()} />
      </PublicPageLayout>
    </QueryClientProvider>
  );
}
