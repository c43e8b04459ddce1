import { PublicPageLayout } from "@/components/layouts/public-page-layout";
import { AcceptInvitation } from "@/features/invitation/components/accept-invitation";

/** /invitation#token=…: the invitation mail's link. */
export default function InvitationRoute() {
  return (
    <PublicPageLayout>
      <AcceptInvitation />
    </PublicPageLayout>
  );
}
