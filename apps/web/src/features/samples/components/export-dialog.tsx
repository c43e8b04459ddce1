import { Download, FileSpreadsheet, FileText } from "lucide-react";
import { useState } from "react";

import { messages } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { isApiError } from "@/lib/api-client";
import { saveBlob } from "@/utils/save-blob";
import { localDayRange } from "@/utils/dates";
import { STATUS_BADGE_CLASSES, statusFilterLabel, type StatusFilter } from "@/utils/sample-status";

import { browserTimeZone, fetchSamplesPdf } from "../api/download-samples-pdf";
import {
  EXPORT_COLUMNS,
  EXPORT_TITLE,
  defaultExportRange,
  downloadCsv,
  exportFileName,
  exportRow,
  fetchSamplesForExport,
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
  const typeLabel = statusFilterLabel(filter);

  const load = async (): Promise<ExportRow[] | null> => {
    if (!range.from || !range.to) {
      setError(messages.dateInvalid);
      return null;
    }
    if (range.from > range.to) {
      setError(messages.dateRangeInvalid);
      return null;
    }
    setError(null);
    const samples = await fetchSamplesForExport(filter, range.from, range.to);
    if (samples.length === 0) {
      setError(NO_SAMPLES_TO_EXPORT);
      return null;
    }
    return samples.map(exportRow);
  };

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      if (format === "csv") {
        const rows = await load();
        if (!rows) return;
        downloadCsv(rows, exportFileName(filter, range.from, range.to, "csv"));
        toast.success(messages.exportSuccess);
        onClose();
      } else if (preview) {
        // The server makes the PDF (its fonts shape every script people type); the success toast comes
        // only once the file has arrived and been handed to the browser to save.
        const blob = await fetchSamplesPdf({
          status: filter,
          ...localDayRange(range.from, range.to),
          tz: browserTimeZone(),
        });
        saveBlob(blob, exportFileName(filter, range.from, range.to, "pdf"));
        toast.success(messages.exportSuccess);
        onClose();
      } else {
        const rows = await load();
        if (rows) setPreview(rows);
      }
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : messages.samplesFetchFailed);
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
        title={EXPORT_TITLE}
        description={`Preview: ${preview.length} sample${preview.length === 1 ? "" : "s"}, ${typeLabel}, ${range.from} to ${range.to}`}
        className="sm:max-w-5xl"
      >
        <div
          className="max-h-[55vh] overflow-auto rounded-lg border border-slate-200"
          tabIndex={0}
          role="region"
          aria-label="PDF preview"
        >
          <table className="min-w-full text-left text-xs">
            <thead className="sticky top-0 bg-teal-700 text-white">
              <tr>
                {EXPORT_COLUMNS.map((column) => (
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
                      key={EXPORT_COLUMNS[index]}
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
            {error}
          </Alert>
        ) : null}
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setPreview(null)} disabled={busy !== null}>
            Back
          </Button>
          <Button
            onClick={() => void run("pdf")}
            isLoading={busy === "pdf"}
            icon={<Download aria-hidden="true" className="h-4 w-4" />}
          >
            Download PDF
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
      title="Export Sample Summary"
      description={`Samples with status ${typeLabel} created in the period below.`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="export-from" label="From">
          <Input
            id="export-from"
            type="date"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
          />
        </Field>
        <Field id="export-to" label="To">
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
          {error}
        </Alert>
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={busy !== null}>
          Cancel
        </Button>
        <Button
          variant="secondary"
          onClick={() => void run("csv")}
          isLoading={busy === "csv"}
          disabled={busy !== null}
          icon={<FileSpreadsheet aria-hidden="true" className="h-4 w-4" />}
        >
          Export CSV
        </Button>
        <Button
          onClick={() => void run("pdf")}
          isLoading={busy === "pdf"}
          disabled={busy !== null}
          icon={<FileText aria-hidden="true" className="h-4 w-4" />}
        >
          Export PDF
        </Button>
      </div>
    </Dialog>
  );
}
