import { FlaskConical, Save } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";

import {
  RESULT_NOTE_MAX,
  resultMessages,
  type Analysis,
  type AnalysisState,
  type Parameter,
  type ParameterLine,
} from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Select, Textarea, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";

import { useEnterResults } from "../api/enter-results";
import { useLabMarkets } from "../api/get-lab-markets";
import { useLabParameters } from "../api/get-lab-parameters";
import {
  VALUE_CHOICE,
  catalogueOf,
  choicesOf,
  emptyEntry,
  entryProblems,
  fieldCode,
  liveJudgement,
  marketSpecs,
  methodLine,
  prefill,
  resultsPayload,
  takesNumber,
  type Entries,
  type Entry,
} from "../utils/results-entry";
import { LineVerdicts, MarketVerdicts } from "./judgement-view";

export const ANALYSIS_STATE_LABELS: Record<AnalysisState, string> = {
  awaiting_results: "Awaiting results",
  confirmation: "Confirmation testing",
  awaiting_review: "Awaiting review",
  returned: "Returned to the analyst",
  released: "Released",
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
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Analysis | null>(null);
  const { ref: formRef, reveal } = useErrorReveal();

  const judgement = liveJudgement({ panel, catalogue, entries, markets: specs });
  const lines = judgement.parameters;
  const problems = entryProblems(lines, entries);

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
      setBanner(resultMessages.resultsRequired);
      reveal();
      return;
    }
    const codes = body.results.map((result) => result.code);
    enter.mutate(
      { sampleId, input: body },
      {
        onSuccess: (analysisAnswer) => {
          setAnswer(analysisAnswer);
          toast.success(`Results saved for sample #${sampleId}`);
        },
        onError: (error) => {
          const field = serverFieldError(error);
          const code = field ? fieldCode(field.field, codes) : null;
          if (field && code) setServerErrors({ [code]: field.message });
          else setBanner(field?.message ?? (error instanceof Error ? error.message : String(error)));
          reveal();
        },
      },
    );
  };

  if (panel.length === 0) {
    return (
      <Alert tone="warning">
        No parameters are set up for this sample&apos;s test types yet: an admin adds them to the test
        type&apos;s panel under Markets.
      </Alert>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Test results" className="space-y-4">
      {analysis?.state === "returned" && analysis.returnedNote ? (
        <Alert tone="warning">
          <span className="font-semibold">Sent back by the reviewer:</span> {analysis.returnedNote}
        </Alert>
      ) : null}
      <ErrorBanner message={banner} />

      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Verdict so far</h3>
        <MarketVerdicts markets={judgement.markets} label="Market verdicts so far" />
        <p className="text-xs text-slate-700" aria-live="polite">
          {judgement.complete
            ? `Every parameter has a result: ${judgement.result === "success" ? "the report will pass" : "the report will fail"}.`
            : `${judgement.missing.length} of ${lines.length} parameters still need a result.`}
        </p>
      </div>

      {judgement.confirmationsRequired.length > 0 ? (
        <Alert tone="warning">
          <span className="font-semibold">Confirmation testing:</span>{" "}
          {judgement.confirmationsRequired
            .map((code) => {
              const screening = catalogue.get(code);
              const confirm = screening?.confirmWith ? catalogue.get(screening.confirmWith) : undefined;
              return `${screening?.name ?? code} screened positive; enter ${confirm?.name ?? screening?.confirmWith ?? "its confirmatory test"}`;
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
            error={serverErrors[line.code] ?? problems[line.code]}
            onChange={(change) => setEntry(line, change)}
          />
        ))}
      </div>

      <Field id="results-note" label="Analyst's remark (optional, printed on the certificate)">
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
          Saved round {answer.round}: {ANALYSIS_STATE_LABELS[answer.state]}.{" "}
          {answer.judgement.markets.map((market) => `${market.code} ${market.verdict}`).join(", ")}
        </Alert>
      ) : null}

      <div className="flex justify-end">
        <Button
          type="submit"
          isLoading={enter.isPending}
          icon={<Save aria-hidden="true" className="h-4 w-4" />}
          className="w-full sm:w-auto"
        >
          Save Results
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
  error: string | undefined;
  onChange: (change: Partial<Entry>) => void;
}) {
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
        {line.name} <span className="font-normal text-slate-600">({line.code})</span>
      </legend>
      <p className="mb-2 text-xs break-words text-slate-600">{methodLine(line)}</p>
      {line.confirmedBy ? (
        <p className="mb-2 flex items-start gap-1 text-xs font-medium text-amber-900">
          <FlaskConical aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          Confirmation testing: a positive screening, decided by {line.confirmedBy}.
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.length > 0 ? (
          <Field id={`${id}-choice`} label={line.kind === "graded" ? "Grade" : "Result"}>
            <Select
              id={`${id}-choice`}
              className="min-h-11"
              value={entry.choice}
              invalid={Boolean(error) && !showValue}
              aria-describedby={error && !showValue ? errorId : undefined}
              onChange={(event) => onChange({ choice: event.target.value })}
            >
              {numeric ? null : <option value="">Choose...</option>}
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {showValue ? (
          <Field
            id={`${id}-value`}
            label={line.kind === "graded" ? "Score" : `Value${line.unit ? ` (${line.unit})` : ""}`}
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
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2">
        <LineVerdicts line={line} />
      </div>
    </fieldset>
  );
}
