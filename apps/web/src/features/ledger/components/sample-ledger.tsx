import { useQueryClient } from "@tanstack/react-query";
import { Download, Filter, Mail, RefreshCw, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";

import { DEFAULT_PAGE_SIZE, LEDGER_PAGE_SIZES, type SamplePage } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Input, Select } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { reportsQueryOptions } from "@/lib/api/get-reports";
import { useSamples } from "@/lib/api/get-samples";
import { shownOf } from "@/lib/api-client";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";
import { useMembership } from "@/lib/membership";
import { totalPagesOf } from "@/utils/pagination";
import { usePhoneLayout } from "@/hooks/use-media-query";

import { isPageSelected, useLedgerSelection } from "../hooks/use-ledger-selection";
import { downloadLedgerCsv, type LedgerReports } from "../utils/ledger-csv";
import {
  LEDGER_STATUS_FILTERS,
  parseLedgerStatusFilter,
  type LedgerStatusFilter,
} from "../utils/ledger-status";
import { LedgerCards, LedgerTable } from "./ledger-rows";
import { SendEmailDialog } from "./send-email-dialog";

export const SEARCH_DEBOUNCE_MS = 300;

interface Dates {
  from: string;
  to: string;
}

const rangeValid = ({ from, to }: Dates) => !from || !to || from <= to;

/** The Sample Ledger screen (/ledger). */
export function SampleLedger() {
  // "domain": the shrimp categories of the rows and of the export.
  const { t, number } = useT("account", "domain");
  const toast = useToast();
  const queryClient = useQueryClient();
  const phone = usePhoneLayout();
  const id = useId();

  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<LedgerStatusFilter>("all");
  // What the date inputs hold, and the last valid range, which is what the list is filtered by.
  const [dates, setDates] = useState<Dates>({ from: "", to: "" });
  const [appliedDates, setAppliedDates] = useState<Dates>({ from: "", to: "" });
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  // Sharing by e-mail is for members who may share reports (not results-only).
  const shares = useMembership()?.writesSamples ?? true;

  // New search, filters or page size: back to page 1 with no cursor (a cursor belongs to one query).
  const queryKey = JSON.stringify([q, status, appliedDates.from, appliedDates.to, size]);
  const [paging, setPaging] = useState<{ key: string; page: number; cursor?: string }>({
    key: queryKey,
    page: 1,
  });
  if (paging.key !== queryKey) setPaging({ key: queryKey, page: 1 });
  const samePaging = paging.key === queryKey;
  const page = samePaging ? paging.page : 1;
  const cursor = samePaging ? paging.cursor : undefined;

  const list = useSamples({
    q,
    status,
    from: appliedDates.from || undefined,
    to: appliedDates.to || undefined,
    page,
    size,
    cursor,
  });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // A search matching more than the server counts: its total is a floor, shown as "10,000+".
  const capped = list.data?.totalCapped ?? false;
  const shownTotal = capped ? t("account.ledger.atLeast", { count: number(total) }) : number(total);
  const totalPages = totalPagesOf(total, size);

  const selection = useLedgerSelection();
  const { selected } = selection;
  // A fetched page (or a live update of it) replaces the stored copies of selected samples.
  const [seenPage, setSeenPage] = useState<SamplePage | undefined>(undefined);
  if (list.data !== seenPage) {
    setSeenPage(list.data);
    if (list.data) selection.refresh(list.data.items);
  }

  const { isError, errorUpdatedAt } = list;
  useEffect(() => {
    if (isError) toast.error("samplesLoadFailed");
  }, [isError, errorUpdatedAt, toast]);

  const goTo = (next: number) => {
    // The page on screen's cursor lets the server read the next page from its edge (keyset).
    setPaging({ key: queryKey, page: next, cursor: list.data?.cursor ?? undefined });
  };

  const changeDates = (next: Dates) => {
    setDates(next);
    if (rangeValid(next)) setAppliedDates(next);
  };

  const exportSelected = async () => {
    const samples = [...selected.values()];
    let reports: LedgerReports = new Map();
    // The certificate numbers and verdicts are in the reports: one list, read only when one is needed.
    if (samples.some((sample) => sample.reportId !== null)) {
      try {
        const list = await queryClient.fetchQuery(reportsQueryOptions());
        reports = new Map(list.map((report) => [report.id, report]));
      } catch {
        // Offline or refused: the file is still made, its report cells say they were not loaded.
        reports = null;
      }
    }
    downloadLedgerCsv(samples, reports);
    toast.success("exportSuccess");
  };
  const nothingSelected = selected.size === 0;
  const hintId = `${id}-select-hint`;

  const pageSelected = isPageSelected(selected, items);
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(page * size, total);
  const datesInvalid = !rangeValid(dates);

  const filters = (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
          {t("account.ledger.status")}
        </label>
        <Select
          id={`${id}-status`}
          value={status}
          onChange={(event) => setStatus(parseLedgerStatusFilter(event.target.value))}
        >
          {LEDGER_STATUS_FILTERS.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {t(entry.label)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-800">
          {t("account.ledger.fromDate")}
        </label>
        <Input
          id={`${id}-from`}
          type="date"
          value={dates.from}
          max={dates.to || undefined}
          invalid={datesInvalid}
          aria-describedby={datesInvalid ? `${id}-dates-error` : undefined}
          onChange={(event) => changeDates({ ...dates, from: event.target.value })}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
          {t("account.ledger.toDate")}
        </label>
        <Input
          id={`${id}-to`}
          type="date"
          value={dates.to}
          min={dates.from || undefined}
          invalid={datesInvalid}
          aria-describedby={datesInvalid ? `${id}-dates-error` : undefined}
          onChange={(event) => changeDates({ ...dates, to: event.target.value })}
        />
      </div>
      {datesInvalid ? (
        <p id={`${id}-dates-error`} role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
          <LocalizedMessage text={"dateRangeInvalid"} />
        </p>
      ) : null}
    </div>
  );

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{t("account.ledger.title")}</h1>
          <p className="text-sm text-slate-700">{t("account.ledger.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {shares ? (
            <Button
              size={phone ? "sm" : "md"}
              onClick={() => setEmailOpen(true)}
              disabled={nothingSelected}
              aria-describedby={nothingSelected ? hintId : undefined}
              icon={<Mail aria-hidden="true" className="h-4 w-4" />}
            >
              {t("account.ledger.email", { count: number(selected.size) })}
            </Button>
          ) : null}
          <Button
            variant="outline"
            size={phone ? "sm" : "md"}
            onClick={() => void exportSelected()}
            disabled={nothingSelected}
            aria-describedby={nothingSelected ? hintId : undefined}
            icon={<Download aria-hidden="true" className="h-4 w-4" />}
          >
            {t("account.ledger.export")}
          </Button>
          <Button
            variant="outline"
            size={phone ? "sm" : "md"}
            onClick={() => void list.refetch()}
            icon={
              <RefreshCw aria-hidden="true" className={cn("h-4 w-4", list.isFetching && "animate-spin")} />
            }
          >
            {t("account.ledger.refresh")}
          </Button>
          {nothingSelected ? (
            <p id={hintId} className="basis-full text-xs text-slate-600">
              {t("account.ledger.selectHint")}
            </p>
          ) : null}
        </div>
      </div>

      <Card>
        <CardBody className="space-y-4">
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              type="search"
              aria-label={t("account.ledger.searchLabel")}
              placeholder={t(
                phone ? "account.ledger.searchPlaceholderPhone" : "account.ledger.searchPlaceholder",
              )}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
            />
          </div>
          {phone ? (
            <div className="space-y-3">
              <Button
                variant="outline"
                aria-expanded={filtersOpen}
                aria-controls={`${id}-filters`}
                onClick={() => setFiltersOpen((open) => !open)}
                icon={<Filter aria-hidden="true" className="h-4 w-4" />}
              >
                {t("account.ledger.filters")}
              </Button>
              <div id={`${id}-filters`} hidden={!filtersOpen}>
                {filters}
              </div>
            </div>
          ) : (
            filters
          )}
        </CardBody>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-live="polite">
          <span>{t("account.ledger.total", { total: shownTotal })}</span>
          <span>{t("account.ledger.selected", { count: number(selected.size) })}</span>
          <span>
            {t("account.ledger.range", { first: number(first), last: number(last), total: shownTotal })}
          </span>
          {capped ? <span>{t("account.ledger.capped", { count: number(total) })}</span> : null}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-size`} className="text-sm text-slate-700">
            {t("account.ledger.show")}
          </label>
          {/* The control is full-width by default: the box keeps it to the width of "100". */}
          <span className="inline-block w-20">
            <Select
              id={`${id}-size`}
              aria-label={t("account.ledger.showLabel")}
              value={size}
              onChange={(event) => setSize(Number(event.target.value))}
            >
              {LEDGER_PAGE_SIZES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          </span>
          <span className="text-sm text-slate-700">{t("account.ledger.perPage")}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={items.length === 0}
            onClick={() => (pageSelected ? selection.deselectAll(items) : selection.selectAll(items))}
          >
            {t(pageSelected ? "account.ledger.deselectPage" : "account.ledger.selectPage")}
          </Button>
          {selected.size > 0 ? (
            <Button variant="ghost" size="sm" onClick={selection.clear}>
              {t("account.ledger.clearSelection")}
            </Button>
          ) : null}
        </div>
      </div>

      {list.isPending ? (
        <LoadingState label={t("account.ledger.loading")} />
      ) : list.isError && !list.data ? (
        <Alert tone="error">
          <LocalizedMessage text={list.error.message ? shownOf(list.error) : "samplesFetchFailed"} />
        </Alert>
      ) : items.length === 0 ? (
        <Card>
          <CardBody className="text-center text-sm text-slate-700">{t("account.ledger.empty")}</CardBody>
        </Card>
      ) : phone ? (
        <LedgerCards samples={items} selected={selected} onToggle={selection.toggle} />
      ) : (
        <LedgerTable samples={items} selected={selected} onToggle={selection.toggle} />
      )}

      <Pager
        page={page}
        totalPages={totalPages}
        windowSize={phone ? 3 : 5}
        shortcuts
        stepLabels="words"
        onPage={goTo}
      />

      {shares ? (
        <SendEmailDialog open={emailOpen} onClose={() => setEmailOpen(false)} selected={selected} />
      ) : null}
    </div>
  );
}
