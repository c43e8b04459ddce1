import { CircleAlert, CircleCheck, CircleX } from "lucide-react";

import { resultWithUnit, type Report } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { MarketVerdictChips } from "@/components/reports/market-verdicts";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

import { useMarketHeadline } from "../hooks/use-market-headline";
import { marketOutcome, type MarketOutcome } from "../utils/market-outcome";

/** What the certificate covers, in a sentence: all markets, some of them, or none (no number). */
function useOutcomeSentence(): (outcome: MarketOutcome) => string {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  return (outcome) => {
    const list = (codes: readonly string[]) => codes.map((code) => names.marketShort(code)).join(", ");
    if (outcome.certification === null || outcome.certified.length === 0)
      // A market may have passed on a report issued before such a sample was certified for it.
      return outcome.passed.length > 0 ? t("reports.detail.noCertificate") : t("reports.outcome.none");
    if (outcome.notCertified.length === 0)
      return t("reports.outcome.certifiedAll", {
        number: outcome.certification,
        markets: list(outcome.certified),
      });
    return t("reports.outcome.certifiedPartly", {
      number: outcome.certification,
      certified: list(outcome.certified),
      notCertified: list(outcome.notCertified),
    });
  };
}

/**
 * The verdict first: "Passed for EU · Not for US", what the certificate certifies, each market's chip
 * and every parameter outside a limit with its result and the limit it breaks.
 */
export function MarketOutcomeBox({ report }: { report: Report }) {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  const headline = useMarketHeadline();
  const sentence = useOutcomeSentence();
  const outcome = marketOutcome(report);
  const tone =
    outcome.failed.length === 0
      ? "border-green-300 bg-green-50 text-green-950"
      : outcome.passed.length > 0
        ? "border-amber-300 bg-amber-50 text-amber-950"
        : "border-red-300 bg-red-50 text-red-950";
  const Icon = outcome.failed.length === 0 ? CircleCheck : outcome.passed.length > 0 ? CircleAlert : CircleX;
  return (
    <section
      aria-label={t("reports.banner.label")}
      className={cn("space-y-3 rounded-xl border p-4 sm:p-5", tone)}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className="h-8 w-8 shrink-0" />
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h2 className="text-xl font-bold">{headline(outcome)}</h2>
          <p className="text-sm">{sentence(outcome)}</p>
        </div>
      </div>
      <MarketVerdictChips markets={report.markets} showVersion />
      {outcome.failing.length > 0 ? (
        <div className="rounded-lg border border-red-300 bg-white p-3 text-red-950">
          <h3 className="text-sm font-semibold">{t("reports.failing.title")}</h3>
          <ul aria-label={t("reports.failing.title")} className="mt-1 space-y-2 text-sm">
            {outcome.failing.map((line) => (
              <li key={line.code} className="[overflow-wrap:anywhere]">
                <span className="font-semibold">{names.parameter(line.code, line.name)}</span>{" "}
                <span className="font-semibold whitespace-nowrap">
                  {resultWithUnit({ result: names.display(line.result), unit: names.unit(line.unit) })}
                </span>
                {line.markets.map((market) => (
                  <span key={market.code} className="block text-red-900">
                    {t("reports.failing.limit", {
                      market: names.marketShort(market.code),
                      limit: names.limitText(market.limitText),
                    })}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
