// Names in certified results that arrive as data (a parameter, a market, a grade, a result printed
// by contracts' displayResult/displayLimit) in the reader's language. Shared by the customer's
// reports, /verify and the lab console.
import { LAB_DEFAULT_MARKET, type MarketVerdict, type ParameterVerdict } from "@lab/contracts";

import { translateKnown } from "./i18n";
import { useT } from "./use-t";

const SCORE_UNIT = "score 0–10";

/** "150000" → "1,50,000", "0.123" stays: a lab value keeps its digits, only the grouping changes. */
export function groupDigits(text: string, group: (value: number) => string): string {
  const match = /^(\d{4,})(\.\d+)?$/.exec(text);
  if (!match?.[1]) return text;
  return `${group(Number(match[1]))}${match[2] ?? ""}`;
}

export function useResultNames() {
  const { t, language, number } = useT("results");
  const named = translateKnown;
  // English shows the name the lab's database holds (staff may have reworded it); other languages the catalogue's.
  const fromCatalogue = (key: string, fallback: string) =>
    language === "en" ? fallback : named(key, fallback);
  const grade = (text: string) => named(`results.grade.${text}`, text);
  const grouped = (text: string) => groupDigits(text, (value) => number(value));

  /** A parameter by its catalogue code; a staff-created one by the name the API sent. */
  const parameter = (code: string, name: string) => fromCatalogue(`results.param.${code}`, name);
  /** A market's full name ("European Union"); a buyer's own specification by its name. */
  const market = (code: string, name: string) => fromCatalogue(`results.market.${code}`, name);
  /** The short name on chips and column heads: the code, "Lab" for the lab's own limits. */
  const marketShort = (code: string) => (code === LAB_DEFAULT_MARKET ? t("results.market.labShort") : code);

  /** A result as contracts print it ("Not detected", "< LOQ (0.05)", a grade, a number). */
  const display = (text: string): string => {
    switch (text) {
      case "Not detected":
        return t("results.display.notDetected");
      case "Detected":
        return t("results.display.detected");
      case "Absent in 25 g":
        return t("results.display.absent25g");
      case "Present in 25 g":
        return t("results.display.present25g");
    }
    const loq = /^< LOQ \((.+)\)$/.exec(text)?.[1];
    if (loq !== undefined) return t("results.display.belowLoq", { loq });
    const lod = /^Not detected \(< LOD (.+)\)$/.exec(text)?.[1];
    if (lod !== undefined) return t("results.display.notDetectedLod", { lod });
    return grouped(grade(text));
  };

  /** A limit as contracts print it ("≤ 0.15", "≥ A", "Not detected", "See CAP"). */
  const limitText = (text: string): string => {
    const see = /^See (.+)$/.exec(text)?.[1];
    if (see !== undefined) return t("results.display.see", { parameter: see });
    const bound = /^([<>≤≥]) (.+)$/.exec(text);
    if (bound?.[1] && bound[2]) return `${bound[1]} ${grouped(grade(bound[2]))}`;
    return display(text);
  };

  const unit = (text: string | null) => (text === SCORE_UNIT ? t("results.unit.score") : text);

  const resultLabel = (result: "success" | "failure") =>
    result === "success" ? t("results.result.success") : t("results.result.failure");

  const verdict = (value: ParameterVerdict) =>
    value === "no_limit" ? t("results.verdict.noLimit") : t(`results.verdict.${value}`);

  /** "EU ✓ Pass": a market's verdict on a chip. */
  const marketChip = (code: string, value: MarketVerdict) =>
    t(`results.market.chip.${value}`, { market: marketShort(code) });

  /** A parameter's verdict against one market's limit: "✗ Outside EU limit". */
  const limitVerdict = (code: string, value: ParameterVerdict) => {
    if (value === "pending") return t("results.limitVerdict.pending");
    const kind = value === "no_limit" ? "noLimit" : value;
    return code === LAB_DEFAULT_MARKET
      ? t(`results.limitVerdict.lab.${kind}`)
      : t(`results.limitVerdict.${kind}`, { market: code });
  };

  return {
    parameter,
    market,
    marketShort,
    grade,
    display,
    limitText,
    unit,
    resultLabel,
    verdict,
    marketChip,
    limitVerdict,
  };
}

export type ResultNames = ReturnType<typeof useResultNames>;
