import { ArrowLeft, FlaskConical, PackageCheck } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";

import type { SampleEvent, StaffRole } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { StatusBadge } from "@/components/ui/status-badge";
import { EventHistory } from "@/components/samples/event-history";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";
import { parseAssigned } from "@/utils/sample-status";
import { formatPhone } from "@/lib/phone";

import { useAssignAgent } from "../api/assign-agent";
import { useLabSample, type LabSampleDetail as Detail } from "../api/get-lab-sample";
import { useMoveSampleStatus } from "../api/move-sample-status";
import { useRevocations } from "../api/get-revocations";
import { useRevokeReport } from "../api/revoke-report";
import { useUnassignAgent } from "../api/unassign-agent";
import { useCurrentStaff } from "@/hooks/use-current-staff";
import { etaToIso } from "../utils/agents";
import { hasRole } from "@/lib/lab-staff-roles";
import { AgentPanel } from "./agent-panel";
import { needsAgent } from "./sample-queue";
import { ReportList } from "./report-list";
import { ANALYSIS_STATE_LABELS, ResultsEntry } from "./results-entry";
import { ResultsReview } from "./results-review";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

function BackLink() {
  const { t } = useT("lab");
  return (
    <Link to={paths.lab.href()} className={buttonClasses("outline", "sm")}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t("lab.detail.back")}
    </Link>
  );
}

/** One sample in the console: customer, sample, timeline, agent, status moves, results, revoke. */
export function LabSampleDetail({ sampleId }: { sampleId: string }) {
  const { t } = useT("lab");
  const detail = useLabSample(sampleId);
  if (detail.isError) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-8">
        <Alert tone="error" message={detail.error.message} />
        <BackLink />
      </div>
    );
  }
  if (detail.isPending) return <LoadingState label={t("lab.detail.loading")} />;
  return <DetailView detail={detail.data} />;
}

function Panel({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card>
      <CardBody className="space-y-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </CardBody>
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-sm break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailView({ detail }: { detail: Detail }) {
  const { sample, events, report, analysis } = detail;
  const { t, date } = useT("lab");
  const names = useDomainNames();
  const me = useCurrentStaff();
  const may = (role: StaffRole) => hasRole(me, role);
  const reports = detail.reports.length > 0 ? detail.reports : report ? [report] : [];
  // A revoked report leaves the sample COMPLETED; results entered now issue its replacement.
  const amending = sample.status === "COMPLETED" && report !== null && report.status === "revoked";
  const entryOpen = sample.status === "TESTING" || amending;
  const reviewOpen = entryOpen && analysis?.state === "awaiting_review";
  const toast = useToast();
  const [actionError, setActionError] = useState<Shown | null>(null);
  const [eta, setEta] = useState("");
  const assign = useAssignAgent();
  const unassign = useUnassignAgent();
  const move = useMoveSampleStatus();
  const revoke = useRevokeReport();
  const revocations = useRevocations(sample.id);

  const run = <T,>(promise: Promise<T>, done: string) => {
    setActionError(null);
    promise.then(
      () => toast.success(done),
      (error: unknown) => setActionError(shownOf(error)),
    );
  };

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900">
            {t("lab.sampleTitle", { id: sample.id })} <StatusBadge status={sample.status} />
          </h1>
          <p className="text-sm break-words text-slate-700">
            {t("lab.detail.submitted", {
              category: names.category(sample.shrimpCategory),
              date: date(sample.createdAt, "dateTime"),
            })}
          </p>
        </div>
        <BackLink />
      </div>

      {needsAgent(sample) ? <Alert tone="warning">{t("lab.detail.noAgentNotice")}</Alert> : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <Panel title={t("lab.detail.customer")} id="customer-title">
            <Facts
              rows={[
                [t("lab.detail.name"), sample.customerName],
                [t("lab.detail.company"), sample.company ?? "—"],
                [t("lab.detail.email"), sample.customerEmail],
              ]}
            />
          </Panel>
          <Panel title={t("lab.detail.sample")} id="sample-title">
            <Facts
              rows={[
                [t("lab.detail.samplerName"), sample.samplerName],
                [t("lab.detail.phone"), sample.phoneNumber],
                [t("lab.detail.email"), sample.emailAddress ?? t("lab.detail.notProvided")],
                [t("lab.detail.location"), sample.samplerLocation || t("lab.detail.noLocation")],
                [
                  t("lab.detail.coordinates"),
                  sample.coordinates
                    ? `${sample.coordinates.lat.toFixed(5)}, ${sample.coordinates.lng.toFixed(5)}`
                    : "—",
                ],
                [t("lab.detail.currentAgent"), agentText(sample.assigned) ?? t("lab.detail.noAgent")],
                [t("lab.detail.testingEta"), sample.testingEta ? date(sample.testingEta, "dateTime") : "—"],
                [t("lab.detail.lastUpdated"), date(sample.updatedAt, "dateTime")],
              ]}
            />
            <div>
              <h3 className="text-xs font-medium text-slate-600">{t("lab.detail.testTypes")}</h3>
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {sample.testTypes.map((type) => (
                  <li
                    key={type}
                    className="max-w-full rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-medium break-words text-sky-900"
                  >
                    {names.testType(type)}
                  </li>
                ))}
              </ul>
            </div>
          </Panel>
          <Panel title={t("lab.detail.timeline")} id="timeline-title">
            <Timeline events={events} />
          </Panel>
        </div>

        <section aria-labelledby="actions-title" className="space-y-4">
          <h2 id="actions-title" className="sr-only">
            {t("lab.detail.actions")}
          </h2>
          {actionError ? <Alert tone="error" message={actionError} /> : null}

          {sample.status === "PENDING" || sample.status === "COLLECTING" ? (
            <Panel title={t("lab.detail.fieldAgent")} id="agent-title">
              <AgentPanel
                sample={sample}
                busy={assign.isPending || unassign.isPending}
                onAssign={(agent) =>
                  run(
                    assign.mutateAsync({ sampleId: sample.id, agentId: agent.id }),
                    t("lab.detail.agentAssigned", { agent: agent.name, id: sample.id }),
                  )
                }
                onUnassign={() =>
                  run(unassign.mutateAsync(sample.id), t("lab.detail.agentUnassigned", { id: sample.id }))
                }
              />
            </Panel>
          ) : null}

          {sample.status === "COLLECTING" ? (
            <Panel title={t("lab.detail.collection")} id="collection-title">
              <p className="text-sm text-slate-700">{t("lab.detail.collectionHint")}</p>
              <Button
                isLoading={move.isPending}
                icon={<PackageCheck aria-hidden="true" className="h-4 w-4" />}
                onClick={() =>
                  run(
                    move.mutateAsync({ sampleId: sample.id, move: { status: "COLLECTED" } }),
                    t("lab.detail.markedCollected", { id: sample.id }),
                  )
                }
              >
                {t("lab.detail.markCollected")}
              </Button>
            </Panel>
          ) : null}

          {sample.status === "COLLECTED" ? (
            <Panel title={t("lab.detail.testing")} id="testing-title">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                <Field id="testing-eta" label={t("lab.detail.testingEtaOptional")} className="min-w-0 flex-1">
                  <Input
                    id="testing-eta"
                    type="datetime-local"
                    value={eta}
                    onChange={(event) => setEta(event.target.value)}
                  />
                </Field>
                <Button
                  isLoading={move.isPending}
                  icon={<FlaskConical aria-hidden="true" className="h-4 w-4" />}
                  onClick={() => {
                    const testingEta = etaToIso(eta);
                    run(
                      move.mutateAsync({
                        sampleId: sample.id,
                        move: testingEta ? { status: "TESTING", testingEta } : { status: "TESTING" },
                      }),
                      t("lab.detail.testingStarted", { id: sample.id }),
                    );
                  }}
                >
                  {t("lab.detail.startTesting")}
                </Button>
              </div>
            </Panel>
          ) : null}

          {reviewOpen && analysis ? (
            <Panel title={t("lab.detail.reviewResults")} id="review-title">
              <ResultsReview
                sampleId={sample.id}
                analysis={analysis}
                staffId={me?.id ?? 0}
                canReview={may("reviewer")}
              />
            </Panel>
          ) : null}

          {entryOpen ? (
            <Panel
              title={reviewOpen ? t("lab.detail.correctResults") : t("lab.detail.enterResults")}
              id="results-title"
            >
              {analysis && analysis.state !== "released" ? (
                <p className="text-sm text-slate-700">
                  {t("lab.detail.round", {
                    round: analysis.round,
                    state: t(ANALYSIS_STATE_LABELS[analysis.state]),
                  })}
                </p>
              ) : amending ? (
                <p className="text-sm text-slate-700">{t("lab.detail.amending")}</p>
              ) : null}
              {may("analyst") ? (
                <ResultsEntry
                  // A new round (after a revoke) starts a new form; within a round what is typed stays.
                  key={amending && analysis?.state === "released" ? `amend-${analysis.round}` : "current"}
                  sampleId={sample.id}
                  markets={sample.markets}
                  panel={detail.panel}
                  analysis={amending && analysis?.state === "released" ? null : analysis}
                />
              ) : (
                <Alert tone="info">{t("lab.detail.analystOnly")}</Alert>
              )}
            </Panel>
          ) : null}

          {reports.length > 0 ? (
            <Panel
              title={reports.length > 1 ? t("lab.detail.reports") : t("lab.detail.report")}
              id="report-title"
            >
              <ReportList
                reports={reports}
                revocations={revocations.data ?? []}
                mayRevoke={may("reviewer") || may("admin")}
                revoking={revoke.isPending}
                onRevoke={(one, revocation) => {
                  setActionError(null);
                  revoke.mutateAsync({ reportId: one.id, ...revocation }).then(
                    (outcome) =>
                      toast.success(
                        outcome.kind === "requested"
                          ? t("lab.revoke.requested", { id: one.id })
                          : t("lab.detail.reportRevoked", { id: one.id }),
                      ),
                    (error: unknown) => setActionError(shownOf(error)),
                  );
                }}
              />
            </Panel>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** "Suresh Reddy · +91 94400 12345", not the stored "Suresh Reddy-+919440012345"; none: undefined. */
function agentText(assigned: string): string | undefined {
  const agent = parseAssigned(assigned);
  if (!agent) return undefined;
  return agent.phone ? `${agent.name} · ${formatPhone(agent.phone)}` : agent.name;
}

function Timeline({ events }: { events: readonly SampleEvent[] }) {
  const { t } = useT("lab");
  if (events.length === 0) return <p className="text-sm text-slate-700">{t("lab.detail.noEvents")}</p>;
  return <EventHistory events={events} />;
}
