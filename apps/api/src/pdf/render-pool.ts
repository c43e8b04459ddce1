// Certificates rendered off the event loop: a PDF with shaped Indic text costs tens of milliseconds of
// CPU, and a hundred releases at once would otherwise queue every other request (and the database
// pool's waiters) behind them. A few worker threads each render one document at a time.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

import type { ReportPdfInput } from "./report/input";

interface Task {
  id: number;
  input: ReportPdfInput;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; pdf: Uint8Array } | { id: number; error: string };

export interface RenderPool {
  render(input: ReportPdfInput): Promise<Buffer>;
  close(): Promise<void>;
}

/** A pool of `size` workers running pdf/coa-worker (loaded the way this module was: tsx or built JS). */
export function createRenderPool(
  size: number,
  workerUrl = new URL(`./coa-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url),
): RenderPool {
  const queue: Task[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Task>();
  let nextId = 0;
  let closed = false;
  // Workers that died in a row without rendering anything: past a few, the pool gives up (callers
  // render inline) rather than respawning a worker that cannot start, forever.
  let deaths = 0;
  const MAX_DEATHS = 3;

  const spawn = () => {
    const worker = new Worker(workerUrl);
    // An idle worker does not keep the process alive (a CLI exits when done); a busy one does.
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const task = busy.get(worker);
      busy.delete(worker);
      worker.unref();
      deaths = 0;
      if (task && task.id === reply.id) {
        if ("pdf" in reply)
          task.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
        else task.reject(new Error(reply.error));
      }
      idle.push(worker);
      drain();
    });
    const lost = (error: Error) => {
      const task = busy.get(worker);
      busy.delete(worker);
      const index = idle.indexOf(worker);
      if (index >= 0) idle.splice(index, 1);
      task?.reject(error);
      deaths += 1;
      if (deaths >= MAX_DEATHS && !closed) {
        closed = true;
        for (const queued of queue.splice(0)) queued.reject(error);
        return;
      }
      // A worker that died is replaced while the pool is open.
      if (!closed) {
        idle.push(spawn());
        drain();
      }
    };
    worker.on("error", lost);
    worker.on("exit", (code) => {
      if (!closed && (busy.has(worker) || idle.includes(worker)))
        lost(new Error(`PDF worker exited with code ${String(code)}`));
    });
    return worker;
  };

  const drain = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop();
      const task = queue.shift();
      if (!worker || !task) return;
      busy.set(worker, task);
      worker.ref();
      worker.postMessage({ id: task.id, input: task.input });
    }
  };

  for (let i = 0; i < size; i += 1) idle.push(spawn());

  return {
    render(input) {
      if (closed) return Promise.reject(new Error("the PDF render pool is closed"));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: (nextId += 1), input, resolve, reject });
        drain();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error("the PDF render pool is closed"));
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
    },
  };
}

/**
 * Workers can load their module only where this one was loaded by Node itself: built JavaScript, or
 * TypeScript through tsx's loader (which workers inherit from the process's flags). Under a test
 * runner that transforms modules in-process, there is no pool and rendering stays inline.
 */
export function workersAvailable(): boolean {
  if (!import.meta.url.endsWith(".ts")) return true;
  return process.execArgv.some((flag) => flag.includes("tsx"));
}

/**
 * The pool a process runs (one worker per spare core, 1 to 4), or null where workers cannot run. Its
 * workers start at the first render: a process that renders nothing (most CLI commands) starts none.
 */
export function createProcessRenderPool(): RenderPool | null {
  if (!workersAvailable()) return null;
  let pool: RenderPool | undefined;
  let closed = false;
  return {
    render(input) {
      if (closed) return Promise.reject(new Error("the PDF render pool is closed"));
      pool ??= createRenderPool(Math.max(1, Math.min(4, availableParallelism() - 1)));
      return pool.render(input);
    },
    async close() {
      closed = true;
      await pool?.close();
    },
  };
}
