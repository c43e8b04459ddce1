import { ArrowLeft, Ban, CheckCircle2, Circle, Loader2, MinusCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router";

import type { Custody, Sample, SampleEvent } from "@lab/contracts";

import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { useSample } from "@/lib/api/get-sample";
import { useSampleEvents } from "@/lib/api/get-sample-events";
import { useDomainNames, useMessageText } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";
import { EventHistory } from "@/components/samples/event-history";
import { StatusBadge } from "@/components/ui/status-badge";

import { SampleRevocation } from "@/components/samples/sample-revocation";
import { useCustody } from "../api/get-custody";
import { CertificationStage } from "./certification-stage";
import { CustodySection } from "./custody-section";
import { RejectionBanner, rejectionReasonText } from "./rejection-banner";
import { RetestLink } from "./retest-link";
import { STAGE_STATE_KEYS, currentStatusKey, timelineStages, type StageState } from "../utils/timeline";

function BackLink() {
  const { t } = useT("samples");
  return (
    <Link to={paths.samples.href()} className={buttonClasses("outline")}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t("samples.timeline.back")}
    </Link>
  );
}

/**
 * The Timeline screen (/timeline/{sampleId}). A missing or foreign sample goes to /samples. `messages`
 * is the sample's Messages section, set in by the route once the sample is shown.
 */
export function SampleTimeline({ sampleId, messages }: { sampleId: string; messages?: ReactNode }) {
  const sample = useSample(sampleId);
  const events = useSampleEvents(sampleId, sample.isSuccess);
  const custody = useCustody(sampleId, sample.isSuccess);
  const { t } = useT("samples");

  if (sample.isError) {
    if (isApiError(sample.error) && (sample.error.status === 404 || sample.error.status === 403)) {
      return <Navigate to={paths.samples.href()} replace />;
    }
    return (
      <div className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <TimelineError message={sample.error.message} />
        </p>
        <BackLink />
      </div>
    );
  }
  if (sample.isPending) return <LoadingState label={t("samples.timeline.loading")} />;
  return (
    <TimelineView
      sample={sample.data}
      events={events.data}
      eventsFailed={events.isError}
      custody={custody.data}
      custodyFailed={custody.isError}
      onCustodyRetry={() => void custody.refetch()}
      messages={messages}
    />
  );
}

/** The failure in a sentence; only shown with an error on screen, so it may load the "errors" texts. */
function TimelineError({ message }: { message: string }) {
  const { t } = useT("samples");
  const localize = useMessageText();
  return <>{t("samples.timeline.error", { message: localize(message) })}</>;
}

const stateStyles: Record<StageState, { badge: string; icon: ReactNode }> = {
  Completed: {
    badge: "bg-green-100 text-green-900",
    icon: <CheckCircle2 aria-hidden="true" className="h-6 w-6 text-green-700" />,
  },
  "In Progress": {
    badge: "bg-amber-100 text-amber-900",
    icon: <Loader2 aria-hidden="true" className="h-6 w-6 text-amber-700" />,
  },
  Pending: {
    badge: "bg-slate-100 text-slate-800",
    icon: <Circle aria-hidden="true" className="h-6 w-6 text-slate-400" />,
  },
  Rejected: {
    badge: "bg-gray-100 text-gray-900",
    icon: <Ban aria-hidden="true" className="h-6 w-6 text-gray-700" />,
  },
  "Not Done": {
    badge: "bg-slate-100 text-slate-800",
    icon: <MinusCircle aria-hidden="true" className="h-6 w-6 text-slate-400" />,
  },
};

function TimelineView({
  sample,
  events,
  eventsFailed,
  custody,
  custodyFailed,
  onCustodyRetry,
  messages,
}: {
  sample: Sample;
  events: SampleEvent[] | undefined;
  eventsFailed: boolean;
  custody: Custody | undefined;
  custodyFailed: boolean;
  onCustodyRetry: () => void;
  messages: ReactNode;
}) {
  const stages = timelineStages(sample.status);
  const rejectedFor = custody?.reception?.decision === "rejected" ? custody.reception.reasons : [];
  const { t, date } = useT("samples", "domain");
  const names = useDomainNames();

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold break-words text-slate-900">
            {t("samples.timeline.title", { id: sample.id })}
          </h1>
          <p className="text-sm break-words text-slate-700">
            {names.category(sample.shrimpCategory)} · {sample.samplerName} · {sample.samplerLocation}
          </p>
        </div>
        <BackLink />
      </div>

      <section
        aria-labelledby="current-status-title"
        className="rounded-xl border border-teal-200 bg-teal-50 p-4 sm:p-5"
      >
        <h2 id="current-status-title" className="text-sm font-medium text-teal-900">
          {t("samples.timeline.currentStatus")}
        </h2>
        <p className="mt-1 text-xl font-bold break-words text-teal-950">
          {t(currentStatusKey(sample.status))}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <StatusBadge status={sample.status} />
          <span>{t("samples.timeline.lastUpdated", { date: date(sample.updatedAt, "dateTime") })}</span>
        </div>
        <SampleRevocation sample={sample} />
        <RetestLink sample={sample} />
        <RejectionBanner sample={sample} reception={custody?.reception} />
      </section>

      <Card>
        <CardBody>
          <h2 className="text-lg font-semibold text-slate-900">{t("samples.timeline.progress")}</h2>
          <ol className="mt-4 space-y-4">
            {stages.map((stage) => (
              <li
                key={stage.number}
                className="flex gap-3"
                aria-label={t("samples.timeline.stageLabel", {
                  number: stage.number,
                  title: t(stage.titleKey),
                  state: t(STAGE_STATE_KEYS[stage.state]),
                })}
              >
                <span className="mt-0.5 shrink-0">{stateStyles[stage.state].icon}</span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="min-w-0 font-semibold break-words text-slate-900">
                      {stage.number}. {t(stage.titleKey)}
                    </h3>
                    <span
                      className={cn(
                        "rounded-full px-2.5 py-0.5 text-xs font-semibold",
                        stateStyles[stage.state].badge,
                      )}
                    >
                      {t(STAGE_STATE_KEYS[stage.state])}
                    </span>
                  </div>
                  <p className="text-sm text-slate-700">
                    {stage.number === 3 ? <CertificationStage sample={sample} /> : t(stage.descriptionKey)}
                  </p>
                  {stage.state === "Rejected" && rejectedFor.length > 0 ? (
                    <p className="text-sm break-words text-slate-700">
                      {t("samples.timeline.stage1.reasons", {
                        reasons: rejectedFor.map(rejectionReasonText).join(", "),
                      })}
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        </CardBody>
      </Card>

      <CustodySection custody={custody} failed={custodyFailed} onRetry={onCustodyRetry} />

      {messages}

      <Card>
        <CardBody>
          <h2 className="text-lg font-semibold text-slate-900">{t("samples.timeline.history")}</h2>
          {eventsFailed ? (
            <p className="mt-2 text-sm text-red-800">{t("samples.timeline.historyFailed")}</p>
          ) : !events ? (
            <p className="mt-2 text-sm text-slate-700">{t("samples.timeline.historyLoading")}</p>
          ) : (
            <EventHistory events={events} className="mt-3" />
          )}
        </CardBody>
      </Card>
    </div>
  );
}
