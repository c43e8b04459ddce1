import { Ban, Hourglass, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import type { RevocationRequest } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

import { useCancelRevocation } from "../api/cancel-revocation";
import { useConfirmRevocation } from "../api/confirm-revocation";
import { useCurrentStaff } from "@/hooks/use-current-staff";
import { hasRole } from "@/lib/lab-staff-roles";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

const errorText = (error: unknown) => shownOf(error);

/**
 * Open revocation requests, each waiting for a second person: a different reviewer or admin confirms
 * (the report is then revoked) or cancels; the requester may only cancel their own.
 */
export function RevocationRequests({
  requests,
  linkToSample = false,
}: {
  requests: readonly RevocationRequest[];
  /** On the console's Revocations page each request links to its sample. */
  linkToSample?: boolean;
}) {
  const { t } = useT("lab");
  if (requests.length === 0) return <p className="text-sm text-slate-700">{t("lab.revocations.empty")}</p>;
  return (
    <ul aria-label={t("lab.revocations.label")} className="space-y-3">
      {requests.map((request) => (
        <RevocationRequestItem key={request.id} request={request} linkToSample={linkToSample} />
      ))}
    </ul>
  );
}

function RevocationRequestItem({
  request,
  linkToSample,
}: {
  request: RevocationRequest;
  linkToSample: boolean;
}) {
  const { t, date } = useT("lab");
  const names = useDomainNames();
  const toast = useToast();
  const me = useCurrentStaff();
  const confirm = useConfirmRevocation();
  const cancel = useCancelRevocation();
  const [error, setError] = useState<Shown | null>(null);
  const mine = me?.id === request.requestedBy.id;
  const mayDecide = hasRole(me, "reviewer") || hasRole(me, "admin");
  const title = t("lab.revocations.report", { id: request.reportId, sampleId: request.sampleId });

  const run = (action: Promise<unknown>, done: string) => {
    setError(null);
    action.then(
      () => toast.success(done),
      (failure: unknown) => setError(errorText(failure)),
    );
  };

  return (
    <li className="min-w-0 space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
      <p className="flex items-start gap-2 font-semibold break-words">
        <Hourglass aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" />
        {linkToSample ? (
          <Link
            to={paths.labSample.href(request.sampleId)}
            className="inline-flex min-h-11 min-w-0 items-center text-teal-800 underline lg:min-h-0"
          >
            {title}
          </Link>
        ) : (
          <span className="min-w-0">{title}</span>
        )}
        {request.certification ? (
          <span className="font-mono font-normal break-all">{request.certification}</span>
        ) : null}
      </p>
      <dl className="grid gap-1">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{t("lab.revocations.reason")}</dt>
          <dd className="break-words">{names.revocationReason(request.reasonCode)}</dd>
        </div>
        {request.note ? (
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{t("lab.revocations.note")}</dt>
            <dd className="break-words whitespace-pre-line">{request.note}</dd>
          </div>
        ) : null}
      </dl>
      <p className="break-words text-slate-700">
        {t("lab.revocations.asked", {
          name: request.requestedBy.name,
          date: date(request.requestedAt, "dateTime"),
        })}
      </p>
      {mine ? <p className="text-slate-700">{t("lab.revocations.yours")}</p> : null}
      {error ? <Alert tone="error" message={error} /> : null}
      {mayDecide ? (
        <div className="flex flex-wrap gap-2">
          {mine ? null : (
            <Button
              variant="danger"
              className="min-h-11"
              isLoading={confirm.isPending}
              disabled={cancel.isPending}
              icon={<Ban aria-hidden="true" className="h-4 w-4" />}
              onClick={() =>
                run(confirm.mutateAsync(request.id), t("lab.detail.reportRevoked", { id: request.reportId }))
              }
            >
              {t("lab.revocations.confirm")}
            </Button>
          )}
          <Button
            variant="outline"
            className="min-h-11"
            isLoading={cancel.isPending}
            disabled={confirm.isPending}
            icon={<X aria-hidden="true" className="h-4 w-4" />}
            onClick={() => run(cancel.mutateAsync(request.id), t("lab.revocations.cancelled"))}
          >
            {t("lab.revocations.cancel")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
