import { QueryClientProvider } from "@tanstack/react-query";
import { useSearchParams } from "react-router";

import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { UnsubscribePanel } from "@/features/ledger/components/unsubscribe-panel";
import { createQueryClient } from "@/lib/query-client";

// The page is public: the signed-in shell's QueryClientProvider is not above it, and its button is a
// mutation (without a client of its own the page crashed with "No QueryClient set").
const client = createQueryClient();

/** /unsubscribe?e=…&s=…: the visible link of a shared-report mail. */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <QueryClientProvider client={client}>
      <PublicPageLayout>
        <UnsubscribePanel email={params.get("e") ?? ""} signature={params.get("s") ?? ""} />
      </PublicPageLayout>
    </QueryClientProvider>
  );
}
