import type { Member } from "@lab/contracts";
import { LogOut, Pencil, UserMinus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";

import { ROLE_LABELS, SCOPE_LABELS } from "@/components/organisation/member-labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { Dialog } from "@/components/ui/dialog";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { shownOf } from "@/lib/api-client";
import { getToken, logout } from "@/lib/auth";
import { endServerSession } from "@/lib/end-server-session";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";
import { useMembership, type MembershipView } from "@/lib/membership";
import { useUser } from "@/lib/auth";

import { useMembers } from "../api/get-members";
import { useRemoveMember } from "../api/remove-member";
import { useUpdateMember } from "../api/update-member";
import { InviteSection } from "./invite-section";
import { RoleFields } from "./role-fields";

/** The organisation's members; admins change roles, remove members and invite; anyone may leave. */
export function MembersPage() {
  const membership = useMembership();
  const user = useUser();
  if (!membership || !user) return null;
  return <Members membership={membership} selfId={user.id} />;
}

function Members({ membership, selfId }: { membership: MembershipView; selfId: number }) {
  const { t } = useT("organisation");
  const members = useMembers(membership.organisationId);
  const [changing, setChanging] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <h1 className="text-2xl font-bold text-slate-900">{t("organisation.members.title")}</h1>
        <p className="text-sm text-slate-700">
          {t("organisation.members.intro", { organisation: membership.organisationName })}
        </p>
      </div>

      {membership.isAdmin ? <InviteSection organisationId={membership.organisationId} /> : null}

      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
          {t("organisation.members.listTitle")}
        </h2>
        {members.isError ? (
          <Alert tone="error" message={shownOf(members.error)} />
        ) : members.isPending ? (
          <LoadingState label={t("organisation.members.loading")} />
        ) : (
          <ul aria-label={t("organisation.members.listTitle")} className="space-y-3">
            {members.data.map((member) => (
              <MemberCard
                key={member.id}
                member={member}
                self={member.id === selfId}
                admin={membership.isAdmin}
                onChange={() => setChanging(member)}
                onRemove={() => setRemoving(member)}
              />
            ))}
          </ul>
        )}
      </section>

      <LeaveSection organisationId={membership.organisationId} selfId={selfId} />

      {changing ? (
        <ChangeMemberDialog
          organisationId={membership.organisationId}
          member={changing}
          onClose={() => setChanging(null)}
        />
      ) : null}
      {removing ? (
        <RemoveMemberDialog
          organisationId={membership.organisationId}
          member={removing}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}

function MemberCard({
  member,
  self,
  admin,
  onChange,
  onRemove,
}: {
  member: Member;
  self: boolean;
  admin: boolean;
  onChange: () => void;
  onRemove: () => void;
}) {
  const { t, date } = useT("organisation");
  return (
    <li>
      <Card>
        <CardBody className="space-y-2 [overflow-wrap:anywhere]">
          <div className="flex flex-wrap items-center gap-2">
            <p className="min-w-0 font-semibold text-slate-900">{member.fullName}</p>
            {self ? (
              <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-900">
                {t("organisation.members.you")}
              </span>
            ) : null}
          </div>
          <p className="text-sm text-slate-700">{member.email}</p>
          <dl className="grid gap-2 text-sm sm:grid-cols-3">
            <div className="min-w-0">
              <dt className="text-slate-600">{t("organisation.fields.role")}</dt>
              <dd className="font-medium text-slate-900">{t(ROLE_LABELS[member.role])}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-600">{t("organisation.fields.scope")}</dt>
              <dd className="font-medium text-slate-900">{t(SCOPE_LABELS[member.scope])}</dd>
            </div>
            {admin ? (
              <div className="min-w-0">
                <dt className="text-slate-600">{t("organisation.members.lastSignIn")}</dt>
                <dd className="font-medium text-slate-900">
                  {member.lastSignInAt
                    ? date(member.lastSignInAt, "dateTime")
                    : t("organisation.members.neverSignedIn")}
                </dd>
              </div>
            ) : null}
          </dl>
          {admin ? (
            <div className="flex flex-wrap gap-2 pt-1">
              <Button
                variant="outline"
                className="min-h-11"
                icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
                aria-label={t("organisation.members.changeFor", { name: member.fullName })}
                onClick={onChange}
              >
                {t("organisation.members.change")}
              </Button>
              {self ? null : (
                <Button
                  variant="outline"
                  className="min-h-11 text-red-800"
                  icon={<UserMinus aria-hidden="true" className="h-4 w-4" />}
                  aria-label={t("organisation.members.removeFor", { name: member.fullName })}
                  onClick={onRemove}
                >
                  {t("organisation.members.remove")}
                </Button>
              )}
            </div>
          ) : null}
        </CardBody>
      </Card>
    </li>
  );
}

function ChangeMemberDialog({
  organisationId,
  member,
  onClose,
}: {
  organisationId: number;
  member: Member;
  onClose: () => void;
}) {
  const { t } = useT("organisation");
  const toast = useToast();
  const update = useUpdateMember(organisationId);
  const [role, setRole] = useState(member.role);
  const [scope, setScope] = useState(member.scope);
  const [error, setError] = useState<Shown | null>(null);
  const unchanged = role === member.role && scope === member.scope;

  const save = () => {
    setError(null);
    update.mutate(
      {
        organisationId,
        memberId: member.id,
        change: { ...(role === member.role ? {} : { role }), ...(scope === member.scope ? {} : { scope }) },
      },
      {
        onSuccess: (changed) => {
          toast.success(t("organisation.members.changed", { name: changed.fullName }));
          onClose();
        },
        onError: (failure) => setError(shownOf(failure)),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("organisation.members.changeTitle", { name: member.fullName })}
      className="sm:max-w-lg"
    >
      <div className="space-y-4">
        {error ? <Alert tone="error" message={error} /> : null}
        <RoleFields idPrefix="change-member" role={role} scope={scope} onRole={setRole} onScope={setScope} />
        <p className="text-sm text-slate-700">
          {t("organisation.members.changeWarning", { name: member.fullName })}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" className="min-h-11" onClick={onClose} disabled={update.isPending}>
            {t("common.cancel")}
          </Button>
          <Button className="min-h-11" isLoading={update.isPending} disabled={unchanged} onClick={save}>
            {t("organisation.members.confirmChange")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function RemoveMemberDialog({
  organisationId,
  member,
  onClose,
}: {
  organisationId: number;
  member: Member;
  onClose: () => void;
}) {
  const { t } = useT("organisation");
  const toast = useToast();
  const remove = useRemoveMember(organisationId);
  return (
    <ConfirmAction
      open
      title={t("organisation.members.removeTitle")}
      confirmLabel={t("organisation.members.remove")}
      onClose={onClose}
      action={async () => {
        await remove.mutateAsync({ organisationId, memberId: member.id });
        toast.success(t("organisation.members.removed", { name: member.fullName }));
      }}
    >
      <p>{t("organisation.members.removeConfirm", { name: member.fullName })}</p>
    </ConfirmAction>
  );
}

function LeaveSection({ organisationId, selfId }: { organisationId: number; selfId: number }) {
  const { t } = useT("organisation");
  const navigate = useNavigate();
  const remove = useRemoveMember(organisationId);
  const [open, setOpen] = useState(false);
  const leave = async () => {
    const token = getToken();
    await remove.mutateAsync({ organisationId, memberId: selfId });
    logout("user");
    // The server ended the membership; its refresh cookie must not bring the session back.
    void endServerSession(token, "customer");
    void navigate(paths.login.href(), { replace: true });
  };
  return (
    <section aria-labelledby="leave-heading" className="rounded-lg border border-red-200 bg-white p-4">
      <h2 id="leave-heading" className="text-base font-semibold text-slate-900">
        {t("organisation.leave.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("organisation.leave.intro")}</p>
      <Button
        variant="outline"
        className="mt-3 min-h-11 text-red-800"
        icon={<LogOut aria-hidden="true" className="h-4 w-4" />}
        onClick={() => setOpen(true)}
      >
        {t("organisation.leave.button")}
      </Button>
      <ConfirmAction
        open={open}
        title={t("organisation.leave.confirmTitle")}
        confirmLabel={t("organisation.leave.button")}
        onClose={() => setOpen(false)}
        action={leave}
      >
        <p>{t("organisation.leave.confirm")}</p>
      </ConfirmAction>
    </section>
  );
}
