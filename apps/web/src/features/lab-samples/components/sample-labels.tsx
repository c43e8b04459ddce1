import { FileDown, Printer } from "lucide-react";
import { useId, useState } from "react";

import { CONTAINERS_MAX, type LabelFormat } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/input";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useDownloadLabels } from "../api/download-labels";

/**
 * The containers' QR labels as a PDF: one 50 × 25 mm page a label for a thermal printer, or an A4
 * sheet. The number of containers is the recorded one unless staff give another.
 */
export function SampleLabels({ sampleId }: { sampleId: number }) {
  const { t } = useT("lab");
  const id = useId();
  const download = useDownloadLabels();
  const [containers, setContainers] = useState("");
  const [error, setError] = useState<Shown | null>(null);
  const [pending, setPending] = useState<LabelFormat | null>(null);

  const get = (format: LabelFormat) => {
    const text = containers.trim();
    const count = text === "" ? undefined : Number(text);
    if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > CONTAINERS_MAX)) {
      setError("containersInvalid");
      return;
    }
    setError(null);
    setPending(format);
    download.mutate({ sampleId, format, containers: count }, { onSettled: () => setPending(null) });
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t("lab.labels.intro")}</p>
      <Field
        id={id}
        label={t("lab.labels.containers")}
        hint={t("lab.labels.containersHint")}
        error={error ?? undefined}
      >
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={CONTAINERS_MAX}
          step={1}
          value={containers}
          invalid={error !== null}
          aria-describedby={describedBy(id, error ?? undefined, true)}
          className="min-h-11 max-w-28"
          onChange={(event) => {
            setContainers(event.target.value);
            setError(null);
          }}
        />
      </Field>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          className="min-h-11"
          isLoading={pending === "thermal"}
          disabled={pending !== null}
          icon={<Printer aria-hidden="true" className="h-4 w-4" />}
          onClick={() => get("thermal")}
        >
          {t("lab.labels.thermal")}
        </Button>
        <Button
          variant="outline"
          className="min-h-11"
          isLoading={pending === "a4"}
          disabled={pending !== null}
          icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
          onClick={() => get("a4")}
        >
          {t("lab.labels.a4")}
        </Button>
      </div>
    </div>
  );
}
