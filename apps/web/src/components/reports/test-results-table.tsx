import type { ReportTest } from "@lab/contracts";

import { CircleCheck, CircleX } from "lucide-react";

import { cn } from "@/components/ui/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useMediaQuery } from "@/hooks/use-media-query";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

/** Below lg the six columns do not fit beside the navigation: one card per test instead. */
export const CARD_LAYOUT_QUERY = "(max-width: 1023.98px)";

export function VerdictBadge({
  verdict,
  large = false,
}: {
  verdict: ReportTest["verdict"];
  large?: boolean;
}) {
  const names = useResultNames();
  const Icon = verdict === "pass" ? CircleCheck : CircleX;
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full font-semibold",
        large ? "px-3 py-1 text-base" : "px-2.5 py-0.5 text-xs",
        verdict === "pass" ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900",
      )}
    >
      {large ? <Icon aria-hidden="true" className="h-5 w-5" /> : null}
      {names.verdict(verdict)}
    </span>
  );
}

const CARD_FIELDS = [
  { key: "value", label: "reports.table.value" },
  { key: "unit", label: "reports.table.unit" },
  { key: "limit", label: "reports.table.limit" },
  { key: "method", label: "reports.table.method" },
] as const;

/** A test's cell as the reader reads it: result and limit words translated, numbers grouped. */
function useCellText() {
  const names = useResultNames();
  return (test: ReportTest, key: (typeof CARD_FIELDS)[number]["key"]): string => {
    const text = test[key];
    if (!text) return "—";
    if (key === "value") return names.display(text);
    if (key === "limit") return names.limitText(text);
    if (key === "unit") return names.unit(text) ?? text;
    return text;
  };
}

/** A phone's view of the results: each test a card, its verdict large at the top. */
function TestResultCards({ tests, caption }: { tests: readonly ReportTest[]; caption: string }) {
  const { t } = useT("reports");
  const domain = useDomainNames();
  const cell = useCellText();
  return (
    <ul aria-label={caption} className="space-y-3">
      {tests.map((test) => (
        <li key={test.testType} className="rounded-lg border border-slate-200 bg-white p-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">
              {domain.testType(test.testType)}
            </h3>
            <VerdictBadge verdict={test.verdict} large />
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
            {CARD_FIELDS.map((field) => (
              <div key={field.key} className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{t(field.label)}</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-800">{cell(test, field.key)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** One row per requested test type: value, unit, limit, method and verdict; cards below lg. */
export function TestResultsTable({ tests, caption }: { tests: readonly ReportTest[]; caption: string }) {
  const { t } = useT("reports");
  const domain = useDomainNames();
  const cell = useCellText();
  const cards = useMediaQuery(CARD_LAYOUT_QUERY);
  if (cards) return <TestResultCards tests={tests} caption={caption} />;
  return (
    <Table label={caption} size="sm" tableClassName="w-full min-w-[36rem]">
      <TableHeader>
        <TableRow>
          <TableHead>{t("reports.table.test")}</TableHead>
          <TableHead>{t("reports.table.value")}</TableHead>
          <TableHead>{t("reports.table.unit")}</TableHead>
          <TableHead>{t("reports.table.limit")}</TableHead>
          <TableHead>{t("reports.table.method")}</TableHead>
          <TableHead>{t("reports.table.verdict")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {tests.map((test) => (
          <TableRow key={test.testType}>
            <TableHead row className="font-medium text-slate-900">
              {domain.testType(test.testType)}
            </TableHead>
            <TableCell className="text-slate-800">{cell(test, "value")}</TableCell>
            <TableCell className="text-slate-800">{cell(test, "unit")}</TableCell>
            <TableCell className="text-slate-800">{cell(test, "limit")}</TableCell>
            <TableCell className="text-slate-800">{cell(test, "method")}</TableCell>
            <TableCell>
              <VerdictBadge verdict={test.verdict} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
