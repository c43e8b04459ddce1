import { useSearchParams } from "react-router";

import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { NewsletterLinkPanel } from "@/features/newsletter/components/newsletter-link-panel";

/** /newsletter/confirm?token=…: the confirm link of the newsletter's double opt-in mail. */
export default function NewsletterConfirmRoute() {
  const [params] = useSearchParams();
  return (
    <PublicPageLayout>
      <NewsletterLinkPanel action="confirm" token={params.get("token") ?? ""} />
    </PublicPageLayout>
  );
}
