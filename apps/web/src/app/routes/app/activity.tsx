import { ActivityPage } from "@/features/organisation/components/activity-page";
import { OrganisationTabs } from "@/features/organisation/components/organisation-tabs";

export default function ActivityRoute() {
  return (
    <>
      <OrganisationTabs />
      <ActivityPage />
    </>
  );
}
