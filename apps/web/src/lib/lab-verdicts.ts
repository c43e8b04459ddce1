import type { MarketVerdict, ParameterVerdict } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

/** A verdict in words, with its sign: colour is never the only cue. */
export const VERDICT_TEXT: Record<ParameterVerdict | MarketVerdict, MessageKey<"lab">> = {
  pass: "lab.verdict.pass",
  fail: "lab.verdict.fail",
  pending: "lab.verdict.pending",
  no_limit: "lab.verdict.no_limit",
};

export const VERDICT_TONE: Record<ParameterVerdict | MarketVerdict, string> = {
  pass: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  fail: "bg-red-50 text-red-900 ring-red-200",
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  no_limit: "bg-slate-50 text-slate-800 ring-slate-200",
};
