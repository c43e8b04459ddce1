import { FileDown, Printer } from "lucide-react";
import { useId, useState } from "react";

import type { LabelFormat } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/input";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useDownloadBlankLabels } from "../api/download-blank-labels";

/** As the server allows in one sheet of blank labels. */
const BLANK_LABELS_MAX = 100;

/** Blank labels for the agents' stock: codes linked to a sample when an agent scans one at the pond. */
export function BlankLabels() {
  const { t } = useT("lab");
  const id = useId();
  const download = useDownloadBlankLabels();
  const [count, setCount] = useState("10");
  const [error, setError] = useState<Shown | null>(null);
  const [pending, setPending] = useState<LabelFormat | null>(null);

  const get = (format: LabelFormat) => {
    const number = Number(count.trim());
    if (count.trim() === "" || !Number.isInteger(number) || number < 1 || number > BLANK_LABELS_MAX) {
      setError("labelCountInvalid");
      return;
    }
    setError(null);
    setPending(format);
    download.mutate({ count: number, format }, { onSettled: () => setPending(null) });
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t("lab.reception.blank.intro")}</p>
      <Field
        id={id}
        label={t("lab.reception.blank.count")}
        hint={t("lab.reception.blank.countHint")}
        error={error ?? undefined}
      >
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={BLANK_LABELS_MAX}
          step={1}
          value={count}
          invalid={error !== null}
          aria-describedby={describedBy(id, error ?? undefined, true)}
          className="min-h-11 max-w-28"
          onChange={(event) => {
            setCount(event.target.value);
            setError(null);
          }}
        />
      </Field>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          variant="outline"
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
