import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";

import type { SampleSummary } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { cn } from "@/components/ui/cn";
import { useT } from "@/lib/i18n/use-t";

import type { StatusFilter } from "@/utils/sample-status";

const TILES: readonly {
  filter: StatusFilter;
  label: MessageKey<"samples">;
  count: (summary: SampleSummary) => number;
  tone: string;
}[] = [
  {
    filter: "all",
    label: "samples.summary.total",
    count: (summary) => summary.total,
    tone: "text-slate-900",
  },
  {
    filter: "pending",
    label: "samples.filter.pending",
    count: (summary) => summary.pending,
    tone: "text-blue-800",
  },
  {
    filter: "collected",
    label: "samples.filter.collected",
    count: (summary) => summary.collected,
    tone: "text-yellow-800",
  },
  {
    filter: "testing",
    label: "samples.filter.testing",
    count: (summary) => summary.testing,
    tone: "text-orange-800",
  },
  {
    filter: "completed",
    label: "samples.filter.completed",
    count: (summary) => summary.completed,
    tone: "text-green-800",
  },
];

/** The collapsible summary: five tiles, each selecting its filter. */
export function SummaryTiles({
  summary,
  active,
  onSelect,
}: {
  summary: SampleSummary | undefined;
  active: StatusFilter;
  onSelect: (filter: StatusFilter) => void;
}) {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const { t, number } = useT("samples");

  return (
    <section
      aria-label={t("samples.summary.title")}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-2 rounded-xl px-4 py-3 text-left text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          {t("samples.summary.title")}
          <ChevronDown
            aria-hidden="true"
            className={cn("h-5 w-5 transition-transform", open && "rotate-180")}
          />
        </button>
      </h2>
      <div
        id={panelId}
        hidden={!open}
        className="grid grid-cols-2 gap-2 px-4 pb-4 sm:grid-cols-3 lg:grid-cols-5"
      >
        {TILES.map((tile) => (
          <button
            key={tile.filter}
            type="button"
            aria-pressed={active === tile.filter}
            onClick={() => onSelect(tile.filter)}
            className={cn(
              "min-w-0 rounded-lg border p-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700",
              active === tile.filter ? "border-teal-600 bg-teal-50" : "border-slate-200 hover:bg-slate-50",
            )}
          >
            <span className="block text-xs font-medium break-words text-slate-700">{t(tile.label)}</span>
            <span className={cn("block text-2xl font-bold", tile.tone)}>
              {summary ? number(tile.count(summary)) : "–"}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
