import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

import type { MarketOutcome } from "../utils/market-outcome";

/**
 * "Passed for EU · Not for US" in the reader's language; "Not passed for EU, US" when none passed.
 * A report judged against no market (issued before markets) has no headline: empty.
 */
export function useMarketHeadline(): (outcome: Pick<MarketOutcome, "passed" | "failed">) => string {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  return ({ passed, failed }) => {
    const list = (codes: readonly string[]) => codes.map((code) => names.marketShort(code)).join(", ");
    const parts: string[] = [];
    if (passed.length > 0) parts.push(t("reports.headline.passedFor", { markets: list(passed) }));
    if (failed.length > 0)
      parts.push(
        passed.length > 0
          ? t("reports.headline.notFor", { markets: list(failed) })
          : t("reports.headline.failedFor", { markets: list(failed) }),
      );
    return parts.join(" · ");
  };
}
