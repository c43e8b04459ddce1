// A worker thread of the render pool (render-pool.ts): renders one certificate a message.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";

import type { ReportPdfInput } from "./report/input";
import { buildReportPdf } from "./report/report-pdf";

const port = parentPort;
if (!port) throw new Error("coa-worker runs as a worker thread");

// Below the request thread: on Linux the nice value of pid 0 is this thread's own, so under a burst of
// releases the event loop (and the transactions holding database connections) goes first.
try {
  setPriority(0, 10);
} catch {
  // Not permitted or not supported here: the same priority as the rest.
}

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
