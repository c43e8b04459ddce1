import {
  EMAIL_MAX,
  createInvitationRequestSchema,
  type Invitation,
  type MemberRole,
  type MemberScope,
} from "@lab/contracts";
import { MailPlus, RotateCcw, Send, X } from "lucide-react";
import { useState, type FormEvent } from "react";

import { ROLE_LABELS, SCOPE_LABELS } from "@/components/organisation/member-labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { isApiError, shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useCreateInvitation } from "../api/create-invitation";
import { useInvitations } from "../api/get-invitations";
import { useResendInvitation } from "../api/resend-invitation";
import { useRevokeInvitation } from "../api/revoke-invitation";
import { RoleFields } from "./role-fields";

// The server's refusals that are about the address typed: they stand under the e-mail field.
const EMAIL_REFUSALS = new Set(["invitation_pending", "already_member", "invitation_email_taken"]);

/** Admins: invite by e-mail with a role and scope; the pending invitations, re-sent or revoked. */
export function InviteSection({ organisationId }: { organisationId: number }) {
  const { t } = useT("organisation");
  return (
    <section aria-labelledby="invite-heading" className="space-y-3">
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
        {t("organisation.invite.title")}
      </h2>
      <InviteForm organisationId={organisationId} />
      <PendingInvitations organisationId={organisationId} />
    </section>
  );
}

function InviteForm({ organisationId }: { organisationId: number }) {
  const { t } = useT("organisation");
  const toast = useToast();
  const invite = useCreateInvitation(organisationId);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>("full");
  const [scope, setScope] = useState<MemberScope>("all");
  const [emailError, setEmailError] = useState<Shown | undefined>();
  const [banner, setBanner] = useState<Shown | null>(null);
  const { ref, reveal } = useErrorReveal();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const parsed = createInvitationRequestSchema.safeParse({ email, role, scope });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      reveal();
      return;
    }
    setEmailError(undefined);
    invite.mutate(
      { organisationId, invitation: parsed.data },
      {
        onSuccess: (sent) => {
          toast.success(t("organisation.invite.sent", { email: sent.email }));
          setEmail("");
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.messageCode && EMAIL_REFUSALS.has(failure.messageCode))
            setEmailError(failure.shown);
          else setBanner(shownOf(failure));
          reveal();
        },
      },
    );
  };

  return (
    <Card>
      <CardBody>
        <form
          ref={ref}
          onSubmit={submit}
          noValidate
          aria-label={t("organisation.invite.formLabel")}
          className="space-y-3"
        >
          <p className="text-sm text-slate-700">{t("organisation.invite.intro")}</p>
          <ErrorBanner message={banner} />
          <Field id="invite-email" label={t("organisation.fields.email")} error={emailError} required>
            <Input
              id="invite-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              className="min-h-11"
              maxLength={EMAIL_MAX}
              value={email}
              invalid={Boolean(emailError)}
              aria-required="true"
              aria-describedby={describedBy("invite-email", emailError)}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError(undefined);
              }}
            />
          </Field>
          <RoleFields idPrefix="invite" role={role} scope={scope} onRole={setRole} onScope={setScope} />
          <Button
            type="submit"
            className="min-h-11 w-full sm:w-auto"
            isLoading={invite.isPending}
            icon={<MailPlus aria-hidden="true" className="h-4 w-4" />}
          >
            {t("organisation.invite.submit")}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

type Pending = { kind: "resend" | "revoke"; invitation: Invitation };

function PendingInvitations({ organisationId }: { organisationId: number }) {
  const { t, date } = useT("organisation");
  const toast = useToast();
  const invitations = useInvitations(organisationId);
  const resend = useResendInvitation(organisationId);
  const revoke = useRevokeInvitation(organisationId);
  const [asking, setAsking] = useState<Pending | null>(null);
  const [error, setError] = useState<Shown | null>(null);

  const confirm = () => {
    if (!asking) return;
    const { invitation } = asking;
    const ids = { organisationId, invitationId: invitation.id };
    const onError = (failure: unknown) => setError(shownOf(failure));
    setError(null);
    if (asking.kind === "resend") {
      resend.mutate(ids, {
        onSuccess: () => {
          toast.success(t("organisation.invitations.resent", { email: invitation.email }));
          setAsking(null);
        },
        onError,
      });
    } else {
      revoke.mutate(ids, {
        onSuccess: () => {
          toast.success(t("organisation.invitations.revoked", { email: invitation.email }));
          setAsking(null);
        },
        onError,
      });
    }
  };

  if (invitations.isError) return <Alert tone="error" message={shownOf(invitations.error)} />;
  if (invitations.isPending) return <LoadingState label={t("organisation.invitations.loading")} />;
  return (
    <div className="space-y-2">
      <h3 className="text-base font-semibold text-slate-900">{t("organisation.invitations.title")}</h3>
      {invitations.data.length === 0 ? (
        <p className="text-sm text-slate-700">{t("organisation.invitations.empty")}</p>
      ) : (
        <ul aria-label={t("organisation.invitations.title")} className="space-y-2">
          {invitations.data.map((invitation) => (
            <li
              key={invitation.id}
              className="rounded-lg border border-slate-200 bg-white p-3 text-sm [overflow-wrap:anywhere]"
            >
              <p className="font-medium text-slate-900">{invitation.email}</p>
              <p className="text-slate-700">
                {t(ROLE_LABELS[invitation.role])} · {t(SCOPE_LABELS[invitation.scope])}
              </p>
              <p className="text-xs text-slate-600">
                {t("organisation.invitations.expires", { date: date(invitation.expiresAt, "date") })}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  className="min-h-11"
                  icon={<RotateCcw aria-hidden="true" className="h-4 w-4" />}
                  aria-label={t("organisation.invitations.resendTo", { email: invitation.email })}
                  onClick={() => {
                    setError(null);
                    setAsking({ kind: "resend", invitation });
                  }}
                >
                  {t("organisation.invitations.resend")}
                </Button>
                <Button
                  variant="outline"
                  className="min-h-11 text-red-800"
                  icon={<X aria-hidden="true" className="h-4 w-4" />}
                  aria-label={t("organisation.invitations.revokeTo", { email: invitation.email })}
                  onClick={() => {
                    setError(null);
                    setAsking({ kind: "revoke", invitation });
                  }}
                >
                  {t("organisation.invitations.revoke")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={
          asking?.kind === "revoke"
            ? t("organisation.invitations.revokeTitle")
            : t("organisation.invitations.resendTitle")
        }
        confirmLabel={
          asking?.kind === "revoke"
            ? t("organisation.invitations.revoke")
            : t("organisation.invitations.resend")
        }
        tone={asking?.kind === "revoke" ? "danger" : "primary"}
        busy={resend.isPending || revoke.isPending}
        onClose={() => setAsking(null)}
        onConfirm={confirm}
      >
        {error ? <Alert tone="error" message={error} /> : null}
        <p className="flex items-start gap-2">
          <Send aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            {asking?.kind === "revoke"
              ? t("organisation.invitations.revokeConfirm", { email: asking.invitation.email })
              : t("organisation.invitations.resendConfirm", { email: asking?.invitation.email ?? "" })}
          </span>
        </p>
      </ConfirmDialog>
    </div>
  );
}
