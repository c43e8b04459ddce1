import { OrganisationTabs } from "@/features/organisation/components/organisation-tabs";
import { CustomerProfile } from "@/features/profile/components/customer-profile";

export default function ProfileRoute() {
  return (
    <>
      <OrganisationTabs />
      <CustomerProfile />
    </>
  );
}
