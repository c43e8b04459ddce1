import { useEffect, useState } from "react";
import { Link } from "react-router";

import { Alert } from "@/components/ui/alert";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { said } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useJobList } from "../hooks/use-job-list";
import { getQueued, type QueuedCollection } from "../utils/field-db";
import { shownError } from "../utils/shown-error";
import { CollectionForm } from "./collection-form";

/** The collection form for one job of the list (the phone's copy offline), or a refused one to edit. */
export function CollectionPage({
  agentId,
  sampleId,
  editId,
}: {
  agentId: number;
  sampleId: number;
  editId: string | null;
}) {
  const { t } = useT("field");
  const jobs = useJobList(agentId);
  const [editing, setEditing] = useState<QueuedCollection | null | undefined>(editId ? undefined : null);
  useEffect(() => {
    if (!editId) return;
    let live = true;
    void getQueued(editId).then(
      (item) => live && setEditing(item ?? null),
      () => live && setEditing(null),
    );
    return () => {
      live = false;
    };
  }, [editId]);

  const back = (
    <Link
      to={paths.field.href()}
      className="inline-flex min-h-11 items-center text-sm font-medium text-teal-800 underline"
    >
      {t("field.form.back")}
    </Link>
  );
  if (jobs.status === "pending" || editing === undefined)
    return <LoadingState label={t("field.jobs.loading")} className="min-h-[40vh]" />;
  if (jobs.status === "error") {
    return (
      <div className="space-y-3">
        {back}
        <Alert tone="error" message={shownError(jobs.error)} />
      </div>
    );
  }
  const job = jobs.list.data.jobs.find((candidate) => candidate.sampleId === sampleId);
  if (!job) {
    return (
      <div className="space-y-3">
        {back}
        <Alert tone="error" message={said("jobNotFound")} />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {back}
      <CollectionForm job={job} radiusM={jobs.list.data.radiusM} editing={editing} />
    </div>
  );
}
