import { RefreshCw } from "lucide-react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingState } from "@/components/ui/spinner";
import { useT } from "@/lib/i18n/use-t";

import { useJobList } from "../hooks/use-job-list";
import { useQueue } from "../hooks/use-queue";
import { shownError } from "../utils/shown-error";
import { JobCard } from "./job-card";

/** Today's and upcoming collections, the next first; the phone's last copy when offline. */
export function JobsPage({ agentId }: { agentId: number }) {
  const { t, date } = useT("field");
  const jobs = useJobList(agentId);
  const queue = useQueue();
  const queued = new Set((queue ?? []).map((item) => item.body.sampleId));

  if (jobs.status === "pending")
    return <LoadingState label={t("field.jobs.loading")} className="min-h-[40vh]" />;
  if (jobs.status === "error") {
    return (
      <div className="space-y-3">
        <Alert tone="error" message={shownError(jobs.error)} />
        <Button variant="outline" className="min-h-11" onClick={() => void jobs.refetch()}>
          {t("field.retry")}
        </Button>
      </div>
    );
  }
  const { data, savedAt, offline } = jobs.list;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t("field.jobs.title")}</h1>
        <Button
          variant="outline"
          className="min-h-11"
          icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
          isLoading={jobs.fetching}
          onClick={() => void jobs.refetch()}
        >
          {t("field.jobs.refresh")}
        </Button>
      </div>
      {offline ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t("field.jobs.offlineCopy", { time: date(savedAt, "time") })}
        </p>
      ) : null}
      {data.jobs.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-sm text-slate-700">{t("field.jobs.none")}</p>
      ) : (
        <ul className="space-y-3">
          {data.jobs.map((job) => (
            <li key={job.sampleId}>
              <JobCard
                job={job}
                queued={queued.has(job.sampleId)}
                offline={offline}
                onChanged={() => void jobs.refetch()}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
