import { CheckCircle2, Info } from "lucide-react";
import { Link } from "react-router";

import {
  PROCESSING_STAGES,
  type Notification,
  type ProcessingStage,
  type Sample,
  type SampleStatus,
} from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { paths } from "@/config/paths";
import { useNotifications } from "@/lib/api/get-notifications";
import { useSample } from "@/lib/api/get-sample";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDateTime } from "@/utils/dates";
import { parseAssigned } from "@/utils/sample-status";

/** The processing stage a sample's status stands for (spec section 4). */
export function processingStageOf(status: SampleStatus): ProcessingStage {
  switch (status) {
    case "PENDING":
      return "submitted";
    case "COLLECTING":
    case "COLLECTED":
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
 * The stage and agent from the newest notification for the sample that carries a stage (spec section
 * 4); the list is newest first. Null when none has arrived yet.
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
const STAGE_NAMES: Record<ProcessingStage, string> = {
  submitted: "Submitted",
  "agent-assigned": "Agent assigned",
  testing: "Testing",
  completed: "Completed",
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
  const sample = live.data ?? submitted;
  const fromNotifications = stageFromNotifications(notifications.data ?? [], sample.id);
  const stage = fromNotifications?.stage ?? processingStageOf(sample.status);
  const agent =
    stage === "agent-assigned"
      ? (fromNotifications?.agent ?? parseAssigned(sample.assigned)?.name ?? null)
      : null;
  const { percent, label } = PROCESSING_STAGES[stage];
  const stageIndex = STAGE_ORDER.indexOf(stage);

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Sample Processing</h1>
        <p className="flex items-center gap-1.5 text-sm text-green-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          Sample #{sample.id} was submitted successfully.
        </p>
      </div>

      <Card>
        <CardBody className="space-y-3">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span id="processing-label" className="font-medium text-slate-900">
              {label}
            </span>
            <span className="font-semibold text-teal-800">{percent}%</span>
          </div>
          {agent ? (
            <p className="text-sm text-slate-700">
              Agent: <span className="font-medium text-slate-900">{agent}</span>
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
                  "rounded-md px-2 py-1 text-center font-medium",
                  index <= stageIndex ? "bg-teal-100 text-teal-900" : "bg-slate-100 text-slate-700",
                )}
              >
                {STAGE_NAMES[name]} ({PROCESSING_STAGES[name].percent}%)
              </li>
            ))}
          </ol>
        </CardBody>
      </Card>

      <Card>
        <CardBody>
          <h2 className="text-lg font-semibold text-slate-900">Submission Summary</h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <SummaryItem label="Sample ID" value={`#${sample.id}`} />
            <div>
              <dt className="text-xs font-medium text-slate-600">Status</dt>
              <dd>
                <StatusBadge status={sample.status} />
              </dd>
            </div>
            <SummaryItem label="Sample Provider" value={sample.samplerName} />
            <SummaryItem label="Phone Number" value={sample.phoneNumber} />
            <SummaryItem label="Location" value={sample.samplerLocation} />
            <SummaryItem label="Shrimp Category" value={sample.shrimpCategory} />
            <SummaryItem label="Test Types" value={sample.shrimpSubCategory} />
            <SummaryItem
              label="Destination Markets"
              value={sample.markets.length > 0 ? sample.markets.join(", ") : "None: the lab's default limits"}
            />
            {sample.emailAddress ? <SummaryItem label="Email Address" value={sample.emailAddress} /> : null}
            <SummaryItem label="Submitted At" value={formatDateTime(sample.createdAt)} />
          </dl>
        </CardBody>
      </Card>

      <section
        aria-labelledby="next-title"
        className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 sm:p-5"
      >
        <h2 id="next-title" className="flex items-center gap-2 text-base font-semibold">
          <Info aria-hidden="true" className="h-5 w-5" />
          What happens next?
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>A field agent is assigned to collect your sample within 30 seconds.</li>
          <li>Testing takes 3 to 5 business days once the sample reaches the laboratory.</li>
          <li>You can follow every step in My Samples; the report appears when testing is complete.</li>
        </ul>
        <p className="mt-3 font-medium">Please note:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>Samples must be properly preserved and labelled.</li>
          <li>Your contact information is used only for urgent communications about this sample.</li>
        </ul>
      </section>

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {sample.status === "COMPLETED" ? (
          <Link
            to={sample.reportId === null ? paths.reports.href() : paths.report.href(sample.reportId)}
            className={buttonClasses("primary")}
          >
            View Test Results
          </Link>
        ) : null}
        <Link to={paths.samples.href({ highlight: sample.id })} className={buttonClasses("secondary")}>
          View All Samples
        </Link>
        <Link to={paths.dashboard.href()} className={buttonClasses("outline")}>
          Back to Dashboard
        </Link>
        <Button variant="outline" onClick={onSubmitAnother}>
          Submit Another Sample
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
