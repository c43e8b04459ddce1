import { OrganisationPage } from "@/features/organisation/components/organisation-page";
import { OrganisationTabs } from "@/features/organisation/components/organisation-tabs";

export default function OrganisationRoute() {
  return (
    <>
      <OrganisationTabs />
      <OrganisationPage />
    </>
  );
}
