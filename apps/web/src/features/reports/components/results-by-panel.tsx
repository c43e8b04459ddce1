import { ChevronDown } from "lucide-react";

import type { Report } from "@lab/contracts";

import { ParameterResults } from "@/components/reports/parameter-results";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

import { groupByPanel } from "../utils/market-outcome";

const failsSomewhere = (line: Report["parameters"][number]) =>
  line.markets.some((market) => market.verdict === "fail");

/**
 * Every result, one closed group per test type (native details: no script, keyboard and screen
 * reader work as they do everywhere); a 44 px summary line says how many lines and how many fail.
 */
export function ResultsByPanel({ report }: { report: Report }) {
  const { t } = useT("reports");
  const domain = useDomainNames();
  const groups = groupByPanel(report.parameters, report.panels);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">{t("reports.detail.allResultsHint")}</p>
      {groups.map((group) => {
        const title = group.testType ? domain.testType(group.testType) : t("reports.detail.otherParameters");
        const failing = group.lines.filter(failsSomewhere).length;
        return (
          <details
            key={group.testType ?? ""}
            className="group rounded-lg border border-slate-200 bg-white print:border-slate-400"
          >
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-teal-700 [&::-webkit-details-marker]:hidden">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="block font-semibold text-slate-900">{title}</span>
                <span className="block text-xs text-slate-700">
                  {t("reports.detail.panelCount", { count: group.lines.length })}
                  {failing > 0 ? (
                    <span className="font-semibold text-red-800">
                      {" · "}
                      {t("reports.detail.panelFailing", { count: failing })}
                    </span>
                  ) : null}
                </span>
              </span>
              <ChevronDown
                aria-hidden="true"
                className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="border-t border-slate-100 p-3">
              <ParameterResults lines={group.lines} caption={title} />
            </div>
          </details>
        );
      })}
    </div>
  );
}
