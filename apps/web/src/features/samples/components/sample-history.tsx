import { Download, FlaskConical, Plus, RefreshCw } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";

import { DEFAULT_PAGE_SIZE, HISTORY_PAGE_SIZES } from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Field, Select } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";
import { useMembership } from "@/lib/membership";
import { totalPagesOf } from "@/utils/pagination";
import { useSampleSummary } from "@/lib/api/get-sample-summary";
import { useSamples } from "@/lib/api/get-samples";
import {
  STATUS_FILTERS,
  STATUS_FILTER_KEYS,
  parseStatusFilter,
  type StatusFilter,
} from "@/utils/sample-status";

import { useHighlight } from "../hooks/use-highlight";
import { useHighlightPage } from "../hooks/use-highlight-page";
import { ExportDialog } from "./export-dialog";
import { SampleCard } from "./sample-card";
import { SummaryTiles } from "./summary-tiles";

/** The Sample History screen (/samples). */
export function SampleHistory() {
  const toast = useToast();
  const { t, number } = useT("samples");
  // A results-only member reads samples but submits none.
  const writes = useMembership()?.writesSamples ?? true;
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseStatusFilter(searchParams.get("status"));
  const highlightId = searchParams.get("highlight");
  const [paging, setPaging] = useState({ filter, size: DEFAULT_PAGE_SIZE, page: 1 });
  // A new filter (from a tile, the select or the address) starts again at page 1.
  const page = paging.filter === filter ? paging.page : 1;
  const size = paging.size;
  const [exportOpen, setExportOpen] = useState(false);
  // The highlighted sample may be on a later page: go to the page that holds it.
  const toPage = useCallback((found: number) => setPaging({ filter, size, page: found }), [filter, size]);
  useHighlightPage(highlightId, { status: filter, size }, toPage);

  const list = useSamples({ status: filter, page, size });
  const summary = useSampleSummary();
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = totalPagesOf(total, size);
  const highlighted = useHighlight(
    highlightId,
    items.some((sample) => String(sample.id) === highlightId),
  );

  const { isError, errorUpdatedAt } = list;
  useEffect(() => {
    if (isError) toast.error("samplesLoadFailed");
  }, [isError, errorUpdatedAt, toast]);

  const selectFilter = (next: StatusFilter) => {
    setPaging({ filter: next, size, page: 1 });
    const params = new URLSearchParams(searchParams);
    if (next === "all") params.delete("status");
    else params.set("status", next);
    setSearchParams(params, { replace: true });
  };

  if (list.isError && !list.data) {
    return (
      <div className="mx-auto max-w-xl py-10 text-center">
        <Card>
          <CardBody className="space-y-3">
            <h1 className="text-xl font-bold text-red-800">{t("samples.history.error.title")}</h1>
            <p role="alert" className="text-sm text-slate-700">
              <LocalizedMessage
                text={
                  isApiError(list.error) && list.error.status !== 404
                    ? list.error.message
                    : "samplesFetchFailed"
                }
              />
            </p>
            <Button
              onClick={() => {
                void list.refetch();
                void summary.refetch();
              }}
              icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
            >
              {t("samples.retry")}
            </Button>
          </CardBody>
        </Card>
      </div>
    );
  }

  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(page * size, total);

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold break-words text-slate-900">{t("samples.history.title")}</h1>
          <p className="text-sm text-slate-700">{t("samples.history.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => setExportOpen(true)}
            disabled={!summary.data || summary.data.total === 0}
            icon={<Download aria-hidden="true" className="h-4 w-4" />}
          >
            {t("samples.history.export")}
          </Button>
          {writes ? (
            <Link to={paths.submitSample.href()} className={buttonClasses("primary")}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t("samples.history.submit")}
            </Link>
          ) : null}
        </div>
      </div>

      <SummaryTiles summary={summary.data} active={filter} onSelect={selectFilter} />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <Field id="samples-status" label={t("samples.field.status")}>
            <Select
              id="samples-status"
              value={filter}
              onChange={(event) => selectFilter(parseStatusFilter(event.target.value))}
            >
              {STATUS_FILTERS.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {t(STATUS_FILTER_KEYS[entry.value])}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="samples-size" label={t("samples.history.perPage")}>
            <Select
              id="samples-size"
              value={size}
              onChange={(event) => setPaging({ filter, size: Number(event.target.value), page: 1 })}
            >
              {HISTORY_PAGE_SIZES.map((option) => (
                <option key={option} value={option}>
                  {number(option)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {total > 0 ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            {t("samples.history.showing", { first: number(first), last: number(last), total: number(total) })}
          </p>
        ) : null}
      </div>

      {list.isPending ? (
        <LoadingState label={t("samples.history.loading")} />
      ) : items.length === 0 ? (
        <Card>
          <CardBody className="flex flex-col items-center gap-3 text-center">
            <FlaskConical aria-hidden="true" className="h-10 w-10 text-teal-700" />
            <h2 className="text-lg font-semibold text-slate-900">
              {filter === "all"
                ? t("samples.history.empty.all.title")
                : t("samples.history.empty.filtered.title", { status: t(STATUS_FILTER_KEYS[filter]) })}
            </h2>
            <p className="text-sm text-slate-700">
              {filter === "all"
                ? t("samples.history.empty.all.text")
                : t("samples.history.empty.filtered.text")}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              {filter === "all" ? (
                writes ? (
                  <Link to={paths.submitSample.href()} className={buttonClasses("primary")}>
                    {t("samples.history.submitFirst")}
                  </Link>
                ) : null
              ) : (
                <Button variant="outline" onClick={() => selectFilter("all")}>
                  {t("samples.history.showAll")}
                </Button>
              )}
            </div>
          </CardBody>
        </Card>
      ) : (
        <section aria-label={t("samples.history.listLabel")} className="space-y-3">
          {items.map((sample) => (
            <SampleCard key={sample.id} sample={sample} highlighted={highlighted === String(sample.id)} />
          ))}
        </section>
      )}

      <Pager page={page} totalPages={totalPages} onPage={(next) => setPaging({ filter, size, page: next })} />

      <ExportDialog
        open={exportOpen}
        onClose={() => setExportOpen(false)}
        filter={filter}
        earliestCreatedAt={summary.data?.earliestCreatedAt ?? null}
      />
    </div>
  );
}
