import { useSearchParams } from "react-router";

import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { UnsubscribePanel } from "@/features/ledger/components/unsubscribe-panel";

/** /unsubscribe?e=…&s=…: the visible link of a shared-report mail. */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <PublicPageLayout>
      <UnsubscribePanel email={params.get("e") ?? ""} signature={params.get("s") ?? ""} />
    </PublicPageLayout>
  );
}
