import { ActivityList } from "@/components/organisation/activity-list";
import { Alert } from "@/components/ui/alert";
import { shownOf } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";
import { useMembership } from "@/lib/membership";

import { useActivity } from "../api/get-activity";

/** The organisation's trail (admins): who did what, newest first. */
export function ActivityPage() {
  const { t } = useT("organisation");
  const membership = useMembership();
  if (!membership) return null;
  if (!membership.isAdmin) {
    return (
      <div className="mx-auto max-w-3xl">
        <Alert tone="info">{t("organisation.activity.adminOnly")}</Alert>
      </div>
    );
  }
  return <Activity organisationId={membership.organisationId} />;
}

function Activity({ organisationId }: { organisationId: number }) {
  const { t } = useT("organisation");
  const activity = useActivity(organisationId);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("organisation.activity.title")}</h1>
        <p className="text-sm text-slate-700">{t("organisation.activity.intro")}</p>
      </div>
      <ActivityList
        entries={activity.data?.pages.flatMap((page) => page.items) ?? []}
        pending={activity.isPending}
        error={activity.isError ? shownOf(activity.error) : null}
        hasOlder={activity.hasNextPage}
        loadingOlder={activity.isFetchingNextPage}
        onLoadOlder={() => void activity.fetchNextPage()}
      />
    </div>
  );
}
