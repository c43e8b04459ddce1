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
import { formatDateTime } from "@/utils/dates";
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
        <h1 className="text-2xl font-bold text-slate-900">Sample Queue</h1>
        <p className="text-sm text-slate-700">
          Assign agents, move samples through collection and testing, enter results and release reports.
        </p>
      </div>

      <div
        role="group"
        aria-label="Queue view"
        className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-1"
      >
        {[
          { label: "All samples", unassigned: false, review: false },
          { label: "Unassigned", unassigned: true, review: false },
          { label: "Awaiting review", unassigned: false, review: true },
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
        <Field id="queue-status" label="Status" className="md:w-56">
          <Select
            id="queue-status"
            value={params.unassigned ? "pending" : params.review ? "testing" : params.status}
            disabled={params.unassigned || params.review}
            onChange={(event) => go({ status: event.target.value as LabStatusFilter })}
          >
            {LAB_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {LAB_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </Field>
        <form onSubmit={onSearch} role="search" aria-label="Samples" className="flex flex-1 items-end gap-2">
          <Field id="queue-search" label="Search" className="flex-1">
            <Input
              id="queue-search"
              type="search"
              value={query}
              placeholder="Sample ID, sampler, customer, place..."
              onChange={(event) => setQuery(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="outline" icon={<Search aria-hidden="true" className="h-4 w-4" />}>
            Search
          </Button>
        </form>
      </div>

      {params.unassigned ? (
        <Alert tone="warning">
          Pending samples with no agent yet, oldest first. The dispatcher found no active agent for them:
          assign one by hand.
        </Alert>
      ) : params.review ? (
        <Alert tone="info">
          Results waiting for a second person: release the report or send the results back. You cannot release
          results you entered yourself.
        </Alert>
      ) : null}

      {list.isError ? (
        <Alert tone="error">{list.error.message}</Alert>
      ) : list.isPending ? (
        <LoadingState label="Loading samples..." />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-700">
          {params.unassigned
            ? "Every pending sample has an agent."
            : params.review
              ? "No results are waiting for review."
              : "No samples found matching your criteria"}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {total} sample{total === 1 ? "" : "s"}
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
          <span className="font-semibold text-slate-900">Sample #{sample.id}</span>
          <StatusBadge status={sample.status} />
        </span>
        <span className="min-w-0 text-sm">
          <span className="block font-medium text-slate-900">
            {sample.customerName}
            {sample.company ? ` · ${sample.company}` : ""}
          </span>
          <span className="block text-slate-700">
            {sample.shrimpCategory} · {sample.testTypes.length} test{sample.testTypes.length === 1 ? "" : "s"}
          </span>
        </span>
        <span className="min-w-0 text-sm">
          <span className="block truncate text-slate-800">
            {sample.samplerName} · {sample.samplerLocation || "No location"}
          </span>
          <span className="block text-xs text-slate-600">Submitted {formatDateTime(sample.createdAt)}</span>
        </span>
        <span className="flex items-center justify-between gap-2 text-sm md:justify-end">
          {flagged ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              <TriangleAlert aria-hidden="true" className="h-3.5 w-3.5" />
              No agent yet
            </span>
          ) : sample.assigned ? (
            <span className="text-xs text-slate-700">Agent: {sample.assigned}</span>
          ) : (
            <span />
          )}
          <ChevronRight aria-hidden="true" className="h-5 w-5 text-slate-400" />
        </span>
      </Link>
    </li>
  );
}
