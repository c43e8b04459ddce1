import { Plus, ScanLine, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";

import {
  COLD_CHAIN_STATES,
  CONTAINERS_MAX,
  DISTANCE_REASON_MAX,
  FIELD_NOTE_MAX,
  NAME_MAX,
  QUANTITY_UNITS,
  SEALS_MAX,
  SEAL_MAX,
  type FieldJob,
} from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea, describedBy } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

import { usePosition } from "../hooks/use-position";
import { requestBackgroundSync, sendQueueNow } from "../hooks/use-queue";
import {
  completeFields,
  draftOf,
  emptyDraft,
  fieldsOf,
  validateDraft,
  type CollectionDraft,
  type DraftErrors,
} from "../utils/collection-draft";
import { checkDistance, labelCodeOf } from "../utils/collection-rules";
import { enqueueCollection, replaceQueued, type QueuedCollection } from "../utils/field-db";
import { scanLabelPhoto } from "../utils/scan-label";
import { PhotoPicker, type PhotoDraft } from "./photo-picker";

const input = "min-h-11";

/**
 * The collection at the pond. Save puts it in the phone's queue first (with the phone's time), then
 * tries to send it: with no network it waits there, and nothing is lost if the page is closed.
 */
export function CollectionForm({
  job,
  radiusM,
  editing,
}: {
  job: FieldJob;
  radiusM: number;
  editing: QueuedCollection | null;
}) {
  const { t, number } = useT("field");
  const navigate = useNavigate();
  const position = usePosition();
  const [draft, setDraft] = useState<CollectionDraft>(() => (editing ? draftOf(editing.body) : emptyDraft()));
  const [photos, setPhotos] = useState<PhotoDraft[]>(() =>
    (editing?.photos ?? []).map((photo) => ({
      id: crypto.randomUUID(),
      kind: photo.kind,
      blob: new Blob([photo.bytes], { type: photo.type }),
    })),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [labelText, setLabelText] = useState("");
  const [labelError, setLabelError] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [saving, setSaving] = useState(false);
  // Editing a refused collection keeps the place it was taken, unless a new fix comes.
  const fix = position.fix ?? editing?.body.position ?? null;
  const distance = checkDistance(job, fix, radiusM);

  const set = <K extends keyof CollectionDraft>(key: K, value: CollectionDraft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));

  const addLabel = (code: string | null) => {
    if (!code) {
      setLabelError(true);
      return;
    }
    setLabelError(false);
    setLabelText("");
    if (!draft.labels.includes(code)) set("labels", [...draft.labels, code]);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The time taken is the phone's when Save is pressed (the server checks it against its clock).
    const collectedAt = editing?.body.collectedAt ?? new Date().toISOString();
    const typed = fieldsOf(draft, job.sampleId, fix, collectedAt);
    const found = validateDraft(typed, distance, radiusM);
    const fields = completeFields(typed);
    setErrors(found);
    if (Object.keys(found).length > 0 || !fields) return;
    setSaving(true);
    try {
      const kept = await Promise.all(
        photos.map(async (photo) => ({
          kind: photo.kind,
          type: photo.blob.type,
          bytes: await photo.blob.arrayBuffer(),
        })),
      );
      if (editing) await replaceQueued(editing.id, fields, kept);
      else await enqueueCollection(fields, kept);
    } catch {
      setErrors({ form: t("field.form.saveFailed") });
      setSaving(false);
      return;
    }
    void requestBackgroundSync();
    void sendQueueNow().catch(() => undefined);
    await navigate(paths.field.href(), { replace: true });
  };

  const distanceText =
    distance.distanceM === null
      ? null
      : t(`field.form.distance.${distance.from ?? "site"}`, { distance: number(distance.distanceM) });

  return (
    <form
      noValidate
      aria-labelledby="field-form-title"
      className="space-y-5"
      onSubmit={(event) => void onSubmit(event)}
    >
      <div>
        <h1 id="field-form-title" className="break-words text-xl font-bold text-slate-900">
          {t("field.form.title", { id: job.sampleId })}
        </h1>
        <p className="break-words text-sm text-slate-700">
          {job.farm?.name ?? job.address}
          {job.pond ? ` · ${t("field.job.pond", { code: job.pond.code })}` : ""} · {job.farmer.name}
        </p>
      </div>
      {Object.keys(errors).length > 0 ? (
        <Alert tone="error" banner message={errors.form ?? t("field.form.fixErrors")} />
      ) : null}

      <section
        aria-labelledby="field-gps"
        className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
      >
        <h2 id="field-gps" className="text-sm font-semibold text-slate-900">
          {t("field.form.gps")}
        </h2>
        <p role="status" className="text-sm text-slate-800">
          {fix
            ? t("field.form.accuracy", { accuracy: number(fix.accuracyM) })
            : position.status === "denied"
              ? t("field.form.gpsDenied")
              : position.status === "unavailable"
                ? t("field.form.gpsUnavailable")
                : t("field.form.gpsWaiting")}
        </p>
        {distanceText ? (
          <p className={`text-sm font-medium ${distance.needsReason ? "text-amber-900" : "text-green-800"}`}>
            {distanceText} · {t("field.form.radius", { radius: number(radiusM) })}
          </p>
        ) : null}
        {errors.position ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            <LocalizedMessage text={errors.position} />
          </p>
        ) : null}
        {distance.needsReason ? (
          <Field
            id="field-distance-reason"
            label={t("field.form.distanceReason")}
            error={errors.distanceReason}
            required
          >
            <Textarea
              id="field-distance-reason"
              rows={2}
              maxLength={DISTANCE_REASON_MAX}
              value={draft.distanceReason}
              invalid={Boolean(errors.distanceReason)}
              aria-describedby={describedBy("field-distance-reason", errors.distanceReason)}
              onChange={(event) => set("distanceReason", event.target.value)}
            />
          </Field>
        ) : null}
      </section>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("field.form.seals")}</legend>
        {draft.seals.map((seal, index) => {
          const id = `field-seal-${index}`;
          return (
            <div key={id} className="flex items-end gap-2">
              <Field id={id} label={t("field.form.seal", { number: index + 1 })} className="min-w-0 flex-1">
                <Input
                  id={id}
                  className={input}
                  maxLength={SEAL_MAX}
                  value={seal}
                  invalid={Boolean(errors.seals)}
                  onChange={(event) =>
                    set(
                      "seals",
                      draft.seals.map((other, at) => (at === index ? event.target.value : other)),
                    )
                  }
                />
              </Field>
              {draft.seals.length > 1 ? (
                <Button
                  variant="ghost"
                  className="min-h-11 min-w-11"
                  aria-label={t("field.form.sealRemove", { number: index + 1 })}
                  onClick={() =>
                    set(
                      "seals",
                      draft.seals.filter((_, at) => at !== index),
                    )
                  }
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              ) : null}
            </div>
          );
        })}
        {errors.seals ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            <LocalizedMessage text={errors.seals} />
          </p>
        ) : null}
        {draft.seals.length < SEALS_MAX ? (
          <Button
            variant="outline"
            className="min-h-11"
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
            onClick={() => set("seals", [...draft.seals, ""])}
          >
            {t("field.form.sealAdd")}
          </Button>
        ) : null}
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="field-containers" label={t("field.form.containers")} error={errors.containers} required>
          <Input
            id="field-containers"
            type="number"
            inputMode="numeric"
            min={1}
            max={CONTAINERS_MAX}
            className={input}
            value={draft.containers}
            invalid={Boolean(errors.containers)}
            aria-describedby={describedBy("field-containers", errors.containers)}
            onChange={(event) => set("containers", event.target.value)}
          />
        </Field>
        <div className="flex items-start gap-2">
          <Field
            id="field-quantity"
            label={t("field.form.quantity")}
            error={errors.quantity}
            required
            className="min-w-0 flex-1"
          >
            <Input
              id="field-quantity"
              inputMode="decimal"
              className={input}
              value={draft.quantity}
              invalid={Boolean(errors.quantity)}
              aria-describedby={describedBy("field-quantity", errors.quantity)}
              onChange={(event) => set("quantity", event.target.value)}
            />
          </Field>
          <Field id="field-quantity-unit" label={t("field.form.unit")} className="w-32 shrink-0">
            <Select
              id="field-quantity-unit"
              className={input}
              value={draft.quantityUnit}
              onChange={(event) => set("quantityUnit", event.target.value === "g" ? "g" : "count")}
            >
              {QUANTITY_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {t(`field.form.unit.${unit}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field id="field-water-temp" label={t("field.form.waterTemp")} error={errors.waterTempC}>
          <Input
            id="field-water-temp"
            inputMode="decimal"
            className={input}
            value={draft.waterTempC}
            invalid={Boolean(errors.waterTempC)}
            aria-describedby={describedBy("field-water-temp", errors.waterTempC)}
            onChange={(event) => set("waterTempC", event.target.value)}
          />
        </Field>
        <Field id="field-sample-temp" label={t("field.form.sampleTemp")} error={errors.sampleTempC}>
          <Input
            id="field-sample-temp"
            inputMode="decimal"
            className={input}
            value={draft.sampleTempC}
            invalid={Boolean(errors.sampleTempC)}
            aria-describedby={describedBy("field-sample-temp", errors.sampleTempC)}
            onChange={(event) => set("sampleTempC", event.target.value)}
          />
        </Field>
      </div>

      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">
          {t("field.form.coldChain")}
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-x-4">
          {COLD_CHAIN_STATES.map((state) => (
            <label
              key={state}
              className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800"
            >
              <input
                type="radio"
                name="field-cold-chain"
                value={state}
                checked={draft.coldChain === state}
                onChange={() => set("coldChain", state)}
                className="h-5 w-5 accent-teal-700"
              />
              {t(`field.form.coldChain.${state}`)}
            </label>
          ))}
        </div>
        {errors.coldChain ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            <LocalizedMessage text={errors.coldChain} />
          </p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("field.form.labels")}</legend>
        <p className="text-xs text-slate-600">{t("field.form.labelsHint")}</p>
        {draft.labels.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {draft.labels.map((code) => (
              <li
                key={code}
                className="flex items-center gap-1 rounded-full bg-slate-100 pl-3 font-mono text-sm"
              >
                {code}
                <Button
                  variant="ghost"
                  className="min-h-11 min-w-11"
                  aria-label={t("field.form.labelRemove", { code })}
                  onClick={() =>
                    set(
                      "labels",
                      draft.labels.filter((other) => other !== code),
                    )
                  }
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-end gap-2">
          <Field id="field-label-code" label={t("field.form.labelCode")} className="w-full">
            <Input
              id="field-label-code"
              className={`${input} font-mono`}
              autoCapitalize="characters"
              maxLength={40}
              value={labelText}
              invalid={labelError}
              onChange={(event) => setLabelText(event.target.value)}
            />
          </Field>
          <Button variant="outline" className="min-h-11" onClick={() => addLabel(labelCodeOf(labelText))}>
            {t("field.form.labelAdd")}
          </Button>
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800">
            <ScanLine aria-hidden="true" className="h-4 w-4" />
            {t("field.form.labelScan")}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              disabled={scanning}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = "";
                if (!file) return;
                setScanning(true);
                void scanLabelPhoto(file)
                  .then(addLabel, () => addLabel(null))
                  .finally(() => setScanning(false));
              }}
            />
          </label>
        </div>
        {labelError ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            <LocalizedMessage text="labelCodeInvalid" />
          </p>
        ) : null}
        {errors.labels ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            <LocalizedMessage text={errors.labels} />
          </p>
        ) : null}
      </fieldset>

      <PhotoPicker photos={photos} onChange={setPhotos} />

      <Field id="field-note" label={t("field.form.note")} error={errors.note}>
        <Textarea
          id="field-note"
          rows={3}
          maxLength={FIELD_NOTE_MAX}
          value={draft.note}
          invalid={Boolean(errors.note)}
          onChange={(event) => set("note", event.target.value)}
        />
      </Field>

      <section className="space-y-2 rounded-lg border border-teal-200 bg-teal-50 p-3">
        <p className="text-sm font-medium text-teal-950">{t("field.form.handOver")}</p>
        <Field id="field-farmer-name" label={t("field.form.farmerName")} error={errors.farmerName} required>
          <Input
            id="field-farmer-name"
            className={input}
            autoComplete="off"
            maxLength={NAME_MAX}
            value={draft.farmerName}
            invalid={Boolean(errors.farmerName)}
            aria-describedby={describedBy("field-farmer-name", errors.farmerName)}
            onChange={(event) => set("farmerName", event.target.value)}
          />
        </Field>
      </section>

      <p className="text-xs text-slate-600">{t("field.form.saveHint")}</p>
      <Button type="submit" size="lg" className="w-full" isLoading={saving}>
        {t("field.form.save")}
      </Button>
    </form>
  );
}
