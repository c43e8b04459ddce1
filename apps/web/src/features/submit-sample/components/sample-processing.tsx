import { CheckCircle2, Info } from "lucide-react";
import { Link } from "react-router";

import {
  PROCESSING_STAGES,
  type Notification,
  type ProcessingStage,
  type Sample,
  type SampleStatus,
} from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { SampleRevocation } from "@/components/samples/sample-revocation";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { paths } from "@/config/paths";
import { useNotifications } from "@/lib/api/get-notifications";
import { useSample } from "@/lib/api/get-sample";
import { StatusBadge } from "@/components/ui/status-badge";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";
import { parseAssigned, testTypeList } from "@/utils/sample-status";

/** The processing stage a sample's status stands for (docs/product-rules.md, Statuses). */
export function processingStageOf(status: SampleStatus): ProcessingStage {
  switch (status) {
    case "PENDING":
      return "submitted";
    case "COLLECTING":
    case "COLLECTED":
      return "agent-assigned";
    // Refused at reception: it got no further than collection.
    case "REJECTED":
      return "agent-assigned";
    case "TESTING":
      return "testing";
    case "COMPLETED":
      return "completed";
  }
}

const isStage = (value: string | undefined): value is ProcessingStage =>
  value !== undefined && Object.hasOwn(PROCESSING_STAGES, value);

/**
 * The stage and agent from the newest notification for the sample that carries a stage; the list is
 * newest first. Null when none has arrived yet.
 */
export function stageFromNotifications(
  notifications: readonly Notification[],
  sampleId: number,
): { stage: ProcessingStage; agent: string | null } | null {
  const newest = notifications.find((item) => item.sampleId === sampleId && isStage(item.data.stage));
  if (!newest || !isStage(newest.data.stage)) return null;
  const agent = notifications.find((item) => item.sampleId === sampleId && item.data.agent)?.data.agent;
  return { stage: newest.data.stage, agent: agent ?? null };
}

const STAGE_ORDER = Object.keys(PROCESSING_STAGES) as ProcessingStage[];
const STAGE_NAMES: Record<ProcessingStage, MessageKey<"samples">> = {
  submitted: "samples.processing.stage.submitted",
  "agent-assigned": "samples.processing.stage.agentAssigned",
  testing: "samples.processing.stage.testing",
  completed: "samples.processing.stage.completed",
};
/** The progress label of each stage (contracts' PROCESSING_STAGES label, in the catalogue). */
const STAGE_LABELS: Record<ProcessingStage, MessageKey<"samples">> = {
  submitted: "samples.processing.label.submitted",
  "agent-assigned": "samples.processing.label.agentAssigned",
  testing: "samples.processing.label.testing",
  completed: "samples.processing.label.completed",
};

/** After submission: progress, the Submission Summary, 'What happens next?' and the way on. */
export function SampleProcessing({
  submitted,
  onSubmitAnother,
}: {
  submitted: Sample;
  onSubmitAnother: () => void;
}) {
  // No polling: the live connection updates the sample and the notifications in the cache.
  const live = useSample(String(submitted.id));
  const notifications = useNotifications();
  const { t, date, number } = useT("samples", "domain");
  const names = useDomainNames();
  const sample = live.data ?? submitted;
  const fromNotifications = stageFromNotifications(notifications.data ?? [], sample.id);
  const stage = fromNotifications?.stage ?? processingStageOf(sample.status);
  const agent =
    stage === "agent-assigned"
      ? (fromNotifications?.agent ?? parseAssigned(sample.assigned)?.name ?? null)
      : null;
  const { percent } = PROCESSING_STAGES[stage];
  const label = t(STAGE_LABELS[stage]);
  const stageIndex = STAGE_ORDER.indexOf(stage);

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold break-words text-slate-900">{t("samples.processing.title")}</h1>
        <p className="flex items-center gap-1.5 text-sm text-green-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
          {t("samples.processing.submitted", { id: sample.id })}
        </p>
      </div>

      <Card>
        <CardBody className="space-y-3">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span id="processing-label" className="min-w-0 font-medium break-words text-slate-900">
              {label}
            </span>
            <span className="font-semibold text-teal-800">{number(percent)}%</span>
          </div>
          {agent ? (
            <p className="text-sm text-slate-700">
              {t("samples.processing.agent")} <span className="font-medium text-slate-900">{agent}</span>
            </p>
          ) : null}
          <SampleRevocation sample={sample} />
          {sample.status === "REJECTED" ? (
            <p className="rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm break-words text-gray-900">
              {t("samples.processing.rejected")}{" "}
              <Link to={paths.timeline.href(sample.id)} className="font-medium text-teal-800 underline">
                {t("samples.processing.rejectedLink")}
              </Link>
            </p>
          ) : null}
          <div
            role="progressbar"
            aria-labelledby="processing-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-3 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-teal-600 transition-all"
              style={{ width: `${percent}%` }}
            />
          </div>
          <ol className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-4">
            {STAGE_ORDER.map((name, index) => (
              <li
                key={name}
                aria-current={index === stageIndex ? "step" : undefined}
                className={cn(
                  "rounded-md px-2 py-1 text-center font-medium break-words",
                  index <= stageIndex ? "bg-teal-100 text-teal-900" : "bg-slate-100 text-slate-700",
                )}
              >
                {t("samples.processing.stageWithPercent", {
                  name: t(STAGE_NAMES[name]),
                  percent: number(PROCESSING_STAGES[name].percent),
                })}
              </li>
            ))}
          </ol>
        </CardBody>
      </Card>

      <Card>
        <CardBody>
          <h2 className="text-lg font-semibold text-slate-900">{t("samples.processing.summary")}</h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <SummaryItem label={t("samples.processing.sampleId")} value={`#${sample.id}`} />
            <div>
              <dt className="text-xs font-medium text-slate-600">{t("samples.field.status")}</dt>
              <dd>
                <StatusBadge status={sample.status} />
              </dd>
            </div>
            <SummaryItem label={t("samples.processing.provider")} value={sample.samplerName} />
            <SummaryItem label={t("samples.field.phoneNumber")} value={sample.phoneNumber} />
            <SummaryItem label={t("samples.field.location")} value={sample.samplerLocation} />
            <SummaryItem
              label={t("samples.field.shrimpCategory")}
              value={names.category(sample.shrimpCategory)}
            />
            <SummaryItem
              label={t("samples.field.testTypes")}
              value={testTypeList(sample.shrimpSubCategory, names.testType)}
            />
            <SummaryItem
              label={t("samples.processing.markets")}
              value={
                sample.markets.length > 0 ? sample.markets.join(", ") : t("samples.processing.noMarkets")
              }
            />
            {sample.emailAddress ? (
              <SummaryItem label={t("samples.field.emailAddress")} value={sample.emailAddress} />
            ) : null}
            <SummaryItem
              label={t("samples.processing.submittedAt")}
              value={date(sample.createdAt, "dateTime")}
            />
          </dl>
        </CardBody>
      </Card>

      <section
        aria-labelledby="next-title"
        className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 sm:p-5"
      >
        <h2 id="next-title" className="flex items-center gap-2 text-base font-semibold">
          <Info aria-hidden="true" className="h-5 w-5" />
          {t("samples.processing.next.title")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("samples.processing.next.agent")}</li>
          <li>{t("samples.processing.next.testing")}</li>
          <li>{t("samples.processing.next.follow")}</li>
        </ul>
        <p className="mt-3 font-medium">{t("samples.processing.note.title")}</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>{t("samples.processing.note.preserve")}</li>
          <li>{t("samples.processing.note.contact")}</li>
        </ul>
      </section>

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {sample.status === "COMPLETED" ? (
          <Link
            to={sample.reportId === null ? paths.reports.href() : paths.report.href(sample.reportId)}
            className={buttonClasses("primary")}
          >
            {t("samples.processing.viewResults")}
          </Link>
        ) : null}
        <Link to={paths.samples.href({ highlight: sample.id })} className={buttonClasses("secondary")}>
          {t("samples.processing.viewAll")}
        </Link>
        <Link to={paths.dashboard.href()} className={buttonClasses("outline")}>
          {t("samples.processing.backToDashboard")}
        </Link>
        <Button variant="outline" onClick={onSubmitAnother}>
          {t("samples.processing.submitAnother")}
        </Button>
      </div>
    </div>
  );
}

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{value}</dd>
    </div>
  );
}
