import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { isApiError } from "@/lib/api-client";
import { LocalizedMessage } from "@/lib/i18n/localized-message";
import { useT } from "@/lib/i18n/use-t";
import { saveBlob } from "@/utils/save-blob";
import { indiaNoonOf, localDayRange } from "@/utils/dates";
import { STATUS_BADGE_CLASSES, STATUS_FILTER_KEYS, type StatusFilter } from "@/utils/sample-status";

import { browserTimeZone, fetchSamplesPdf } from "../api/download-samples-pdf";
import {
  defaultExportRange,
  downloadCsv,
  exportFileName,
  exportRow,
  fetchSamplesForExport,
  useExportLocale,
  type ExportFormat,
  type ExportRow,
} from "../utils/export-samples";

export const NO_SAMPLES_TO_EXPORT = "No samples were created in the selected period.";

interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  filter: StatusFilter;
  earliestCreatedAt: string | null;
}

/** Export of the summary: the date range, then CSV at once or PDF after a preview. */
export function ExportDialog({ open, onClose, filter, earliestCreatedAt }: ExportDialogProps) {
  if (!open) return null;
  return <ExportDialogBody onClose={onClose} filter={filter} earliestCreatedAt={earliestCreatedAt} />;
}

function ExportDialogBody({ onClose, filter, earliestCreatedAt }: Omit<ExportDialogProps, "open">) {
  const toast = useToast();
  const [range, setRange] = useState(() => defaultExportRange(earliestCreatedAt));
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ExportRow[] | null>(null);
  const { t, language, date } = useT("samples");
  const locale = useExportLocale();
  const typeLabel = t(STATUS_FILTER_KEYS[filter]);
  // The chosen days as the reader's language writes a date (the inputs keep YYYY-MM-DD).
  const dayText = (day: string) => date(indiaNoonOf(day), "date") || day;

  const load = async (): Promise<ExportRow[] | null> => {
    if (!range.from || !range.to) {
      setError("dateInvalid");
      return null;
    }
    if (range.from > range.to) {
      setError("dateRangeInvalid");
      return null;
    }
    setError(null);
    const samples = await fetchSamplesForExport(filter, range.from, range.to);
    if (samples.length === 0) {
      setError(NO_SAMPLES_TO_EXPORT);
      return null;
    }
    return samples.map((sample) => exportRow(sample, locale));
  };

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      if (format === "csv") {
        const rows = await load();
        if (!rows) return;
        downloadCsv(rows, exportFileName(filter, range.from, range.to, "csv"), locale.columns);
        toast.success("exportSuccess");
        onClose();
      } else if (preview) {
        // The server makes the PDF (its fonts shape every script people type); the success toast comes
        // only once the file has arrived and been handed to the browser to save.
        const blob = await fetchSamplesPdf({
          status: filter,
          ...localDayRange(range.from, range.to),
          tz: browserTimeZone(),
          lang: language,
        });
        saveBlob(blob, exportFileName(filter, range.from, range.to, "pdf"));
        toast.success("exportSuccess");
        onClose();
      } else {
        const rows = await load();
        if (rows) setPreview(rows);
      }
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : "samplesFetchFailed");
    } finally {
      setBusy(null);
    }
  };

  if (preview) {
    return (
      <Dialog
        key="preview"
        open
        onClose={onClose}
        title={t("samples.export.title")}
        description={t("samples.export.preview", {
          count: preview.length,
          type: typeLabel,
          from: dayText(range.from),
          to: dayText(range.to),
        })}
        className="sm:max-w-5xl"
      >
        <div
          className="max-h-[55vh] overflow-auto rounded-lg border border-slate-200"
          tabIndex={0}
          role="region"
          aria-label={t("samples.export.previewLabel")}
        >
          <table className="min-w-full text-left text-xs">
            <thead className="sticky top-0 bg-teal-700 text-white">
              <tr>
                {locale.columns.map((column) => (
                  <th key={column} scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.map((row) => (
                <tr key={row.cells[0]} className="border-t border-slate-200">
                  {row.cells.map((cell, index) => (
                    <td
                      key={locale.columns[index]}
                      className={
                        index === 1
                          ? `px-2 py-1 font-semibold ${STATUS_BADGE_CLASSES[row.status]}`
                          : "px-2 py-1 text-slate-800"
                      }
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {error ? (
          <Alert tone="error" className="mt-3">
            <LocalizedMessage text={error} />
          </Alert>
        ) : null}
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setPreview(null)} disabled={busy !== null}>
            {t("samples.export.back")}
          </Button>
          <Button
            onClick={() => void run("pdf")}
            isLoading={busy === "pdf"}
            icon={<Download aria-hidden="true" className="h-4 w-4" />}
          >
            {t("samples.export.downloadPdf")}
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      key="range"
      open
      onClose={onClose}
      title={t("samples.export.rangeTitle")}
      description={t("samples.export.rangeDescription", { type: typeLabel })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="export-from" label={t("samples.export.from")}>
          <Input
            id="export-from"
            type="date"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
          />
        </Field>
        <Field id="export-to" label={t("samples.export.to")}>
          <Input
            id="export-to"
            type="date"
            value={range.to}
            min={range.from || undefined}
            onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
          />
        </Field>
      </div>
      {error ? (
        <Alert tone="error" className="mt-3">
          {error === NO_SAMPLES_TO_EXPORT ? t("samples.export.noSamples") : <LocalizedMessage text={error} />}
        </Alert>
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={busy !== null}>
          {t("samples.export.cancel")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void run("csv")}
          isLoading={busy === "csv"}
          disabled={busy !== null}
          icon={<FileSpreadsheet aria-hidden="true" className="h-4 w-4" />}
        >
          {t("samples.export.csv")}
        </Button>
        <Button
          onClick={() => void run("pdf")}
          isLoading={busy === "pdf"}
          disabled={busy !== null}
          icon={<FileText aria-hidden="true" className="h-4 w-4" />}
        >
          {t("samples.export.pdf")}
        </Button>
      </div>
    </Dialog>
  );
}
