import { Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { POND_CODE_MAX, createPondRequestSchema } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useT } from "@/lib/i18n/use-t";

import { useCreatePond } from "../api/create-pond";
import { numberOrNull } from "../utils/farm-form-values";
import { errorAt, failureAsErrors, issuesByField, type FieldErrors } from "../utils/field-errors";

const known = (field: string) => ["code", "areaHa", "lat", "lng"].includes(field.split(".")[0] ?? "");

/** Adds a pond to a farm: its code (unique in the farm) and area. */
export function PondForm({ farmId, onDone }: { farmId: number; onDone: () => void }) {
  const { t } = useT("farms");
  const toast = useToast();
  const create = useCreatePond();
  const titleId = useId();
  const [code, setCode] = useState("");
  const [area, setArea] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref, reveal } = useErrorReveal();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { code, areaHa: numberOrNull(area) };
    const checked = createPondRequestSchema.safeParse(input);
    if (!checked.success) {
      setErrors(issuesByField(checked.error));
      reveal();
      return;
    }
    try {
      const pond = await create.mutateAsync({ farmId, input });
      toast.success(t("farms.pond.added", { code: pond.code }));
      onDone();
    } catch (error) {
      setErrors(failureAsErrors(error, known));
      reveal();
    }
  };
  const codeError = errorAt(errors, "code");
  const areaError = errorAt(errors, "areaHa");

  return (
    <Card>
      <CardBody className="space-y-3">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {t("farms.pond.add")}
        </h3>
        <form
          ref={ref}
          noValidate
          aria-labelledby={titleId}
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-4"
        >
          <ErrorBanner message={errors.form ?? null} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="pond-code"
              label={t("farms.pond.code")}
              hint={t("farms.pond.codeHint")}
              required
              error={codeError}
            >
              <Input
                id="pond-code"
                autoComplete="off"
                maxLength={POND_CODE_MAX}
                aria-required="true"
                invalid={Boolean(codeError)}
                aria-describedby={describedBy("pond-code", codeError, true)}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setErrors({});
                }}
              />
            </Field>
            <Field id="pond-area" label={t("farms.field.areaHa")} error={areaError}>
              <Input
                id="pond-area"
                inputMode="decimal"
                autoComplete="off"
                invalid={Boolean(areaError)}
                aria-describedby={describedBy("pond-area", areaError)}
                value={area}
                onChange={(event) => {
                  setArea(event.target.value);
                  setErrors({});
                }}
              />
            </Field>
          </div>
          <div className="flex justify-end">
            <Button
              type="submit"
              className="w-full sm:w-auto"
              isLoading={create.isPending}
              icon={<Save aria-hidden="true" className="h-4 w-4" />}
            >
              {t("farms.pond.save")}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
