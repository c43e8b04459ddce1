import { FlaskConical, Save } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";

import {
  RESULT_NOTE_MAX,
  inResultValueRange,
  resultRangeWords,
  resultValueOutOfRange,
  resultValueRange,
  type Analysis,
  type AnalysisState,
  type Parameter,
  type ParameterLine,
} from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Select, Textarea, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";
import { LineVerdicts, MarketVerdicts } from "@/components/lab/judgement-view";
import { useLabMarkets } from "@/lib/api/get-lab-markets";
import { useLabParameters } from "@/lib/api/get-lab-parameters";
import { methodLine } from "@/lib/lab-method-line";
import { VERDICT_TEXT } from "@/lib/lab-verdicts";

import { useEnterResults } from "../api/enter-results";
import {
  VALUE_CHOICE,
  catalogueOf,
  choicesOf,
  emptyEntry,
  entryProblems,
  fieldCode,
  liveJudgement,
  marketSpecs,
  prefill,
  resultsPayload,
  takesNumber,
  type Entries,
  type Entry,
} from "../utils/results-entry";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

/** Each analysis state's words, by catalogue key. */
export const ANALYSIS_STATE_LABELS: Record<AnalysisState, MessageKey<"lab">> = {
  awaiting_results: "lab.analysisState.awaiting_results",
  confirmation: "lab.analysisState.confirmation",
  awaiting_review: "lab.analysisState.awaiting_review",
  returned: "lab.analysisState.returned",
  released: "lab.analysisState.released",
};

interface ResultsEntryProps {
  sampleId: number;
  /** The sample's chosen markets (none: the lab's default limits). */
  markets: readonly string[];
  panel: readonly Parameter[];
  analysis: Analysis | null;
}

/**
 * Results entry (analyst): one row per parameter of the panel, in its unit, with the verdict per
 * market computed live by the server's own engine; a screening positive adds its confirmatory row.
 */
export function ResultsEntry({ sampleId, markets, panel, analysis }: ResultsEntryProps) {
  const { t } = useT("lab");
  const names = useResultNames();
  const toast = useToast();
  const marketList = useLabMarkets();
  const parameterList = useLabParameters();
  const enter = useEnterResults();
  const catalogue = useMemo(
    () => catalogueOf(panel, parameterList.data, analysis?.judgement.parameters),
    [panel, parameterList.data, analysis],
  );
  const specs = useMemo(
    () => marketSpecs(markets, marketList.data, analysis),
    [markets, marketList.data, analysis],
  );
  const [entries, setEntries] = useState<Entries>(() => prefill(catalogue, analysis));
  const [note, setNote] = useState("");
  const [serverErrors, setServerErrors] = useState<Record<string, Shown>>({});
  const [banner, setBanner] = useState<Shown | null>(null);
  const [answer, setAnswer] = useState<Analysis | null>(null);
  const { ref: formRef, reveal } = useErrorReveal();

  const judgement = liveJudgement({ panel, catalogue, entries, markets: specs });
  const lines = judgement.parameters;
  const problems = entryProblems(lines, entries);
  // The server's range message, in the reader's language, as soon as a typed number leaves its range.
  const rangeErrors = Object.fromEntries(
    lines.flatMap((line) => {
      const entry = entries[line.code];
      if (!entry || entry.choice !== VALUE_CHOICE || !takesNumber(line)) return [];
      const typed = entry.value.trim().replace(",", ".");
      const bounds = resultValueRange(line);
      if (typed === "" || Number.isNaN(Number(typed)) || inResultValueRange(bounds, Number(typed))) return [];
      return [
        [
          line.code,
          resultValueOutOfRange(resultRangeWords(line, names.parameter(line.code, line.name), bounds)),
        ],
      ];
    }),
  );

  const setEntry = (parameter: Parameter, change: Partial<Entry>) => {
    setEntries((current) => ({
      ...current,
      [parameter.code]: { ...(current[parameter.code] ?? emptyEntry(parameter)), ...change },
    }));
    setServerErrors((current) => {
      if (!(parameter.code in current)) return current;
      return Object.fromEntries(Object.entries(current).filter(([code]) => code !== parameter.code));
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    if (Object.keys(problems).length > 0) {
      reveal();
      return;
    }
    const body = resultsPayload(lines, entries, note);
    if (body.results.length === 0) {
      setBanner("resultsRequired");
      reveal();
      return;
    }
    const codes = body.results.map((result) => result.code);
    enter.mutate(
      { sampleId, input: body },
      {
        onSuccess: (analysisAnswer) => {
          setAnswer(analysisAnswer);
          toast.success(t("lab.entry.saved", { id: sampleId }));
        },
        onError: (error) => {
          const field = serverFieldError(error);
          const code = field ? fieldCode(field.field, codes) : null;
          if (field && code) setServerErrors({ [code]: field.message });
          else setBanner(field?.message ?? shownOf(error));
          reveal();
        },
      },
    );
  };

  if (panel.length === 0) {
    return <Alert tone="warning">{t("lab.entry.noPanel")}</Alert>;
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={t("lab.entry.formLabel")}
      className="space-y-4"
    >
      {analysis?.state === "returned" && analysis.returnedNote ? (
        <Alert tone="warning">
          <span className="font-semibold">{t("lab.entry.sentBackBy")}</span> {analysis.returnedNote}
        </Alert>
      ) : null}
      <ErrorBanner message={banner} />

      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("lab.entry.verdictSoFar")}</h3>
        <MarketVerdicts markets={judgement.markets} label={t("lab.entry.marketVerdictsSoFar")} />
        <p className="text-xs text-slate-700" aria-live="polite">
          {judgement.complete
            ? judgement.result === "success"
              ? t("lab.entry.completePass")
              : t("lab.entry.completeFail")
            : t("lab.entry.missing", { missing: judgement.missing.length, total: lines.length })}
        </p>
      </div>

      {judgement.confirmationsRequired.length > 0 ? (
        <Alert tone="warning">
          <span className="font-semibold">{t("lab.entry.confirmation")}</span>{" "}
          {judgement.confirmationsRequired
            .map((code) => {
              const screening = catalogue.get(code);
              const confirm = screening?.confirmWith ? catalogue.get(screening.confirmWith) : undefined;
              return t("lab.entry.screenedPositive", {
                screening: names.parameter(code, screening?.name ?? code),
                confirm: confirm
                  ? names.parameter(confirm.code, confirm.name)
                  : (screening?.confirmWith ?? t("lab.entry.itsConfirmatory")),
              });
            })
            .join("; ")}
          .
        </Alert>
      ) : null}

      <div className="space-y-3">
        {lines.map((line) => (
          <ResultRow
            key={line.code}
            line={line}
            entry={entries[line.code] ?? emptyEntry(line)}
            error={serverErrors[line.code] ?? rangeErrors[line.code] ?? problems[line.code]}
            onChange={(change) => setEntry(line, change)}
          />
        ))}
      </div>

      <Field id="results-note" label={t("lab.entry.remark")}>
        <Textarea
          id="results-note"
          rows={2}
          maxLength={RESULT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>

      {answer ? (
        <Alert tone="success">
          {t("lab.entry.savedRound", { round: answer.round, state: t(ANALYSIS_STATE_LABELS[answer.state]) })}{" "}
          {answer.judgement.markets
            .map((market) => `${names.marketShort(market.code)} ${t(VERDICT_TEXT[market.verdict])}`)
            .join(", ")}
        </Alert>
      ) : null}

      <div className="flex justify-end">
        <Button
          type="submit"
          isLoading={enter.isPending}
          icon={<Save aria-hidden="true" className="h-4 w-4" />}
          className="w-full sm:w-auto"
        >
          {t("lab.entry.save")}
        </Button>
      </div>
    </form>
  );
}

function ResultRow({
  line,
  entry,
  error,
  onChange,
}: {
  line: ParameterLine;
  entry: Entry;
  error: Shown | undefined;
  onChange: (change: Partial<Entry>) => void;
}) {
  const { t } = useT("lab");
  const names = useResultNames();
  const unit = names.unit(line.unit);
  const id = `result-${line.code}`;
  const choices = choicesOf(line);
  const numeric = takesNumber(line);
  const showValue = numeric && entry.choice === VALUE_CHOICE;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3"
      data-testid="result-row"
      data-code={line.code}
    >
      <legend className="max-w-full px-1 text-sm font-semibold break-words text-slate-900">
        {names.parameter(line.code, line.name)}{" "}
        <span className="font-normal text-slate-600">({line.code})</span>
      </legend>
      <p className="mb-2 text-xs break-words text-slate-600">{methodLine(line)}</p>
      {line.confirmedBy ? (
        <p className="mb-2 flex items-start gap-1 text-xs font-medium text-amber-900">
          <FlaskConical aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          <span className="min-w-0 break-words">
            {t("lab.entry.confirmationRow", { code: line.confirmedBy })}
          </span>
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.length > 0 ? (
          <Field
            id={`${id}-choice`}
            label={line.kind === "graded" ? t("lab.entry.grade") : t("lab.entry.result")}
          >
            <Select
              id={`${id}-choice`}
              className="min-h-11"
              value={entry.choice}
              invalid={Boolean(error) && !showValue}
              aria-describedby={error && !showValue ? errorId : undefined}
              onChange={(event) => onChange({ choice: event.target.value })}
            >
              {numeric ? null : <option value="">{t("lab.entry.choose")}</option>}
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {line.kind === "graded" ? names.grade(choice.label) : choice.label}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {showValue ? (
          <Field
            id={`${id}-value`}
            label={
              line.kind === "graded"
                ? t("lab.entry.score")
                : unit
                  ? t("lab.entry.valueIn", { unit })
                  : t("lab.entry.value")
            }
          >
            <Input
              id={`${id}-value`}
              className="min-h-11"
              inputMode="decimal"
              autoComplete="off"
              value={entry.value}
              invalid={Boolean(error)}
              aria-describedby={describedBy(`${id}`, error)}
              onChange={(event) => onChange({ value: event.target.value })}
            />
          </Field>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium break-words text-red-700">
          <LocalizedMessage text={error} />
        </p>
      ) : null}
      <div className="mt-2">
        <LineVerdicts line={line} />
      </div>
    </fieldset>
  );
}
