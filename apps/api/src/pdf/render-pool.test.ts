import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { describe, expect, it } from "vitest";

import { pdfPages } from "../test/pdf-text";
import { createProcessRenderPool, createRenderPool, workersAvailable } from "./render-pool";

const run = promisify(execFile);
const script = fileURLToPath(new URL("../test/render-pool-run.ts", import.meta.url));

describe("render pool: certificates rendered on worker threads", () => {
  it("under the test runner (modules transformed in-process) there is no pool: rendering stays inline", () => {
    expect(workersAvailable()).toBe(false);
    expect(createProcessRenderPool()).toBeNull();
  });

  it("under tsx, as the API runs: 12 certificates at once come back from the workers whole", async () => {
    const { stdout } = await run("pnpm", ["exec", "tsx", script, "12"], {
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
      maxBuffer: 64 * 1024 * 1024,
    });
    const answer = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as {
      pool: boolean;
      pdfs: string[];
    };
    expect(answer.pool).toBe(true);
    expect(answer.pdfs).toHaveLength(12);
    const pages = await pdfPages(Buffer.from(answer.pdfs[11] ?? "", "base64"));
    expect(pages[0]).toContain("Certificate of Analysis");
    expect(pages.at(-1)).toContain(`Page ${String(pages.length)} of ${String(pages.length)}`);
  }, 120_000);

  it("a worker that cannot start is not respawned forever: after three deaths the pool refuses (callers render inline)", async () => {
    const broken = new URL("data:text/javascript,throw new Error('fonts missing')");
    const pool = createRenderPool(1, broken);
    const failures: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      await pool.render({} as never).catch((error: unknown) => failures.push(String(error)));
    }
    expect(failures).toHaveLength(5);
    // Once given up, it answers at once: no worker is being started any more.
    expect(failures.at(-1)).toContain("closed");
    await pool.close();
  });
});
