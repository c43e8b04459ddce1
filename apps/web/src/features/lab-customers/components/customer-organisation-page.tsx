import { INDIAN_STATES, languages, type LabMember } from "@lab/contracts";
import { ArrowLeft, UserX } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { ActivityList } from "@/components/organisation/activity-list";
import { ROLE_LABELS, SCOPE_LABELS } from "@/components/organisation/member-labels";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { shownOf } from "@/lib/api-client";
import { said, type Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useDeactivateMember } from "../api/deactivate-member";
import { useLabActivity } from "../api/get-lab-activity";
import { useLabOrganisation } from "../api/get-lab-organisation";

/** One customer organisation for the lab: its details, members (deactivate one) and its trail. */
export function CustomerOrganisationPage({ organisationId }: { organisationId: number | null }) {
  const { t } = useT("lab", "organisation");
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link to={paths.labCustomers.href()} className={buttonClasses("link", "md", "min-h-11")}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t("organisation.labCustomers.back")}
      </Link>
      {organisationId === null ? (
        <Alert tone="error" message={said("organisationNotFound")} />
      ) : (
        <OrganisationDetail organisationId={organisationId} />
      )}
    </div>
  );
}

function OrganisationDetail({ organisationId }: { organisationId: number }) {
  const { t } = useT("lab", "organisation");
  const query = useLabOrganisation(organisationId);
  const [deactivating, setDeactivating] = useState<LabMember | null>(null);
  if (query.isError) return <Alert tone="error" message={shownOf(query.error)} />;
  if (query.isPending) return <LoadingState label={t("organisation.labCustomers.loadingOne")} />;
  const { organisation, members } = query.data;
  const none = t("organisation.details.none");
  const details: [string, string][] = [
    [t("organisation.fields.address"), organisation.address ?? none],
    [t("organisation.fields.gstin"), organisation.gstin ?? none],
    [
      t("organisation.fields.state"),
      INDIAN_STATES.find((state) => state.code === organisation.state)?.name ?? none,
    ],
    [
      t("organisation.fields.language"),
      languages.find((language) => language.code === organisation.language)?.nativeName ??
        organisation.language,
    ],
  ];
  return (
    <>
      <h1 className="text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">{organisation.name}</h1>
      <Card>
        <CardBody>
          <dl className="grid gap-3 text-sm [overflow-wrap:anywhere] sm:grid-cols-2">
            {details.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium whitespace-pre-line text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
      <section aria-labelledby="lab-members-heading" className="space-y-2">
        <h2 id="lab-members-heading" className="text-lg font-semibold text-slate-900">
          {t("organisation.members.listTitle")}
        </h2>
        <ul aria-label={t("organisation.members.listTitle")} className="space-y-2">
          {members.map((member) => (
            <LabMemberCard key={member.id} member={member} onDeactivate={() => setDeactivating(member)} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="lab-activity-heading" className="space-y-2">
        <h2 id="lab-activity-heading" className="text-lg font-semibold text-slate-900">
          {t("organisation.activity.title")}
        </h2>
        <LabActivity organisationId={organisationId} />
      </section>
      {deactivating ? (
        <DeactivateDialog
          organisationId={organisationId}
          member={deactivating}
          onClose={() => setDeactivating(null)}
        />
      ) : null}
    </>
  );
}

function LabMemberCard({ member, onDeactivate }: { member: LabMember; onDeactivate: () => void }) {
  const { t, date } = useT("lab", "organisation");
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm [overflow-wrap:anywhere]">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-semibold text-slate-900">{member.fullName}</p>
        {member.removedAt ? (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
            {t("organisation.labCustomers.removedOn", { date: date(member.removedAt, "date") })}
          </span>
        ) : null}
      </div>
      <p className="text-slate-700">{member.email}</p>
      <p className="text-slate-700">
        {t(ROLE_LABELS[member.role])} · {t(SCOPE_LABELS[member.scope])}
      </p>
      <p className="text-xs text-slate-600">
        {member.lastSignInAt
          ? t("organisation.labCustomers.lastSignIn", { date: date(member.lastSignInAt, "dateTime") })
          : t("organisation.members.neverSignedIn")}
      </p>
      {member.removedAt ? null : (
        <Button
          variant="outline"
          className="mt-2 min-h-11 text-red-800"
          icon={<UserX aria-hidden="true" className="h-4 w-4" />}
          aria-label={t("organisation.labCustomers.deactivateFor", { name: member.fullName })}
          onClick={onDeactivate}
        >
          {t("organisation.labCustomers.deactivate")}
        </Button>
      )}
    </li>
  );
}

function DeactivateDialog({
  organisationId,
  member,
  onClose,
}: {
  organisationId: number;
  member: LabMember;
  onClose: () => void;
}) {
  const { t } = useT("lab", "organisation");
  const toast = useToast();
  const deactivate = useDeactivateMember(organisationId);
  const [error, setError] = useState<Shown | null>(null);
  return (
    <ConfirmDialog
      open
      title={t("organisation.labCustomers.deactivateTitle")}
      confirmLabel={t("organisation.labCustomers.deactivate")}
      tone="danger"
      busy={deactivate.isPending}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        deactivate.mutate(
          { organisationId, memberId: member.id },
          {
            onSuccess: () => {
              toast.success(t("organisation.labCustomers.deactivated", { name: member.fullName }));
              onClose();
            },
            onError: (failure) => setError(shownOf(failure)),
          },
        );
      }}
    >
      {error ? <Alert tone="error" message={error} /> : null}
      <p>{t("organisation.labCustomers.deactivateConfirm", { name: member.fullName })}</p>
    </ConfirmDialog>
  );
}

function LabActivity({ organisationId }: { organisationId: number }) {
  const activity = useLabActivity(organisationId);
  return (
    <ActivityList
      entries={activity.data?.pages.flatMap((page) => page.items) ?? []}
      pending={activity.isPending}
      error={activity.isError ? shownOf(activity.error) : null}
      hasOlder={activity.hasNextPage}
      loadingOlder={activity.isFetchingNextPage}
      onLoadOlder={() => void activity.fetchNextPage()}
    />
  );
}
