import type { LabSampleDetail, StaffRole } from "@lab/contracts";

import { Panel } from "@/components/lab/panel";
import { useToast } from "@/components/ui/toast";
import { useCurrentStaff } from "@/hooks/use-current-staff";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";
import { hasRole } from "@/lib/lab-staff-roles";

import { useRevocations } from "../api/get-revocations";
import { useRevokeReport } from "../api/revoke-report";
import { ReportList } from "./report-list";

/**
 * The sample page's reports with their revocation: the open request, or the form to ask for one.
 * A failed request is shown with the page's other action errors (onError).
 */
export function SampleReports({
  detail,
  onError,
}: {
  detail: LabSampleDetail;
  onError: (error: Shown | null) => void;
}) {
  const { sample, report } = detail;
  const { t } = useT("lab");
  const toast = useToast();
  const me = useCurrentStaff();
  const may = (role: StaffRole) => hasRole(me, role);
  const revoke = useRevokeReport();
  const revocations = useRevocations(sample.id);
  const reports = detail.reports.length > 0 ? detail.reports : report ? [report] : [];
  if (reports.length === 0) return null;
  return (
    <Panel title={reports.length > 1 ? t("lab.detail.reports") : t("lab.detail.report")} id="report-title">
      <ReportList
        reports={reports}
        revocations={revocations.data ?? []}
        mayRevoke={may("reviewer") || may("admin")}
        revoking={revoke.isPending}
        onRevoke={(one, revocation) => {
          onError(null);
          revoke.mutateAsync({ reportId: one.id, ...revocation }).then(
            (outcome) =>
              toast.success(
                outcome.kind === "requested"
                  ? t("lab.revoke.requested", { id: one.id })
                  : t("lab.detail.reportRevoked", { id: one.id }),
              ),
            (error: unknown) => onError(shownOf(error)),
          );
        }}
      />
    </Panel>
  );
}
