import { FileCheck2 } from "lucide-react";
import { useState, type FormEvent } from "react";

import {
  REPORT_LIMIT_MAX,
  REPORT_METHOD_MAX,
  REPORT_REVIEW_MAX,
  REPORT_SECTION_MAX,
  REPORT_UNIT_MAX,
  REPORT_VALUE_MAX,
  type IssueReportRequest,
} from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Select, Textarea, describedBy } from "@/components/ui/input";
import { LAB_RESULT_FIELDS, resultLabel } from "@/utils/report-result";

import {
  expectedResult,
  hasErrors,
  initialResults,
  resultsPayload,
  validateResults,
  type LabResultKey,
  type ResultRow,
  type RowErrors,
} from "../utils/results-form";

interface ResultsFormProps {
  testTypes: readonly string[];
  isPending: boolean;
  onSubmit: (input: IssueReportRequest) => void;
}

/** Results entry: one row per requested test type, the inspection texts, then Issue Report. */
export function ResultsForm({ testTypes, isPending, onSubmit }: ResultsFormProps) {
  const [values, setValues] = useState(() => initialResults(testTypes));
  const [errors, setErrors] = useState<RowErrors[]>([]);
  const { ref: formRef, reveal } = useErrorReveal();
  const outcome = expectedResult(values.rows);

  const setRow = (index: number, change: Partial<ResultRow>) => {
    setValues((current) => ({
      ...current,
      rows: current.rows.map((row, at) => (at === index ? { ...row, ...change } : row)),
    }));
    // The error of the field just changed goes; the others stay until the next Issue Report.
    setErrors((current) =>
      current.map((row, at) =>
        at === index
          ? {
              ...(change.value === undefined ? { value: row.value } : {}),
              ...(change.verdict === undefined ? { verdict: row.verdict } : {}),
            }
          : row,
      ),
    );
  };
  const setLabResult = (key: LabResultKey, text: string) =>
    setValues((current) => ({ ...current, labResults: { ...current.labResults, [key]: text } }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateResults(values);
    setErrors(found);
    if (hasErrors(found)) {
      reveal();
      return;
    }
    onSubmit(resultsPayload(values));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Test results" className="space-y-5">
      <Field id="initial-inspection" label="Initial Inspection">
        <Textarea
          id="initial-inspection"
          rows={3}
          maxLength={REPORT_REVIEW_MAX}
          value={values.initialInspection}
          onChange={(event) =>
            setValues((current) => ({ ...current, initialInspection: event.target.value }))
          }
        />
      </Field>

      <div className="space-y-3">
        <h3 className="font-semibold text-slate-900">Results per test type</h3>
        {values.rows.map((row, index) => {
          const rowErrors = errors[index] ?? {};
          const id = (field: string) => `result-${index}-${field}`;
          return (
            <fieldset
              key={row.testType}
              className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3"
              data-testid="result-row"
            >
              <legend className="px-1 text-sm font-semibold text-slate-900">{row.testType}</legend>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
                <Field id={id("value")} label="Value" error={rowErrors.value} required>
                  <Input
                    id={id("value")}
                    value={row.value}
                    maxLength={REPORT_VALUE_MAX}
                    onChange={(event) => setRow(index, { value: event.target.value })}
                    invalid={Boolean(rowErrors.value)}
                    aria-describedby={describedBy(id("value"), rowErrors.value)}
                    aria-required="true"
                  />
                </Field>
                <Field id={id("unit")} label="Unit">
                  <Input
                    id={id("unit")}
                    value={row.unit}
                    maxLength={REPORT_UNIT_MAX}
                    onChange={(event) => setRow(index, { unit: event.target.value })}
                  />
                </Field>
                <Field id={id("limit")} label="Limit">
                  <Input
                    id={id("limit")}
                    value={row.limit}
                    maxLength={REPORT_LIMIT_MAX}
                    onChange={(event) => setRow(index, { limit: event.target.value })}
                  />
                </Field>
                <Field id={id("method")} label="Method">
                  <Input
                    id={id("method")}
                    value={row.method}
                    maxLength={REPORT_METHOD_MAX}
                    onChange={(event) => setRow(index, { method: event.target.value })}
                  />
                </Field>
                <Field id={id("verdict")} label="Verdict" error={rowErrors.verdict} required>
                  <Select
                    id={id("verdict")}
                    value={row.verdict}
                    onChange={(event) =>
                      setRow(index, {
                        verdict:
                          event.target.value === "fail"
                            ? "fail"
                            : event.target.value === "pass"
                              ? "pass"
                              : "",
                      })
                    }
                    invalid={Boolean(rowErrors.verdict)}
                    aria-describedby={describedBy(id("verdict"), rowErrors.verdict)}
                    aria-required="true"
                  >
                    <option value="">Choose...</option>
                    <option value="pass">Pass</option>
                    <option value="fail">Fail</option>
                  </Select>
                </Field>
              </div>
            </fieldset>
          );
        })}
      </div>

      <fieldset className="min-w-0 space-y-3">
        <legend className="font-semibold text-slate-900">Laboratory Results</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {LAB_RESULT_FIELDS.map((field) => (
            <Field key={field.key} id={`lab-${field.key}`} label={field.label}>
              <Textarea
                id={`lab-${field.key}`}
                rows={2}
                maxLength={REPORT_SECTION_MAX}
                value={values.labResults[field.key]}
                onChange={(event) => setLabResult(field.key, event.target.value)}
              />
            </Field>
          ))}
        </div>
      </fieldset>

      <Field id="final-review" label="Final Review">
        <Textarea
          id="final-review"
          rows={3}
          maxLength={REPORT_REVIEW_MAX}
          value={values.finalReview}
          onChange={(event) => setValues((current) => ({ ...current, finalReview: event.target.value }))}
        />
      </Field>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700" aria-live="polite">
          {outcome
            ? `Overall result: ${resultLabel(outcome)}${outcome === "success" ? " (a certification number will be issued)" : ""}`
            : "Give every test a verdict to see the overall result."}
        </p>
        <Button
          type="submit"
          isLoading={isPending}
          icon={<FileCheck2 aria-hidden="true" className="h-4 w-4" />}
        >
          Issue Report
        </Button>
      </div>
    </form>
  );
}
