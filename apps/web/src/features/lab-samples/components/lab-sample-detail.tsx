import { ArrowLeft, FlaskConical, PackageCheck } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";

import type { Agent, LabSample, SampleEvent } from "@lab/contracts";

import { Panel } from "@/components/lab/panel";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
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

import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

import { useAssignAgent } from "../api/assign-agent";
import { useLabSample, type LabSampleDetail as Detail } from "../api/get-lab-sample";
import { useMoveSampleStatus } from "../api/move-sample-status";
import { useUnassignAgent } from "../api/unassign-agent";
import { etaToIso } from "../utils/eta";
import { needsAgent } from "./sample-queue";
import { SampleCustody } from "./sample-custody";
import { SampleLabels } from "./sample-labels";

/** What the field agent's picker is given: the sample, and assign/unassign done here. */
export interface AgentSlotProps {
  sample: LabSample;
  busy: boolean;
  onAssign: (agent: Agent) => void;
  onUnassign: () => void;
}

/**
 * The parts of the page other features own, composed by the screen: the agent picker, the results
 * (review and entry) and the reports with their revocation. onError shows a failure with the page's
 * other action errors.
 */
export interface SampleDetailSlots {
  agentPanel: (props: AgentSlotProps) => ReactNode;
  results: (detail: Detail) => ReactNode;
  reports: (detail: Detail, onError: (error: Shown | null) => void) => ReactNode;
  /** The sample's SMS and WhatsApp messages. */
  messages?: (sampleId: number) => ReactNode;
}

function BackLink() {
  const { t } = useT("lab");
  return (
    <Link to={paths.lab.href()} className={buttonClasses("outline", "sm")}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t("lab.detail.back")}
    </Link>
  );
}

/**
 * One sample in the console: customer, sample, timeline, chain of custody, agent, status moves, container
 * labels, results, revoke.
 */
export function LabSampleDetail({ sampleId, ...slots }: { sampleId: string } & SampleDetailSlots) {
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
  return <DetailView detail={detail.data} {...slots} />;
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

function DetailView({
  detail,
  agentPanel,
  results,
  reports,
  messages,
}: { detail: Detail } & SampleDetailSlots) {
  const { sample, events } = detail;
  const { t, date } = useT("lab");
  const names = useDomainNames();
  const toast = useToast();
  const [actionError, setActionError] = useState<Shown | null>(null);
  const [eta, setEta] = useState("");
  const assign = useAssignAgent();
  const unassign = useUnassignAgent();
  const move = useMoveSampleStatus();

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
                [
                  t("lab.detail.collectorNotes"),
                  sample.collectorNotes ? (
                    <span className="whitespace-pre-line">{sample.collectorNotes}</span>
                  ) : (
                    "—"
                  ),
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
          <Panel title={t("lab.custody.title")} id="custody-title">
            <SampleCustody sampleId={sample.id} />
          </Panel>
          {messages ? messages(sample.id) : null}
        </div>

        <section aria-labelledby="actions-title" className="space-y-4">
          <h2 id="actions-title" className="sr-only">
            {t("lab.detail.actions")}
          </h2>
          {actionError ? <Alert tone="error" message={actionError} /> : null}

          {sample.status === "PENDING" || sample.status === "COLLECTING" ? (
            <Panel title={t("lab.detail.fieldAgent")} id="agent-title">
              {agentPanel({
                sample,
                busy: assign.isPending || unassign.isPending,
                onAssign: (agent) =>
                  run(
                    assign.mutateAsync({ sampleId: sample.id, agentId: agent.id }),
                    t("lab.detail.agentAssigned", { agent: agent.name, id: sample.id }),
                  ),
                onUnassign: () =>
                  run(unassign.mutateAsync(sample.id), t("lab.detail.agentUnassigned", { id: sample.id })),
              })}
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

          <Panel title={t("lab.labels.title")} id="labels-title">
            <SampleLabels sampleId={sample.id} />
          </Panel>

          {results(detail)}

          {reports(detail, setActionError)}
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
