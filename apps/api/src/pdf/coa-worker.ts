// A worker thread of the render pool (render-pool.ts): renders one certificate a message.
import { parentPort } from "node:worker_threads";

import { buildReportPdf, type ReportPdfInput } from "../domain/report-pdf";

const port = parentPort;
if (!port) throw new Error("coa-worker runs as a worker thread");

port.on("message", (message: { id: number; input: ReportPdfInput }) => {
  buildReportPdf(message.input).then(
    (pdf) => {
      // A copy the main thread owns (the Buffer may share its memory with others).
      port.postMessage({ id: message.id, pdf: new Uint8Array(pdf) });
    },
    (error: unknown) => {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    },
  );
});
