import { MembersPage } from "@/features/organisation/components/members-page";
import { OrganisationTabs } from "@/features/organisation/components/organisation-tabs";

export default function MembersRoute() {
  return (
    <>
      <OrganisationTabs />
      <MembersPage />
    </>
  );
}
