import { Plus, Save, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";

import { LIMIT_KINDS, REFERENCE_MAX, RESULT_NOTE_MAX, type Market, type Parameter } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Select, Textarea, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { useAddSpecVersion } from "../api/add-spec-version";
import {
  LIMIT_KIND_LABELS,
  emptyRow,
  isLimitKind,
  kindTakes,
  rowOfField,
  rowProblems,
  rowsOf,
  versionPayload,
  type LimitRow,
  type VersionValues,
} from "../utils/spec-version-form";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

const today = () => new Date().toISOString().slice(0, 10);

/** A new version of a market's specification, started from the version in force (admins). */
export function SpecVersionForm({
  market,
  parameters,
  onDone,
}: {
  market: Market;
  parameters: readonly Parameter[];
  onDone: () => void;
}) {
  const { t } = useT("lab");
  const add = useAddSpecVersion();
  const toast = useToast();
  const [values, setValues] = useState<VersionValues>(() => ({
    effectiveFrom: today(),
    reference: market.current?.reference ?? "",
    note: "",
    limits: rowsOf(market.current?.limits ?? {}),
  }));
  const [problems, setProblems] = useState<Record<number, Shown>>({});
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<"effectiveFrom" | "reference", Shown>>>({});
  const [banner, setBanner] = useState<Shown | null>(null);
  const { ref, reveal } = useErrorReveal();
  const id = `version-${market.code}`;

  const setRow = (key: number, change: Partial<LimitRow>) => {
    setValues((current) => ({
      ...current,
      limits: current.limits.map((row) => (row.key === key ? { ...row, ...change } : row)),
    }));
    setProblems((current) =>
      Object.fromEntries(Object.entries(current).filter(([at]) => Number(at) !== key)),
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const found = rowProblems(values.limits);
    const fields: typeof fieldErrors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.effectiveFrom))
      fields.effectiveFrom = t("lab.version.dateInvalid");
    if (!values.reference.trim()) fields.reference = t("lab.version.referenceRequired");
    setProblems(found);
    setFieldErrors(fields);
    if (Object.keys(found).length > 0 || Object.keys(fields).length > 0) {
      reveal();
      return;
    }
    add.mutate(
      { market: market.code, input: versionPayload(values) },
      {
        onSuccess: (version) => {
          toast.success(t("lab.version.added", { code: market.code, version: version.version }));
          onDone();
        },
        onError: (failure) => {
          const field = serverFieldError(failure);
          const key = field ? rowOfField(field.field, values.limits) : null;
          if (field && key !== null) setProblems({ [key]: field.message });
          else if (field && (field.field === "effectiveFrom" || field.field === "reference"))
            setFieldErrors({ [field.field]: field.message });
          else setBanner(shownOf(failure));
          reveal();
        },
      },
    );
  };

  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      aria-label={t("lab.version.formLabel", { code: market.code })}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <ErrorBanner message={banner} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={`${id}-from`}
          label={t("lab.version.takesEffect")}
          error={fieldErrors.effectiveFrom}
          required
        >
          <Input
            id={`${id}-from`}
            type="date"
            className="min-h-11"
            value={values.effectiveFrom}
            invalid={Boolean(fieldErrors.effectiveFrom)}
            aria-describedby={describedBy(`${id}-from`, fieldErrors.effectiveFrom)}
            onChange={(event) => setValues((current) => ({ ...current, effectiveFrom: event.target.value }))}
          />
        </Field>
        <Field
          id={`${id}-reference`}
          label={t("lab.version.reference")}
          error={fieldErrors.reference}
          required
        >
          <Input
            id={`${id}-reference`}
            className="min-h-11"
            maxLength={REFERENCE_MAX}
            value={values.reference}
            invalid={Boolean(fieldErrors.reference)}
            aria-describedby={describedBy(`${id}-reference`, fieldErrors.reference)}
            onChange={(event) => setValues((current) => ({ ...current, reference: event.target.value }))}
          />
        </Field>
      </div>
      <Field id={`${id}-note`} label={t("lab.version.note")}>
        <Textarea
          id={`${id}-note`}
          rows={2}
          maxLength={RESULT_NOTE_MAX}
          value={values.note}
          onChange={(event) => setValues((current) => ({ ...current, note: event.target.value }))}
        />
      </Field>

      <datalist id={`${id}-parameters`}>
        {parameters.map((parameter) => (
          <option key={parameter.code} value={parameter.code}>
            {parameter.name}
          </option>
        ))}
      </datalist>
      <ul aria-label={t("lab.version.limits")} className="space-y-2">
        {values.limits.map((row, index) => (
          <LimitEditor
            key={row.key}
            id={`${id}-limit-${row.key}`}
            listId={`${id}-parameters`}
            index={index}
            row={row}
            problem={problems[row.key]}
            onChange={(change) => setRow(row.key, change)}
            onRemove={() =>
              setValues((current) => ({
                ...current,
                limits: current.limits.filter((one) => one.key !== row.key),
              }))
            }
          />
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Button
          variant="outline"
          icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          onClick={() =>
            setValues((current) => ({
              ...current,
              limits: [...current.limits, emptyRow(current.effectiveFrom)],
            }))
          }
        >
          {t("lab.version.addLimit")}
        </Button>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="ghost" onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            isLoading={add.isPending}
            icon={<Save aria-hidden="true" className="h-4 w-4" />}
          >
            {t("lab.version.save")}
          </Button>
        </div>
      </div>
    </form>
  );
}

function LimitEditor({
  id,
  listId,
  index,
  row,
  problem,
  onChange,
  onRemove,
}: {
  id: string;
  listId: string;
  index: number;
  row: LimitRow;
  problem: Shown | undefined;
  onChange: (change: Partial<LimitRow>) => void;
  onRemove: () => void;
}) {
  const { t } = useT("lab");
  const takes = kindTakes(row.kind);
  const errorId = `${id}-error`;
  const invalid = problem ? { invalid: true, "aria-describedby": errorId } : {};
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 bg-white p-3" data-testid="limit-row">
      <fieldset className="min-w-0">
        <legend className="max-w-full text-sm font-semibold break-words text-slate-900">
          {row.parameter
            ? t("lab.limit.titleWith", { n: index + 1, parameter: row.parameter })
            : t("lab.limit.title", { n: index + 1 })}
        </legend>
        <div className="mt-2 grid grid-cols-2 gap-2 md:grid-cols-4">
          <Field id={`${id}-parameter`} label={t("lab.limit.parameter")}>
            <Input
              id={`${id}-parameter`}
              className="min-h-11"
              list={listId}
              autoCapitalize="characters"
              value={row.parameter}
              onChange={(event) => onChange({ parameter: event.target.value })}
              {...invalid}
            />
          </Field>
          <Field id={`${id}-kind`} label={t("lab.limit.kind")}>
            <Select
              id={`${id}-kind`}
              className="min-h-11"
              value={row.kind}
              onChange={(event) => {
                if (isLimitKind(event.target.value)) onChange({ kind: event.target.value });
              }}
            >
              {LIMIT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(LIMIT_KIND_LABELS[kind])}
                </option>
              ))}
            </Select>
          </Field>
          {takes.min ? (
            <Field id={`${id}-min`} label={t("lab.limit.min")}>
              <Input
                id={`${id}-min`}
                className="min-h-11"
                inputMode="decimal"
                value={row.min}
                onChange={(event) => onChange({ min: event.target.value })}
                {...invalid}
              />
            </Field>
          ) : null}
          {takes.max ? (
            <Field id={`${id}-max`} label={t("lab.limit.max")}>
              <Input
                id={`${id}-max`}
                className="min-h-11"
                inputMode="decimal"
                value={row.max}
                onChange={(event) => onChange({ max: event.target.value })}
                {...invalid}
              />
            </Field>
          ) : null}
          {takes.grade ? (
            <Field id={`${id}-grade`} label={t("lab.limit.grade")}>
              <Input
                id={`${id}-grade`}
                className="min-h-11"
                value={row.grade}
                onChange={(event) => onChange({ grade: event.target.value })}
              />
            </Field>
          ) : null}
          <Field id={`${id}-from`} label={t("lab.limit.from")}>
            <Input
              id={`${id}-from`}
              type="date"
              className="min-h-11"
              value={row.effectiveFrom}
              onChange={(event) => onChange({ effectiveFrom: event.target.value })}
            />
          </Field>
          <Field id={`${id}-reference`} label={t("lab.limit.reference")} className="col-span-2">
            <Input
              id={`${id}-reference`}
              className="min-h-11"
              maxLength={REFERENCE_MAX}
              value={row.reference}
              onChange={(event) => onChange({ reference: event.target.value })}
              {...invalid}
            />
          </Field>
        </div>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          {takes.max || takes.min ? (
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={row.strict}
                onChange={(event) => onChange({ strict: event.target.checked })}
              />
              {t("lab.limit.strict")}
            </label>
          ) : (
            <span />
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-label={t("lab.limit.removeLabel", { n: index + 1 })}
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            onClick={onRemove}
          >
            {t("lab.limit.remove")}
          </Button>
        </div>
        {problem ? (
          <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-700">
            <LocalizedMessage text={problem} />
          </p>
        ) : null}
      </fieldset>
    </li>
  );
}
