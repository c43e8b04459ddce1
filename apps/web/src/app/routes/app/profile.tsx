import { NoticesCard } from "@/features/notice-preferences/components/notices-card";
import { OrganisationTabs } from "@/features/organisation/components/organisation-tabs";
import { CustomerProfile } from "@/features/profile/components/customer-profile";

export default function ProfileRoute() {
  return (
    <>
      <OrganisationTabs />
      <CustomerProfile
        // A number or address added or removed changes which channels can be chosen: read them again.
        notices={(customer) => <NoticesCard key={[customer.phoneNumber, customer.email].join("|")} />}
      />
    </>
  );
}
