import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample, makeSummary } from "@/testing/sample-fixtures";

import { localDate } from "@/utils/dates";
import { SampleHistory } from "./sample-history";

const LIST = "/api/sample-submissions";
const SUMMARY = "/api/sample-submissions/summary";

/** Captures what the page hands to the browser's download. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  // jsdom has no object URLs: stand-ins (they stay for the file: the page revokes a second later).
  Object.assign(URL, {
    createObjectURL: (object: Blob) => {
      const url = `blob:test/${next++}`;
      blobs.set(url, object);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) files.push({ name: this.download, blob });
  });
  return files;
}

/** jsdom's Blob has no text(): read it as FileReader does. */
function readText(blob: Blob | undefined): Promise<string> {
  if (!blob) return Promise.resolve("");
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsText(blob);
  });
}

const samples = [
  makeSample({
    id: 31,
    status: "PENDING",
    samplerName: 'Ravi "RK" Kumar',
    createdAt: "2025-01-05T06:00:00.000Z",
  }),
  makeSample({
    id: 32,
    status: "COMPLETED",
    samplerName: "Lakshmi Farms",
    createdAt: "2025-01-06T06:00:00.000Z",
  }),
];

function serve() {
  return mockFetch({
    [`GET ${LIST}`]: (request) => ({
      body: { items: samples, total: samples.length, page: Number(request.query.get("page") ?? 1), size: 10 },
    }),
    [`GET ${SUMMARY}`]: {
      body: makeSummary({
        total: 2,
        pending: 1,
        completed: 1,
        earliestCreatedAt: "2025-01-05T06:00:00.000Z",
      }),
    },
  });
}

async function openExport(route = "/samples") {
  const user = userEvent.setup();
  renderWithProviders(<SampleHistory />, { route, path: "/samples" });
  await screen.findByRole("heading", { name: "Sample #31" });
  await waitFor(() => expect(screen.getByRole("button", { name: "Export Summary" })).toBeEnabled());
  await user.click(screen.getByRole("button", { name: "Export Summary" }));
  return { user, dialog: screen.getByRole("dialog", { name: "Export Sample Summary" }) };
}

describe("export of the summary", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("dates: From defaults to the earliest creation date, To to today", async () => {
    serve();
    const { dialog } = await openExport();
    expect(within(dialog).getByLabelText("From")).toHaveValue(localDate("2025-01-05T06:00:00.000Z"));
    expect(within(dialog).getByLabelText("To")).toHaveValue(localDate(new Date()));
  });

  it("CSV: the file SampleSummary-Pending-{from}-to-{to}.csv with quoted rows, the range and filter asked, the toast", async () => {
    const { callsTo } = serve();
    const files = captureDownloads();
    const { user, dialog } = await openExport("/samples?status=pending");
    const from = within(dialog).getByLabelText("From");
    const to = within(dialog).getByLabelText("To");
    await user.clear(from);
    await user.type(from, "2025-01-01");
    await user.clear(to);
    await user.type(to, "2025-01-31");
    await user.click(within(dialog).getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Export completed successfully")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    expect(files.map((file) => file.name)).toEqual(["SampleSummary-Pending-2025-01-01-to-2025-01-31.csv"]);
    const csv = (await readText(files[0]?.blob)).replace(/^\uFEFF/, "");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      '"Sample ID","Status","Sampler Name","Location","Category","Sub-category","Created At","Updated At"',
    );
    expect(lines[1]).toMatch(/^"31","PENDING","Ravi ""RK"" Kumar","Nellore, Andhra Pradesh","Tiger Shrimp",/);
    expect(lines).toHaveLength(3);

    const exportCall = callsTo("GET", LIST).find((request) => request.query.get("size") === "100");
    expect(exportCall?.query.get("status")).toBe("pending");
    expect(exportCall?.query.get("from")).toBe(new Date(2025, 0, 1).toISOString());
    expect(exportCall?.query.get("to")).toBe(new Date(new Date(2025, 1, 1).getTime() - 1).toISOString());
  });

  it("PDF: a preview of the rows first, then the server's PDF saved as SampleSummary-All-….pdf; the toast only after the file was handed over", async () => {
    const { spy } = serve();
    const listFetch = spy.getMockImplementation();
    // The server's answer is held until released: nothing may claim success before the file exists.
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pdfCalls: URL[] = [];
    spy.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname !== `${LIST}/export.pdf`)
        return listFetch ? listFetch(input, init) : new Response(null);
      pdfCalls.push(url);
      await arrived;
      return new Response("%PDF-1.7 server pdf", { headers: { "Content-Type": "application/pdf" } });
    });
    const files = captureDownloads();
    const { user, dialog } = await openExport();
    await user.click(within(dialog).getByRole("button", { name: "Export PDF" }));
    const preview = await screen.findByRole("dialog", { name: "Sample Summary Report" });
    const table = within(preview).getByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByText("Lakshmi Farms")).toBeInTheDocument();
    expect(files).toHaveLength(0);

    await user.click(within(preview).getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(pdfCalls).toHaveLength(1));
    expect(screen.queryByText("Export completed successfully")).not.toBeInTheDocument();
    expect(files).toHaveLength(0);

    release();
    expect(await screen.findByText("Export completed successfully")).toBeInTheDocument();
    const today = localDate(new Date());
    const from = localDate("2025-01-05T06:00:00.000Z");
    expect(files.map((file) => file.name)).toEqual([`SampleSummary-All-${from}-to-${today}.pdf`]);
    expect(await readText(files[0]?.blob)).toBe("%PDF-1.7 server pdf");
    const asked = pdfCalls[0];
    expect(asked?.searchParams.get("status")).toBe("all");
    expect(asked?.searchParams.get("from")).toBe(new Date(`${from}T00:00:00`).toISOString());
    expect(asked?.searchParams.get("tz")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("PDF refused by the server (too many samples): its message in the dialog, no file, no success toast", async () => {
    const { spy } = serve();
    const listFetch = spy.getMockImplementation();
    const tooMany =
      "A PDF export holds at most 1000 samples and this selection has 1001. Please choose a shorter period or a status.";
    spy.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname !== `${LIST}/export.pdf`)
        return listFetch ? listFetch(input, init) : new Response(null);
      return new Response(JSON.stringify({ error: tooMany, code: "validation_failed", field: "to" }), {
        status: 400,
        headers: { "Content-Type": "application/json" },
      });
    });
    const files = captureDownloads();
    const { user, dialog } = await openExport();
    await user.click(within(dialog).getByRole("button", { name: "Export PDF" }));
    const preview = await screen.findByRole("dialog", { name: "Sample Summary Report" });
    await user.click(within(preview).getByRole("button", { name: "Download PDF" }));
    expect(await within(preview).findByText(tooMany)).toBeInTheDocument();
    expect(files).toHaveLength(0);
    expect(screen.queryByText("Export completed successfully")).not.toBeInTheDocument();
  });

  it("From after To: the range message, nothing fetched", async () => {
    const { callsTo } = serve();
    const { user, dialog } = await openExport();
    const from = within(dialog).getByLabelText("From");
    await user.clear(from);
    await user.type(from, "2999-01-01");
    await user.click(within(dialog).getByRole("button", { name: "Export CSV" }));
    expect(within(dialog).getByText(messages.dateRangeInvalid)).toBeInTheDocument();
    expect(callsTo("GET", LIST).filter((request) => request.query.get("size") === "100")).toHaveLength(0);
  });
});
