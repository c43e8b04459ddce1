import { ChevronRight, Search, TriangleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, Input, Select } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { Pager } from "@/components/ui/pager";
import { StatusBadge } from "@/components/ui/status-badge";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";
import { totalPagesOf } from "@/utils/pagination";

import {
  LAB_STATUS_FILTERS,
  useLabSamples,
  type LabSample,
  type LabStatusFilter,
} from "../api/get-lab-samples";
import { LAB_STATUS_LABELS, queueParamsOf } from "../utils/queue-params";

/**
 * The console's queue: all samples (status filter, search, paging), the unassigned PENDING queue, or
 * the reviewer's queue (results awaiting review).
 */
export function SampleQueue() {
  const { t } = useT("lab");
  const [searchParams, setSearchParams] = useSearchParams();
  const params = queueParamsOf(searchParams);
  const [query, setQuery] = useState(params.q);
  const list = useLabSamples(params);

  const go = (next: Partial<typeof params>) => {
    const merged = { ...params, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.unassigned) search.set("view", "unassigned");
    else if (merged.review) search.set("view", "review");
    else if (merged.status !== "all") search.set("status", merged.status);
    if (merged.q) search.set("q", merged.q);
    if (merged.page > 1) search.set("page", String(merged.page));
    setSearchParams(search);
  };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q: query.trim() });
  };

  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("lab.queue.title")}</h1>
        <p className="text-sm text-slate-700">{t("lab.queue.intro")}</p>
      </div>

      <div
        role="group"
        aria-label={t("lab.queue.views")}
        className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-1"
      >
        {[
          { label: t("lab.queue.view.all"), unassigned: false, review: false },
          { label: t("lab.queue.view.unassigned"), unassigned: true, review: false },
          { label: t("lab.queue.view.review"), unassigned: false, review: true },
        ].map((view) => (
          <button
            key={view.label}
            type="button"
            aria-pressed={params.unassigned === view.unassigned && params.review === view.review}
            onClick={() => go({ unassigned: view.unassigned, review: view.review })}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-700 max-lg:min-h-11",
              params.unassigned === view.unassigned && params.review === view.review
                ? "bg-teal-700 text-white"
                : "text-slate-700 hover:bg-slate-100",
            )}
          >
            {view.label}
          </button>
        ))}
      </div>

      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <Field id="queue-status" label={t("lab.queue.statusLabel")} className="md:w-56">
          <Select
            id="queue-status"
            value={params.unassigned ? "pending" : params.review ? "testing" : params.status}
            disabled={params.unassigned || params.review}
            onChange={(event) => go({ status: event.target.value as LabStatusFilter })}
          >
            {LAB_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(LAB_STATUS_LABELS[status])}
              </option>
            ))}
          </Select>
        </Field>
        <form
          onSubmit={onSearch}
          role="search"
          aria-label={t("lab.queue.searchForm")}
          className="flex flex-1 items-end gap-2"
        >
          <Field id="queue-search" label={t("lab.queue.search")} className="flex-1">
            <Input
              id="queue-search"
              type="search"
              value={query}
              placeholder={t("lab.queue.searchPlaceholder")}
              onChange={(event) => setQuery(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="outline" icon={<Search aria-hidden="true" className="h-4 w-4" />}>
            {t("lab.queue.search")}
          </Button>
        </form>
      </div>

      {params.unassigned ? (
        <Alert tone="warning">{t("lab.queue.unassignedNotice")}</Alert>
      ) : params.review ? (
        <Alert tone="info">{t("lab.queue.reviewNotice")}</Alert>
      ) : null}

      {list.isError ? (
        <Alert tone="error" message={list.error.message} />
      ) : list.isPending ? (
        <LoadingState label={t("lab.queue.loading")} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-700">
          {params.unassigned
            ? t("lab.queue.empty.unassigned")
            : params.review
              ? t("lab.queue.empty.review")
              : t("lab.queue.empty.all")}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {t("lab.queue.count", { count: total })}
          </p>
          <ul className="space-y-2">
            {items.map((sample) => (
              <QueueRow key={sample.id} sample={sample} />
            ))}
          </ul>
          <Pager
            page={params.page}
            totalPages={totalPagesOf(total, params.size)}
            onPage={(page) => go({ page })}
          />
        </>
      )}
    </div>
  );
}

/** PENDING with no agent: the dispatcher could not place it. */
export const needsAgent = (sample: Pick<LabSample, "status" | "assigned">): boolean =>
  sample.status === "PENDING" && sample.assigned.trim() === "";

function QueueRow({ sample }: { sample: LabSample }) {
  const { t, date } = useT("lab");
  const names = useDomainNames();
  const flagged = needsAgent(sample);
  return (
    <li>
      <Link
        to={paths.labSample.href(sample.id)}
        className={cn(
          "grid gap-2 rounded-xl border bg-white p-3 shadow-sm transition hover:border-teal-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 sm:p-4 md:grid-cols-[7rem_1fr_1fr_auto] md:items-center",
          flagged ? "border-amber-300" : "border-slate-200",
        )}
      >
        <span className="flex flex-wrap items-center gap-2 md:flex-col md:items-start">
          <span className="font-semibold text-slate-900">{t("lab.sampleTitle", { id: sample.id })}</span>
          <StatusBadge status={sample.status} />
        </span>
        <span className="min-w-0 text-sm">
          <span className="block font-medium break-words text-slate-900">
            {sample.customerName}
            {sample.company ? ` · ${sample.company}` : ""}
          </span>
          <span className="block break-words text-slate-700">
            {names.category(sample.shrimpCategory)} ·{" "}
            {t("lab.queue.row.tests", { count: sample.testTypes.length })}
          </span>
        </span>
        <span className="min-w-0 text-sm">
          <span className="block truncate text-slate-800">
            {sample.samplerName} · {sample.samplerLocation || t("lab.queue.row.noLocation")}
          </span>
          <span className="block text-xs text-slate-600">
            {t("lab.queue.row.submitted", { date: date(sample.createdAt, "dateTime") })}
          </span>
        </span>
        <span className="flex items-center justify-between gap-2 text-sm md:justify-end">
          {flagged ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              <TriangleAlert aria-hidden="true" className="h-3.5 w-3.5" />
              {t("lab.queue.row.noAgent")}
            </span>
          ) : sample.assigned ? (
            <span className="min-w-0 text-xs break-words text-slate-700">
              {t("lab.queue.row.agent", { agent: sample.assigned })}
            </span>
          ) : (
            <span />
          )}
          <ChevronRight aria-hidden="true" className="h-5 w-5 text-slate-400" />
        </span>
      </Link>
    </li>
  );
}
