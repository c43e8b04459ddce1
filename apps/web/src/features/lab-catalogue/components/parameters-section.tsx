import { Pencil, Plus, Save } from "lucide-react";
import { useState, type FormEvent } from "react";

import {
  METHOD_ROLES,
  PARAMETER_KINDS,
  REFERENCE_MAX,
  type MethodRole,
  type Parameter,
  type ParameterKind,
} from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Select, describedBy } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

import { useLabParameters } from "@/lib/api/get-lab-parameters";
import { useSaveParameter } from "../api/save-parameter";
import {
  emptyParameter,
  isKind,
  isMethodRole,
  parameterRequest,
  parameterValues,
  type ParameterField,
  type ParameterValues,
} from "../utils/parameter-form";
import { methodLine } from "@/lib/lab-method-line";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

type Editing = { parameter: Parameter | null } | null;

const KIND_LABELS: Record<ParameterKind, MessageKey<"lab">> = {
  quantitative: "lab.kind.quantitative",
  qualitative: "lab.kind.qualitative",
  graded: "lab.kind.graded",
};

const METHOD_ROLE_LABELS: Record<MethodRole, MessageKey<"lab">> = {
  screening: "lab.methodRole.screening",
  confirmatory: "lab.methodRole.confirmatory",
};

/** The catalogue of parameters a panel draws from; admins add and edit them. */
export function ParametersSection({ admin }: { admin: boolean }) {
  const { t } = useT("lab");
  const names = useResultNames();
  const parameters = useLabParameters();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <section aria-labelledby="parameters-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="parameters-title" className="text-lg font-semibold text-slate-900">
          {t("lab.parameters.heading")}
        </h2>
        {admin && !editing ? (
          <Button
            variant="outline"
            size="sm"
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
            onClick={() => setEditing({ parameter: null })}
          >
            {t("lab.parameters.add")}
          </Button>
        ) : null}
      </div>
      {editing ? (
        <ParameterForm
          key={editing.parameter?.code ?? "new"}
          parameter={editing.parameter}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {parameters.isError ? (
        <Alert tone="error" message={parameters.error.message} />
      ) : parameters.isPending ? (
        <LoadingState label={t("lab.parameters.loading")} />
      ) : (
        <ul
          aria-label={t("lab.parameters.listLabel")}
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        >
          {parameters.data.map((parameter) => (
            <li key={parameter.code} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium break-words text-slate-900">
                  {names.parameter(parameter.code, parameter.name)}{" "}
                  <span className="text-xs text-slate-600">{parameter.code}</span>
                  {parameter.prohibited ? (
                    <>
                      {" "}
                      <span className="inline-flex items-center rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
                        {t("lab.parameters.prohibitedBadge")}
                      </span>
                    </>
                  ) : null}
                </p>
                <p className="text-xs break-words text-slate-600">
                  {t(KIND_LABELS[parameter.kind])} · {methodLine(parameter)}
                  {parameter.confirmWith
                    ? ` · ${t("lab.parameters.confirmedBy", { code: parameter.confirmWith })}`
                    : ""}
                </p>
                {parameter.prohibited && parameter.prohibitedReference ? (
                  <p className="text-xs break-words text-slate-600">{parameter.prohibitedReference}</p>
                ) : null}
              </div>
              {admin ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("lab.parameters.editLabel", { code: parameter.code })}
                  icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
                  onClick={() => setEditing({ parameter })}
                >
                  {t("lab.parameters.edit")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ParameterForm({ parameter, onDone }: { parameter: Parameter | null; onDone: () => void }) {
  const { t } = useT("lab");
  const save = useSaveParameter();
  const toast = useToast();
  const [values, setValues] = useState<ParameterValues>(() =>
    parameter ? parameterValues(parameter) : emptyParameter(),
  );
  const [errors, setErrors] = useState<Partial<Record<ParameterField, Shown>>>({});
  const [banner, setBanner] = useState<Shown | null>(null);
  const { ref, reveal } = useErrorReveal();

  const set = <K extends ParameterField>(field: K, value: ParameterValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const request = parameterRequest(values);
    if ("errors" in request) {
      setErrors(request.errors);
      reveal();
      return;
    }
    setErrors({});
    save.mutate(
      { input: request.input, editing: parameter !== null },
      {
        onSuccess: (saved) => {
          toast.success(t("lab.parameters.saved", { code: saved.code }));
          onDone();
        },
        onError: (failure) => {
          const field = serverFieldError(failure);
          const name = field?.field.split(".")[0];
          if (field && name && name in values) setErrors({ [name as ParameterField]: field.message });
          else setBanner(shownOf(failure));
          reveal();
        },
      },
    );
  };

  const textField = (
    field: Exclude<ParameterField, "kind" | "methodRole" | "per25g" | "prohibited">,
    label: string,
    numeric = false,
  ) => (
    <Field
      id={`parameter-${field}`}
      label={label}
      error={errors[field]}
      required={["code", "name", "method"].includes(field)}
    >
      <Input
        id={`parameter-${field}`}
        className="min-h-11"
        autoComplete="off"
        inputMode={numeric ? "decimal" : undefined}
        readOnly={field === "code" && parameter !== null}
        value={values[field]}
        invalid={Boolean(errors[field])}
        aria-describedby={describedBy(`parameter-${field}`, errors[field])}
        onChange={(event) => set(field, event.target.value)}
      />
    </Field>
  );

  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      aria-label={
        parameter ? t("lab.parameters.formEdit", { code: parameter.code }) : t("lab.parameters.formAdd")
      }
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <ErrorBanner message={banner} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {textField("code", t("lab.parameters.code"))}
        {textField("name", t("lab.parameters.name"))}
        <Field id="parameter-kind" label={t("lab.parameters.kind")}>
          <Select
            id="parameter-kind"
            className="min-h-11"
            value={values.kind}
            onChange={(event) => {
              if (isKind(event.target.value)) set("kind", event.target.value);
            }}
          >
            {PARAMETER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(KIND_LABELS[kind])}
              </option>
            ))}
          </Select>
        </Field>
        {textField("unit", t("lab.parameters.unit"))}
        {textField("method", t("lab.parameters.method"))}
        <Field id="parameter-methodRole" label={t("lab.parameters.methodRole")}>
          <Select
            id="parameter-methodRole"
            className="min-h-11"
            value={values.methodRole}
            onChange={(event) => {
              if (isMethodRole(event.target.value)) set("methodRole", event.target.value);
            }}
          >
            {METHOD_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(METHOD_ROLE_LABELS[role])}
              </option>
            ))}
          </Select>
        </Field>
        {textField("lod", t("lab.parameters.lod"), true)}
        {textField("loq", t("lab.parameters.loq"), true)}
        {values.kind === "graded" ? textField("grades", t("lab.parameters.grades")) : null}
        {values.methodRole === "screening" ? textField("cutoff", t("lab.parameters.cutoff"), true) : null}
        {values.methodRole === "screening" ? textField("confirmWith", t("lab.parameters.confirmWith")) : null}
      </div>
      {values.kind === "qualitative" ? (
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={values.per25g}
            onChange={(event) => set("per25g", event.target.checked)}
          />
          {t("lab.parameters.per25g")}
        </label>
      ) : null}
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={values.prohibited}
          onChange={(event) => {
            set("prohibited", event.target.checked);
            setErrors((current) => ({ ...current, prohibitedReference: undefined }));
          }}
        />
        {t("lab.parameters.prohibited")}
      </label>
      {values.prohibited ? (
        <Field
          id="parameter-prohibitedReference"
          label={t("lab.parameters.prohibitedReference")}
          hint={t("lab.parameters.prohibitedReferenceHint")}
          error={errors.prohibitedReference}
          required
        >
          <Input
            id="parameter-prohibitedReference"
            className="min-h-11"
            autoComplete="off"
            maxLength={REFERENCE_MAX}
            value={values.prohibitedReference}
            invalid={Boolean(errors.prohibitedReference)}
            aria-describedby={describedBy("parameter-prohibitedReference", errors.prohibitedReference, true)}
            onChange={(event) => set("prohibitedReference", event.target.value)}
          />
        </Field>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button
          type="submit"
          isLoading={save.isPending}
          icon={<Save aria-hidden="true" className="h-4 w-4" />}
        >
          {t("lab.parameters.save")}
        </Button>
      </div>
    </form>
  );
}
