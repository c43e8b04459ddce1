import { Check } from "lucide-react";

import { MARKETS_MAX } from "@lab/contracts";

import { cn } from "@/components/ui/cn";
import { useMarkets } from "@/lib/api/get-markets";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import type { Shown } from "@/lib/i18n/message-text";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

import { ErrorText } from "./error-text";

/** The hint in English (the catalogue's reports.markets.hint), for tests that read it. */
export const MARKETS_HINT =
  "Results are judged against each market's limits; with none, against the lab's default limits.";

/**
 * Destination markets as tappable chips (checkboxes, 44 px): the submit form and the profile's
 * default markets. Codes the list does not know (a removed buyer spec) stay selected and shown.
 */
export function MarketPicker({
  id,
  legend,
  selected,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: Shown | undefined;
}) {
  const { t } = useT("reports", "results");
  const names = useResultNames();
  const markets = useMarkets();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const known = markets.data ?? [];
  const unknown = selected.filter((code) => !known.some((market) => market.code === code));
  const options = [...known, ...unknown.map((code) => ({ code, name: code }))];
  const full = selected.length >= MARKETS_MAX;

  const toggle = (code: string, checked: boolean) =>
    onChange(checked ? [...selected, code] : selected.filter((entry) => entry !== code));

  return (
    <fieldset
      id={id}
      className="min-w-0 space-y-2"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p id={hintId} className="text-xs text-slate-600">
        {t("reports.markets.hint")}
      </p>
      {markets.isPending ? (
        <p className="text-sm text-slate-700">{t("reports.markets.loading")}</p>
      ) : markets.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t("reports.markets.loadFailed")} <ErrorText error={markets.error} />{" "}
          <button
            type="button"
            className="inline-flex min-h-11 items-center font-medium text-teal-800 underline"
            onClick={() => void markets.refetch()}
          >
            {t("reports.markets.retry")}
          </button>
        </p>
      ) : null}
      {options.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {options.map((market) => {
            const checked = selected.includes(market.code);
            const inputId = `${id}-${market.code}`;
            return (
              <li key={market.code} className="max-w-full min-w-0">
                <label
                  htmlFor={inputId}
                  className={cn(
                    "inline-flex min-h-11 max-w-full cursor-pointer items-center gap-2 rounded-3xl border px-3 py-1.5 text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-teal-700",
                    checked
                      ? "border-teal-700 bg-teal-50 font-semibold text-teal-900"
                      : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
                  )}
                >
                  <input
                    id={inputId}
                    type="checkbox"
                    className="sr-only"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(event) => toggle(market.code, event.target.checked)}
                  />
                  {checked ? <Check aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {market.code === market.name
                      ? market.code
                      : t("reports.markets.option", {
                          code: market.code,
                          name: names.market(market.code, market.name),
                        })}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="text-xs text-slate-600" aria-live="polite">
        {selected.length === 0
          ? t("reports.markets.noneChosen")
          : full
            ? t("reports.markets.chosenFull", { count: selected.length, max: MARKETS_MAX })
            : t("reports.markets.chosen", { count: selected.length })}
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-800">
          <LocalizedMessage text={error} />
        </p>
      ) : null}
    </fieldset>
  );
}
