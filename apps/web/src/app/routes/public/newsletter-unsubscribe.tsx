import { useSearchParams } from "react-router";

import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { NewsletterLinkPanel } from "@/features/newsletter/components/newsletter-link-panel";

/** /newsletter/unsubscribe?token=…: the unsubscribe link of the newsletter mail (its button opts out). */
export default function NewsletterUnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <PublicPageLayout>
      <NewsletterLinkPanel action="unsubscribe" token={params.get("token") ?? ""} />
    </PublicPageLayout>
  );
}
