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
import { formatDateTime } from "@/utils/dates";
import { EventHistory } from "@/components/samples/event-history";
import { parseAssigned } from "@/utils/sample-status";
import { formatPhone } from "@/lib/phone";

import { useAssignAgent } from "../api/assign-agent";
import { useLabSample, type LabSampleDetail as Detail } from "../api/get-lab-sample";
import { useMoveSampleStatus } from "../api/move-sample-status";
import { useRevokeReport } from "../api/revoke-report";
import { useUnassignAgent } from "../api/unassign-agent";
import { useCurrentStaff } from "../hooks/use-current-staff";
import { etaToIso } from "../utils/agents";
import { hasRole } from "../utils/staff-roles";
import { AgentPanel } from "./agent-panel";
import { needsAgent } from "./sample-queue";
import { ReportList } from "./report-list";
import { ANALYSIS_STATE_LABELS, ResultsEntry } from "./results-entry";
import { ResultsReview } from "./results-review";

const backLink = (
  <Link to={paths.lab.href()} className={buttonClasses("outline", "sm")}>
    <ArrowLeft aria-hidden="true" className="h-4 w-4" />
    Back to Queue
  </Link>
);

/** One sample in the console: customer, sample, timeline, agent, status moves, results, revoke. */
export function LabSampleDetail({ sampleId }: { sampleId: string }) {
  const detail = useLabSample(sampleId);
  if (detail.isError) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-8">
        <Alert tone="error">{detail.error.message}</Alert>
        {backLink}
      </div>
    );
  }
  if (detail.isPending) return <LoadingState label="Loading sample..." />;
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
  const me = useCurrentStaff();
  const may = (role: StaffRole) => hasRole(me, role);
  const reports = detail.reports.length > 0 ? detail.reports : report ? [report] : [];
  // A revoked report leaves the sample COMPLETED; results entered now issue its replacement.
  const amending = sample.status === "COMPLETED" && report !== null && report.status === "revoked";
  const entryOpen = sample.status === "TESTING" || amending;
  const reviewOpen = entryOpen && analysis?.state === "awaiting_review";
  const toast = useToast();
  const [actionError, setActionError] = useState<string | null>(null);
  const [eta, setEta] = useState("");
  const assign = useAssignAgent();
  const unassign = useUnassignAgent();
  const move = useMoveSampleStatus();
  const revoke = useRevokeReport();

  const run = <T,>(promise: Promise<T>, done: string) => {
    setActionError(null);
    promise.then(
      () => toast.success(done),
      (error: unknown) => setActionError(error instanceof Error ? error.message : String(error)),
    );
  };

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900">
            Sample #{sample.id} <StatusBadge status={sample.status} />
          </h1>
          <p className="text-sm text-slate-700">
            {sample.shrimpCategory} · submitted {formatDateTime(sample.createdAt)}
          </p>
        </div>
        {backLink}
      </div>

      {needsAgent(sample) ? (
        <Alert tone="warning">No agent yet: the dispatcher found no active agent. Assign one below.</Alert>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <Panel title="Customer" id="customer-title">
            <Facts
              rows={[
                ["Name", sample.customerName],
                ["Company", sample.company ?? "—"],
                ["Email", sample.customerEmail],
              ]}
            />
          </Panel>
          <Panel title="Sample" id="sample-title">
            <Facts
              rows={[
                ["Sampler Name", sample.samplerName],
                ["Phone", sample.phoneNumber],
                ["Email", sample.emailAddress ?? "Not provided"],
                ["Location", sample.samplerLocation || "No location specified"],
                [
                  "Coordinates",
                  sample.coordinates
                    ? `${sample.coordinates.lat.toFixed(5)}, ${sample.coordinates.lng.toFixed(5)}`
                    : "—",
                ],
                ["Current Agent", agentText(sample.assigned)],
                ["Testing ETA", sample.testingEta ? formatDateTime(sample.testingEta) : "—"],
                ["Last Updated", formatDateTime(sample.updatedAt)],
              ]}
            />
            <div>
              <h3 className="text-xs font-medium text-slate-600">Requested test types</h3>
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {sample.testTypes.map((type) => (
                  <li
                    key={type}
                    className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-medium text-sky-900"
                  >
                    {type}
                  </li>
                ))}
              </ul>
            </div>
          </Panel>
          <Panel title="Timeline" id="timeline-title">
            <Timeline events={events} />
          </Panel>
        </div>

        <section aria-labelledby="actions-title" className="space-y-4">
          <h2 id="actions-title" className="sr-only">
            Actions
          </h2>
          {actionError ? <Alert tone="error">{actionError}</Alert> : null}

          {sample.status === "PENDING" || sample.status === "COLLECTING" ? (
            <Panel title="Field Agent" id="agent-title">
              <AgentPanel
                sample={sample}
                busy={assign.isPending || unassign.isPending}
                onAssign={(agent) =>
                  run(
                    assign.mutateAsync({ sampleId: sample.id, agentId: agent.id }),
                    `${agent.name} assigned to sample #${sample.id}`,
                  )
                }
                onUnassign={() =>
                  run(unassign.mutateAsync(sample.id), `Agent unassigned from sample #${sample.id}`)
                }
              />
            </Panel>
          ) : null}

          {sample.status === "COLLECTING" ? (
            <Panel title="Collection" id="collection-title">
              <p className="text-sm text-slate-700">
                When the agent brings the sample in, mark it collected.
              </p>
              <Button
                isLoading={move.isPending}
                icon={<PackageCheck aria-hidden="true" className="h-4 w-4" />}
                onClick={() =>
                  run(
                    move.mutateAsync({ sampleId: sample.id, move: { status: "COLLECTED" } }),
                    `Sample #${sample.id} marked collected`,
                  )
                }
              >
                Mark Collected
              </Button>
            </Panel>
          ) : null}

          {sample.status === "COLLECTED" ? (
            <Panel title="Testing" id="testing-title">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                <Field id="testing-eta" label="Testing ETA (optional)" className="flex-1">
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
                      `Testing of sample #${sample.id} started`,
                    );
                  }}
                >
                  Start Testing
                </Button>
              </div>
            </Panel>
          ) : null}

          {reviewOpen && analysis ? (
            <Panel title="Review Results" id="review-title">
              <ResultsReview
                sampleId={sample.id}
                analysis={analysis}
                staffId={me?.id ?? 0}
                canReview={may("reviewer")}
              />
            </Panel>
          ) : null}

          {entryOpen ? (
            <Panel title={reviewOpen ? "Correct Results" : "Enter Results"} id="results-title">
              {analysis && analysis.state !== "released" ? (
                <p className="text-sm text-slate-700">
                  Round {analysis.round}: {ANALYSIS_STATE_LABELS[analysis.state]}
                </p>
              ) : amending ? (
                <p className="text-sm text-slate-700">
                  The report was revoked: the results entered now issue its replacement.
                </p>
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
                <Alert tone="info">Results are entered by an analyst.</Alert>
              )}
            </Panel>
          ) : null}

          {reports.length > 0 ? (
            <Panel title={reports.length > 1 ? "Reports" : "Report"} id="report-title">
              <ReportList
                reports={reports}
                revoking={revoke.isPending}
                onRevoke={(one, reason) =>
                  run(revoke.mutateAsync({ reportId: one.id, reason }), `Report #${one.id} revoked`)
                }
              />
            </Panel>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** "Suresh Reddy · +91 94400 12345", not the stored "Suresh Reddy-+919440012345". */
function agentText(assigned: string): string {
  const agent = parseAssigned(assigned);
  if (!agent) return "None";
  return agent.phone ? `${agent.name} · ${formatPhone(agent.phone)}` : agent.name;
}

function Timeline({ events }: { events: readonly SampleEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-700">No events yet.</p>;
  return <EventHistory events={events} />;
}
