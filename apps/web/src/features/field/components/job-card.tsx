import { MapPin, Phone } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { STATUS_NOTE_MAX, type FieldJob } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Textarea } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";

import { useAction } from "@/lib/use-action";

import { acceptJob } from "../api/accept-job";
import { declineJob } from "../api/decline-job";
import { HandoverForm } from "./handover-form";
import { jobTarget, mapLink } from "../utils/job-links";
import { shownError } from "../utils/shown-error";

/** One collection: where, whom to call, what is tested; accept it, hand it back, or collect. */
export function JobCard({
  job,
  queued,
  offline,
  onChanged,
}: {
  job: FieldJob;
  queued: boolean;
  offline: boolean;
  /** After an accept, a hand-back or a hand-over: the list is loaded again. */
  onChanged: () => void;
}) {
  const { t, date } = useT("field");
  const accept = useAction(acceptJob, { onSuccess: onChanged });
  const decline = useAction(declineJob, { onSuccess: onChanged });
  const [failure, setFailure] = useState<unknown>(null);
  const run = <T,>(action: (input: T) => Promise<unknown>, input: T) => {
    setFailure(null);
    action(input).catch(setFailure);
  };
  const [handingBack, setHandingBack] = useState(false);
  const [reason, setReason] = useState("");
  const [handingOver, setHandingOver] = useState(false);
  // The hand-over's answer shows at once, whether or not the list's reload gets through.
  const [answered, setAnswered] = useState<FieldJob | null>(null);
  const handedOver = job.handedOver ?? answered?.handedOver ?? null;
  const target = jobTarget(job);
  const collected = job.collectedAt !== null;
  const reasonId = `field-decline-${job.sampleId}`;

  return (
    <article
      aria-labelledby={`field-job-${job.sampleId}`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2
          id={`field-job-${job.sampleId}`}
          className="min-w-0 break-words text-base font-semibold text-slate-900"
        >
          {job.farm?.name ?? job.address}
          {job.pond ? ` · ${t("field.job.pond", { code: job.pond.code })}` : ""}
        </h2>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
          {t("field.job.sample", { id: job.sampleId })}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-1 text-sm text-slate-800">
        <div className="min-w-0 break-words">
          <dt className="inline font-medium">{t("field.job.farmer")}: </dt>
          <dd className="inline">
            {job.farmer.name}{" "}
            <a
              href={`tel:${job.farmer.phone}`}
              className="inline-flex min-h-11 items-center gap-1 font-medium text-teal-800 underline"
            >
              <Phone aria-hidden="true" className="h-4 w-4" />
              {t("field.job.call", { phone: job.farmer.phone })}
            </a>
          </dd>
        </div>
        <div className="min-w-0 break-words">
          <dt className="inline font-medium">{t("field.job.address")}: </dt>
          <dd className="inline">{job.address}</dd>
          {target ? (
            <dd>
              <a
                href={mapLink(target.point)}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center gap-1 font-medium text-teal-800 underline"
              >
                <MapPin aria-hidden="true" className="h-4 w-4" />
                {t("field.job.map")}
              </a>
            </dd>
          ) : null}
        </div>
        <div className="min-w-0 break-words">
          <dt className="inline font-medium">{t("field.job.tests")}: </dt>
          <dd className="inline">{job.tests.join(", ") || "—"}</dd>
        </div>
        <div className="min-w-0 break-words">
          <dt className="inline font-medium">{t("field.job.markets")}: </dt>
          <dd className="inline">{job.markets.join(", ") || "—"}</dd>
        </div>
        <div className="min-w-0 break-words">
          <dt className="inline font-medium">{t("field.job.assigned")}: </dt>
          <dd className="inline">{date(job.assignedAt, "dateTime")}</dd>
        </div>
        {job.notes ? (
          <div className="min-w-0 break-words">
            <dt className="inline font-medium">{t("field.job.notes")}: </dt>
            <dd className="inline whitespace-pre-line">{job.notes}</dd>
          </div>
        ) : null}
      </dl>
      {failure ? <Alert tone="error" message={shownError(failure)} /> : null}
      {collected && handedOver ? (
        <p role="status" className="text-sm font-medium text-green-800">
          {t("field.handover.done", { courier: handedOver.to, time: date(handedOver.at, "dateTime") })}
        </p>
      ) : collected ? (
        <div className="space-y-3">
          <p className="text-sm font-medium text-green-800">{t("field.job.collected")}</p>
          {handingOver ? (
            <HandoverForm
              job={job}
              onDone={(updated) => {
                setAnswered(updated);
                setHandingOver(false);
                onChanged();
              }}
              onCancel={() => setHandingOver(false)}
            />
          ) : (
            <Button variant="outline" className="min-h-11" onClick={() => setHandingOver(true)}>
              {t("field.job.handOver")}
            </Button>
          )}
        </div>
      ) : queued ? (
        <p className="text-sm font-medium text-sky-900">{t("field.job.queued")}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {job.acceptedAt ? (
            <Link
              to={paths.fieldJob.href(job.sampleId)}
              className={buttonClasses("primary", "md", "min-h-11")}
            >
              {t("field.job.collect")}
            </Link>
          ) : (
            <Button
              className="min-h-11"
              isLoading={accept.isPending}
              disabled={offline}
              onClick={() => run(accept.mutateAsync, job.sampleId)}
            >
              {t("field.job.accept")}
            </Button>
          )}
          {!job.acceptedAt ? (
            <Link
              to={paths.fieldJob.href(job.sampleId)}
              className={buttonClasses("outline", "md", "min-h-11")}
            >
              {t("field.job.collect")}
            </Link>
          ) : null}
          <Button
            variant="ghost"
            className="min-h-11"
            aria-expanded={handingBack}
            disabled={offline}
            onClick={() => setHandingBack(!handingBack)}
          >
            {t("field.job.handBack")}
          </Button>
        </div>
      )}
      {handingBack && !collected ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            run(decline.mutateAsync, { sampleId: job.sampleId, reason });
          }}
        >
          <Field id={reasonId} label={t("field.job.handBackReason")}>
            <Textarea
              id={reasonId}
              rows={2}
              maxLength={STATUS_NOTE_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="danger" className="min-h-11" isLoading={decline.isPending}>
            {t("field.job.handBackConfirm")}
          </Button>
        </form>
      ) : null}
    </article>
  );
}
