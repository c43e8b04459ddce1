import { Plus, Save, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import {
  FEED_TEXT_MAX,
  HATCHERY_NAME_MAX,
  REGISTRATION_MAX,
  SHRIMP_CATEGORY_NAMES,
  TREATMENT_TEXT_MAX,
  TREATMENTS_MAX,
  createCropRequestSchema,
  messages,
  type CreateCropRequest,
  type Pond,
} from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { FieldErrorText, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Select, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

import { useStockCrop } from "../api/stock-crop";
import { numberOrNull } from "../utils/farm-form-values";
import { errorAt, failureAsErrors, issuesByField, type FieldErrors } from "../utils/field-errors";
import { todayInIndia } from "../utils/today";
import { FormField } from "./form-field";
import { FormPanel } from "./form-panel";

interface TreatmentRow {
  substance: string;
  dose: string;
  from: string;
  to: string;
}

type TextField = "hatcheryName" | "hatcheryRegistration" | "feedBrand" | "feedLot";

const KNOWN = [
  "species",
  "stockedOn",
  "density",
  "hatcheryName",
  "hatcheryRegistration",
  "feedBrand",
  "feedLot",
  "noTreatments",
  "treatments",
];
const known = (field: string) => KNOWN.includes(field.split(".")[0] ?? "");
const DECLARATIONS = ["none", "list"] as const;
const blankRow = (): TreatmentRow => ({ substance: "", dose: "", from: "", to: "" });

/** Stocks a crop in a pond: species, stocking, hatchery, feed and the treatment declaration. */
export function CropForm({ pond, onDone }: { pond: Pond; onDone: () => void }) {
  const { t } = useT("farms");
  const names = useDomainNames();
  const toast = useToast();
  const stock = useStockCrop();
  const titleId = useId();
  const prefix = `crop-${pond.id}`;
  const [species, setSpecies] = useState("");
  const [stockedOn, setStockedOn] = useState(todayInIndia);
  const [density, setDensity] = useState("");
  const [texts, setTexts] = useState<Record<TextField, string>>({
    hatcheryName: "",
    hatcheryRegistration: "",
    feedBrand: "",
    feedLot: "",
  });
  // Nothing is assumed: the person declares "none" or lists each treatment.
  const [declaration, setDeclaration] = useState<"" | "none" | "list">("");
  const [rows, setRows] = useState<TreatmentRow[]>([blankRow()]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref, reveal } = useErrorReveal();
  const id = (name: string) => `${prefix}-${name}`;
  const edited = () => setErrors({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: CreateCropRequest = {
      species,
      stockedOn,
      density: numberOrNull(density),
      ...texts,
      // Undeclared is sent as "treatments listed" with none, which the schema names at `treatments`.
      noTreatments: declaration === "none",
      treatments: declaration === "list" ? rows : [],
    };
    const checked = createCropRequestSchema.safeParse(input);
    // The schema checks the declaration only once every field parses: an undeclared crop is told at once.
    const undeclared: FieldErrors = declaration === "" ? { treatments: messages.treatmentsRequired } : {};
    if (!checked.success || declaration === "") {
      setErrors({ ...(checked.success ? {} : issuesByField(checked.error)), ...undeclared });
      reveal();
      return;
    }
    try {
      await stock.mutateAsync({ pondId: pond.id, input });
      toast.success(t("farms.crop.stocked", { code: pond.code }));
      onDone();
    } catch (error) {
      setErrors(failureAsErrors(error, known));
      reveal();
    }
  };

  const speciesError = errorAt(errors, "species");
  const declarationError = errors["treatments"] ?? errors["noTreatments"];
  const text = (field: TextField, label: string, max: number) => (
    <FormField
      id={id(field)}
      label={label}
      maxLength={max}
      error={errorAt(errors, field)}
      value={texts[field]}
      onChange={(value) => {
        setTexts((current) => ({ ...current, [field]: value }));
        edited();
      }}
    />
  );
  const rowField = (index: number, field: keyof TreatmentRow, label: string) => {
    const isDay = field === "from" || field === "to";
    return (
      <FormField
        id={id(`treatment-${index}-${field}`)}
        label={label}
        type={isDay ? "date" : "text"}
        maxLength={isDay ? undefined : TREATMENT_TEXT_MAX}
        error={errorAt(errors, `treatments.${index}.${field}`)}
        value={rows[index]?.[field] ?? ""}
        onChange={(value) => {
          setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
          edited();
        }}
      />
    );
  };

  return (
    <FormPanel
      formRef={ref}
      titleId={titleId}
      title={t("farms.crop.stockTitle", { code: pond.code })}
      error={errors.form ?? null}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("species")} label={t("farms.crop.species")} required error={speciesError}>
          <Select
            id={id("species")}
            aria-required="true"
            invalid={Boolean(speciesError)}
            aria-describedby={describedBy(id("species"), speciesError)}
            value={species}
            onChange={(event) => {
              setSpecies(event.target.value);
              edited();
            }}
          >
            <option value="">{t("farms.crop.chooseSpecies")}</option>
            {SHRIMP_CATEGORY_NAMES.map((name) => (
              <option key={name} value={name}>
                {names.category(name)}
              </option>
            ))}
          </Select>
        </Field>
        <FormField
          id={id("stocked")}
          label={t("farms.crop.stockedOn")}
          type="date"
          required
          error={errorAt(errors, "stockedOn")}
          value={stockedOn}
          onChange={(value) => {
            setStockedOn(value);
            edited();
          }}
        />
        <FormField
          id={id("density")}
          label={t("farms.crop.density")}
          hint={t("farms.crop.densityHint")}
          inputMode="numeric"
          error={errorAt(errors, "density")}
          value={density}
          onChange={(value) => {
            setDensity(value);
            edited();
          }}
        />
        {text("hatcheryName", t("farms.crop.hatcheryName"), HATCHERY_NAME_MAX)}
        {text("hatcheryRegistration", t("farms.crop.hatcheryRegistration"), REGISTRATION_MAX)}
        {text("feedBrand", t("farms.crop.feedBrand"), FEED_TEXT_MAX)}
        {text("feedLot", t("farms.crop.feedLot"), FEED_TEXT_MAX)}
      </div>

      <fieldset
        className="space-y-2"
        aria-describedby={declarationError ? id("declaration-error") : undefined}
      >
        <legend className="text-sm font-medium text-slate-800">
          {t("farms.crop.declaration")}
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </legend>
        {DECLARATIONS.map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
            <input
              type="radio"
              name={id("declaration")}
              value={choice}
              checked={declaration === choice}
              aria-invalid={declarationError && declaration === "" ? true : undefined}
              className="h-5 w-5 shrink-0 accent-teal-700"
              onChange={() => {
                setDeclaration(choice);
                edited();
              }}
            />
            <span className="min-w-0 break-words">
              {choice === "none" ? t("farms.crop.declareNone") : t("farms.crop.declareList")}
            </span>
          </label>
        ))}
        <FieldErrorText id={id("declaration-error")} message={declarationError} />
      </fieldset>

      {declaration === "list" ? (
        <ol className="space-y-3">
          {rows.map((_row, index) => (
            <li key={index} className="space-y-3 rounded-lg bg-slate-50 p-3">
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm font-semibold text-slate-900">
                  {t("farms.crop.treatmentNumber", { number: index + 1 })}
                </p>
                {rows.length > 1 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("farms.crop.removeTreatment", { number: index + 1 })}
                    onClick={() => {
                      setRows((current) => current.filter((_, at) => at !== index));
                      edited();
                    }}
                    icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                  />
                ) : null}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                {rowField(index, "substance", t("farms.crop.substance"))}
                {rowField(index, "dose", t("farms.crop.dose"))}
                {rowField(index, "from", t("farms.crop.from"))}
                {rowField(index, "to", t("farms.crop.to"))}
              </div>
            </li>
          ))}
          {rows.length < TREATMENTS_MAX ? (
            <li>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setRows((current) => [...current, blankRow()])}
                icon={<Plus aria-hidden="true" className="h-4 w-4" />}
              >
                {t("farms.crop.addTreatment")}
              </Button>
            </li>
          ) : null}
        </ol>
      ) : null}

      <div className="flex justify-end">
        <Button
          type="submit"
          className="w-full sm:w-auto"
          isLoading={stock.isPending}
          icon={<Save aria-hidden="true" className="h-4 w-4" />}
        >
          {t("farms.crop.save")}
        </Button>
      </div>
    </FormPanel>
  );
}
