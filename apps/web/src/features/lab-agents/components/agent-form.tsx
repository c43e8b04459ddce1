import { useEffect, useState, type FormEvent } from "react";

import { NAME_MAX, PHONE_MAX, type Agent, type AgentInput } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";

type Errors = Partial<Record<"name" | "phone" | "coordinates", string>>;

interface AgentFormProps {
  agent?: Agent | undefined;
  busy: boolean;
  /** The last save's failure: shown at the field it names, else in the banner. */
  error: unknown;
  onSubmit: (input: AgentInput) => void;
  onCancel: () => void;
}

const coordinate = (text: string) => (text.trim() === "" ? null : Number(text));

/** The form field a server error names (`name`, `phone`, `coordinates.lat`), or null. */
function agentFieldOf(path: string): keyof Errors | null {
  const head = path.split(".")[0];
  return head === "name" || head === "phone" || head === "coordinates" ? head : null;
}

/** Name, phone, active and optional coordinates (both or neither). */
export function AgentForm({ agent, busy, error, onSubmit, onCancel }: AgentFormProps) {
  const { t } = useT("lab");
  const [name, setName] = useState(agent?.name ?? "");
  const [phone, setPhone] = useState(agent?.phone ?? "");
  const [active, setActive] = useState(agent?.active ?? true);
  const [lat, setLat] = useState(agent?.coordinates ? String(agent.coordinates.lat) : "");
  const [lng, setLng] = useState(agent?.coordinates ? String(agent.coordinates.lng) : "");
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const { ref: formRef, reveal } = useErrorReveal();

  // Each failed save: at its field when it names one, else the banner; then brought into view.
  useEffect(() => {
    if (!error) return;
    const named = serverFieldError(error);
    const field = named ? agentFieldOf(named.field) : null;
    if (named && field) setErrors({ [field]: named.message });
    else if (error instanceof Error) setBanner(error.message);
    else setBanner(typeof error === "string" ? error : "serverError");
    reveal();
  }, [error, reveal]);

  /** An edit makes the last save's banner stale and clears that field's error. */
  const edited = (field: keyof Errors) => {
    setBanner(null);
    setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const latitude = coordinate(lat);
    const longitude = coordinate(lng);
    const coordinatesValid =
      (latitude === null && longitude === null) ||
      (latitude !== null &&
        longitude !== null &&
        Number.isFinite(latitude) &&
        Number.isFinite(longitude) &&
        Math.abs(latitude) <= 90 &&
        Math.abs(longitude) <= 180);
    const found: Errors = {
      ...(name.trim() ? {} : { name: "agentNameRequired" }),
      ...(phone.trim() ? {} : { phone: "phoneRequired" }),
      ...(coordinatesValid ? {} : { coordinates: "coordinatesInvalid" }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      reveal();
      return;
    }
    onSubmit({
      name: name.trim(),
      phone: phone.trim(),
      active,
      coordinates: latitude !== null && longitude !== null ? { lat: latitude, lng: longitude } : null,
    });
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={agent ? t("lab.agentForm.editLabel") : t("lab.agentForm.addLabel")}
      className="space-y-4"
    >
      <ErrorBanner message={banner} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="agent-name" label={t("lab.agentForm.name")} error={errors.name} required>
          <Input
            id="agent-name"
            value={name}
            autoComplete="off"
            maxLength={NAME_MAX}
            onChange={(event) => {
              setName(event.target.value);
              edited("name");
            }}
            invalid={Boolean(errors.name)}
            aria-describedby={describedBy("agent-name", errors.name)}
            aria-required="true"
          />
        </Field>
        <Field id="agent-phone" label={t("lab.agentForm.phone")} error={errors.phone} required>
          <Input
            id="agent-phone"
            type="tel"
            value={phone}
            autoComplete="off"
            maxLength={PHONE_MAX}
            onChange={(event) => {
              setPhone(event.target.value);
              edited("phone");
            }}
            invalid={Boolean(errors.phone)}
            aria-describedby={describedBy("agent-phone", errors.phone)}
            aria-required="true"
          />
        </Field>
      </div>
      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("lab.agentForm.coordinates")}</legend>
        <p id="agent-coordinates-hint" className="text-xs text-slate-600">
          {t("lab.agentForm.coordinatesHint")}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="agent-lat" label={t("lab.agentForm.latitude")}>
            <Input
              id="agent-lat"
              inputMode="decimal"
              value={lat}
              onChange={(event) => {
                setLat(event.target.value);
                edited("coordinates");
              }}
              invalid={Boolean(errors.coordinates)}
              aria-describedby={errors.coordinates ? "agent-coordinates-error" : "agent-coordinates-hint"}
            />
          </Field>
          <Field id="agent-lng" label={t("lab.agentForm.longitude")}>
            <Input
              id="agent-lng"
              inputMode="decimal"
              value={lng}
              onChange={(event) => {
                setLng(event.target.value);
                edited("coordinates");
              }}
              invalid={Boolean(errors.coordinates)}
              aria-describedby={errors.coordinates ? "agent-coordinates-error" : "agent-coordinates-hint"}
            />
          </Field>
        </div>
        {errors.coordinates ? (
          <p id="agent-coordinates-error" role="alert" className="text-xs font-medium text-red-700">
            <LocalizedMessage text={errors.coordinates} />
          </p>
        ) : null}
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
          className="h-4 w-4 rounded border-slate-400 accent-teal-700"
        />
        {t("lab.agentForm.active")}
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={busy}>
          {agent ? t("lab.agentForm.save") : t("lab.agents.add")}
        </Button>
      </div>
    </form>
  );
}
