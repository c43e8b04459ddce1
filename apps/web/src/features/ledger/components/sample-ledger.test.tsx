import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { STATUS_GROUPS, messages, type Sample } from "@lab/contracts";
import { formatDate } from "@lab/i18n";

import { logout, startSession } from "@/lib/auth";
import { setLanguage, translate } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockRequest } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample } from "@/testing/sample-fixtures";

import { SampleLedger } from "./sample-ledger";

const SEARCH_PLACEHOLDER_DESKTOP = "Search by sample ID, sampler name, email, phone, or location...";
const SEARCH_PLACEHOLDER_PHONE = "Search samples...";

const LIST = "/api/sample-submissions";

/** window.matchMedia for a viewport `width` px wide (jsdom has none). */
function setViewport(width: number) {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query)?.[1];
      return {
        matches: max !== undefined && width <= Number(max),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      };
    },
  });
}

/** A server over `samples`: q on id and name, status groups, page, size, and a cursor per page. */
function serve(samples: Sample[]) {
  return mockFetch({
    [`GET ${LIST}`]: (request: MockRequest) => {
      const q = (request.query.get("q") ?? "").toLowerCase();
      const status = request.query.get("status") ?? "all";
      const page = Number(request.query.get("page") ?? 1);
      const size = Number(request.query.get("size") ?? 10);
      const statuses: readonly string[] | undefined =
        status === "all"
          ? undefined
          : status === "processing"
            ? ["TESTING"]
            : STATUS_GROUPS[status as keyof typeof STATUS_GROUPS];
      const matching = samples.filter(
        (sample) =>
          (!statuses || statuses.includes(sample.status)) &&
          (!q || String(sample.id).includes(q) || sample.samplerName.toLowerCase().includes(q)),
      );
      const items = matching.slice((page - 1) * size, page * size);
      return {
        body: { items, total: matching.length, page, size, cursor: items.length ? `c${page}` : null },
      };
    },
  });
}

/** Captures what the page hands to the browser's download (jsdom has no object URLs). */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
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

const render = () =>
  renderWithProviders(<SampleLedger />, {
    route: "/ledger",
    extraRoutes: [{ path: "/report/:reportId", element: <h1>Report page</h1> }],
  });

const many = (count: number, overrides: Partial<Sample> = {}) =>
  Array.from({ length: count }, (_, index) => makeSample({ id: 1000 + index, ...overrides }));

const box = (id: number) => screen.getByRole("checkbox", { name: `Select sample #${id}` });
const pager = () => screen.getByRole("navigation", { name: "Pagination" });
const pageLabels = () =>
  within(pager())
    .getAllByRole("button", { name: /^Page \d+$/ })
    .map((button) => button.textContent);

describe("SampleLedger", () => {
  beforeEach(() => {
    setViewport(1280);
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
  });
  afterEach(() => {
    logout();
    vi.restoreAllMocks();
    Reflect.deleteProperty(window, "matchMedia");
  });

  it("desktop: header, summary, a table with the spec's columns; Email and Export disabled at zero", async () => {
    serve(many(23));
    render();
    expect(screen.getByRole("heading", { level: 1, name: "Sample Ledger" })).toBeInTheDocument();
    expect(screen.getByText("Manage your testing network")).toBeInTheDocument();
    expect(screen.getByText("Loading samples...")).toBeInTheDocument();
    await screen.findByText("Sample #1000");
    expect(screen.getByText("Total: 23")).toBeInTheDocument();
    expect(screen.getByText("Selected: 0")).toBeInTheDocument();
    expect(screen.getByText("1-10 of 23")).toBeInTheDocument();
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Select", "Sample Details", "Sampler Info", "Status", "Date", "Actions"]);
    expect(screen.getByRole("button", { name: "Email (0)" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Export" })).toBeDisabled();
    // Disabled buttons say why, in words on screen and to a screen reader.
    const hint = "Select one or more samples to export or e-mail them.";
    expect(screen.getByText(hint)).toBeVisible();
    expect(screen.getByRole("button", { name: "Export" })).toHaveAccessibleDescription(hint);
    expect(screen.getByRole("button", { name: "Email (0)" })).toHaveAccessibleDescription(hint);
    expect(screen.getByRole("searchbox", { name: "Search samples" })).toHaveAttribute(
      "placeholder",
      SEARCH_PLACEHOLDER_DESKTOP,
    );
    expect(screen.getByLabelText("Status")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Filters" })).not.toBeInTheDocument();
    const show = screen.getByRole("combobox", { name: "Show" });
    expect(show).toHaveValue("10");
    expect(
      within(show)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["5", "10", "25", "50", "100"]);
    expect(screen.getByText("per page")).toBeInTheDocument();
    expect(
      within(screen.getByLabelText("Status"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All Status", "Pending", "Processing", "Testing", "Completed", "Rejected"]);
  });

  it("empty: 'No samples found matching your criteria', no pager, range 0-0 of 0", async () => {
    serve([]);
    render();
    expect(await screen.findByText("No samples found matching your criteria")).toBeInTheDocument();
    expect(screen.getByText("0-0 of 0")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Select Page" })).toBeDisabled();
  });

  it("selection survives paging, filtering and searching; the count is the selection's size; Clear selection", async () => {
    serve(many(23, { status: "PENDING" }));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    await user.click(box(1001));
    expect(box(1001)).toBeChecked();
    expect(screen.getByRole("button", { name: "Email (1)" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Export" })).toBeEnabled();

    await user.click(within(pager()).getByRole("button", { name: "Next" }));
    await screen.findByText("Sample #1010");
    expect(screen.getByText("11-20 of 23")).toBeInTheDocument();
    await user.click(box(1012));
    expect(screen.getByRole("button", { name: "Email (2)" })).toBeInTheDocument();
    expect(screen.getByText("Selected: 2")).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Status"), "completed");
    expect(await screen.findByText("No samples found matching your criteria")).toBeInTheDocument();
    expect(screen.getByText("Selected: 2")).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Status"), "all");
    await user.type(screen.getByRole("searchbox", { name: "Search samples" }), "1001");
    await waitFor(() => expect(screen.queryByText("Sample #1000")).not.toBeInTheDocument());
    expect(box(1001)).toBeChecked();
    expect(screen.getByText("Selected: 2")).toBeInTheDocument();

    await user.click(box(1001));
    expect(screen.getByRole("button", { name: "Email (1)" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.getByRole("button", { name: "Email (0)" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Clear selection" })).not.toBeInTheDocument();
  });

  it("Select Page adds the rest of a partly selected page; Deselect Page removes only that page's rows", async () => {
    serve(many(15));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    await user.click(box(1003));
    expect(screen.getByRole("button", { name: "Select Page" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Select Page" }));
    expect(screen.getByText("Selected: 10")).toBeInTheDocument();
    for (let id = 1000; id < 1010; id += 1) expect(box(id)).toBeChecked();
    expect(screen.getByRole("button", { name: "Deselect Page" })).toBeInTheDocument();

    await user.click(within(pager()).getByRole("button", { name: "Page 2" }));
    await screen.findByText("Sample #1010");
    expect(screen.getByRole("button", { name: "Select Page" })).toBeInTheDocument();
    await user.click(box(1014));
    expect(screen.getByText("Selected: 11")).toBeInTheDocument();

    await user.click(within(pager()).getByRole("button", { name: "Page 1" }));
    await screen.findByText("Sample #1000");
    await user.click(screen.getByRole("button", { name: "Deselect Page" }));
    expect(screen.getByText("Selected: 1")).toBeInTheDocument();
    expect(box(1003)).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Select Page" })).toBeInTheDocument();
    await user.click(within(pager()).getByRole("button", { name: "Page 2" }));
    await screen.findByText("Sample #1010");
    expect(box(1014)).toBeChecked();
  });

  it("cursor: sent with the new page when paging; not after a filter or page-size change", async () => {
    const { callsTo } = serve(many(120));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    const last = () => {
      const query = callsTo("GET", LIST).at(-1)?.query;
      return { page: query?.get("page"), cursor: query?.get("cursor") ?? null, size: query?.get("size") };
    };
    expect(last()).toEqual({ page: "1", cursor: null, size: "10" });

    await user.click(within(pager()).getByRole("button", { name: "Page 2" }));
    await screen.findByText("Sample #1010");
    expect(last()).toEqual({ page: "2", cursor: "c1", size: "10" });

    await user.click(within(pager()).getByRole("button", { name: "Next" }));
    await screen.findByText("Sample #1020");
    expect(last()).toEqual({ page: "3", cursor: "c2", size: "10" });

    await user.click(within(pager()).getByRole("button", { name: "Prev" }));
    await screen.findByText("Sample #1010");
    expect(last()).toEqual({ page: "2", cursor: "c3", size: "10" });

    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "25");
    await screen.findByText("1-25 of 120");
    expect(last()).toEqual({ page: "1", cursor: null, size: "25" });

    await user.click(within(pager()).getByRole("button", { name: "Page 3" }));
    await screen.findByText("51-75 of 120");
    expect(last()).toEqual({ page: "3", cursor: "c1", size: "25" });

    await user.selectOptions(screen.getByLabelText("Status"), "pending");
    await screen.findByText("1-25 of 120");
    expect(last()).toEqual({ page: "1", cursor: null, size: "25" });
    expect(callsTo("GET", LIST).at(-1)?.query.get("status")).toBe("pending");
  });

  it("search: debounced, sent as q, back to page 1 without a cursor", async () => {
    const { callsTo } = serve(many(30));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    await user.click(within(pager()).getByRole("button", { name: "Page 2" }));
    await screen.findByText("Sample #1010");
    const before = callsTo("GET", LIST).length;
    await user.type(screen.getByRole("searchbox", { name: "Search samples" }), "1025");
    expect(await screen.findByText("Sample #1025")).toBeInTheDocument();
    const searches = callsTo("GET", LIST).slice(before);
    // One request for the whole word: typing within 300 ms is one search.
    expect(searches.map((request) => request.query.get("q"))).toEqual(["1025"]);
    expect(searches[0]?.query.get("page")).toBe("1");
    expect(searches[0]?.query.has("cursor")).toBe(false);
    expect(screen.getByText("Total: 1")).toBeInTheDocument();
  });

  it("a search past the server's count: 'Total: 10,000+', the range says 10,000+, a hint to narrow it, pages to the cap", async () => {
    mockFetch({
      [`GET ${LIST}`]: (request: MockRequest) => {
        const page = Number(request.query.get("page") ?? 1);
        const items = many(10).map((sample) => ({ ...sample, id: sample.id + page * 10 }));
        return { body: { items, total: 10_000, totalCapped: true, page, size: 10, cursor: `c${page}` } };
      },
    });
    render();
    expect(await screen.findByText("Total: 10,000+")).toBeInTheDocument();
    expect(screen.getByText("1-10 of 10,000+")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Only the first 10,000 matches are listed. Narrow the search or the dates to see the rest.",
      ),
    ).toBeInTheDocument();
    expect(pageLabels()).toEqual(["1", "2", "3", "4", "5", "1000"]);
  });

  it("pager: Prev/Next, 5 numbered pages with first and last page shortcuts and ellipses", async () => {
    serve(many(120));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    expect(pageLabels()).toEqual(["1", "2", "3", "4", "5", "12"]);
    expect(within(pager()).getByRole("button", { name: "Prev" })).toBeDisabled();
    expect(within(pager()).getByText("…")).toBeInTheDocument();

    await user.click(within(pager()).getByRole("button", { name: "Page 12" }));
    await screen.findByText("Sample #1110");
    expect(pageLabels()).toEqual(["1", "8", "9", "10", "11", "12"]);
    expect(within(pager()).getByRole("button", { name: "Next" })).toBeDisabled();
    expect(within(pager()).getByRole("button", { name: "Page 12" })).toHaveAttribute("aria-current", "page");

    await user.click(within(pager()).getByRole("button", { name: "Page 8" }));
    await screen.findByText("Sample #1070");
    expect(pageLabels()).toEqual(["1", "6", "7", "8", "9", "10", "12"]);
    expect(within(pager()).getAllByText("…")).toHaveLength(2);
  });

  it("phone (< 640 px): short placeholder, cards in a list (no table), 3 page buttons, Filters panel collapsed", async () => {
    setViewport(390);
    serve(many(120));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    expect(screen.getByRole("searchbox", { name: "Search samples" })).toHaveAttribute(
      "placeholder",
      SEARCH_PLACEHOLDER_PHONE,
    );
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Samples" })).getAllByRole("listitem")).toHaveLength(10);
    expect(box(1000)).not.toBeChecked();
    expect(pageLabels()).toEqual(["1", "2", "3", "12"]);

    const filters = screen.getByRole("button", { name: "Filters" });
    expect(filters).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("combobox", { name: "Status" })).not.toBeInTheDocument();
    await user.click(filters);
    expect(filters).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("combobox", { name: "Status" })).toBeVisible();
    expect(screen.getByLabelText("From Date")).toBeVisible();
    expect(screen.getByLabelText("To Date")).toBeVisible();
  });

  it("location: cut at 60 characters on desktop with more/less; shorter ones whole", async () => {
    const long = `${"Plot 12, Aqua Farm Road, Bhimavaram West Godavari"} District, Andhra Pradesh 534201`;
    serve([
      makeSample({ id: 1, samplerLocation: long }),
      makeSample({ id: 2, samplerLocation: "x".repeat(60) }),
    ]);
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1");
    const row = within(screen.getByText("Sample #1").closest("tr") as HTMLElement);
    expect(row.getByText(`${long.slice(0, 60).trimEnd()}...`)).toBeInTheDocument();
    // A finger's 44 px target (min-h-11, min-w-11), not a 16 px line of text.
    expect(row.getByRole("button", { name: "more" })).toHaveClass("min-h-11", "min-w-11");
    await user.click(row.getByRole("button", { name: "more" }));
    expect(row.getByText(long)).toBeInTheDocument();
    expect(row.getByRole("button", { name: "less" })).toHaveClass("min-h-11", "min-w-11");
    expect(row.getByRole("button", { name: "less" })).toHaveAttribute("aria-expanded", "true");
    await user.click(row.getByRole("button", { name: "less" }));
    expect(row.queryByText(long)).not.toBeInTheDocument();

    const other = within(screen.getByText("Sample #2").closest("tr") as HTMLElement);
    expect(other.getByText("x".repeat(60))).toBeInTheDocument();
    expect(other.queryByRole("button", { name: "more" })).not.toBeInTheDocument();
  });

  it("location on a phone: cut at 30 characters", async () => {
    setViewport(390);
    const location = "Nellore, Andhra Pradesh, India 524001";
    serve([makeSample({ id: 1, samplerLocation: location })]);
    render();
    const card = within((await screen.findByText("Sample #1")).closest("li") as HTMLElement);
    expect(card.getByText(`${location.slice(0, 30).trimEnd()}...`)).toBeInTheDocument();
    expect(card.getByRole("button", { name: "more" })).toBeInTheDocument();
  });

  it("row details; View Report and Report Ready only with a report (desktop 'View Report', phone 'View')", async () => {
    const samples = [
      makeSample({
        id: 1,
        status: "COMPLETED",
        reportId: 55,
        emailAddress: "farm@example.com",
        shrimpSubCategory: "Allergen Testing",
      }),
      makeSample({ id: 2, status: "TESTING", shrimpSubCategory: "" }),
    ];
    serve(samples);
    const user = userEvent.setup();
    const { unmount } = render();
    const one = within((await screen.findByText("Sample #1")).closest("tr") as HTMLElement);
    for (const text of [
      "Tiger Shrimp",
      "Allergen Testing",
      "Ravi Kumar",
      "+91 98480 22338",
      "farm@example.com",
    ]) {
      expect(one.getByText(text)).toBeInTheDocument();
    }
    expect(one.getByText("Completed")).toBeInTheDocument();
    expect(one.getByText(formatDate("en", samples[0]?.createdAt ?? "", "date"))).toBeInTheDocument();
    const link = one.getByRole("link", { name: "View report for sample #1" });
    expect(link).toHaveAttribute("href", "/report/55");
    expect(link).toHaveTextContent("View Report");
    expect(one.getByText("Report Ready")).toBeInTheDocument();
    const two = within(screen.getByText("Sample #2").closest("tr") as HTMLElement);
    expect(two.queryByRole("link")).not.toBeInTheDocument();
    expect(two.queryByText("Report Ready")).not.toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByRole("heading", { name: "Report page" })).toBeInTheDocument();
    unmount();

    setViewport(390);
    serve(samples);
    render();
    const card = within((await screen.findByText("Sample #1")).closest("li") as HTMLElement);
    expect(card.getByRole("link", { name: "View report for sample #1" })).toHaveTextContent(/^View$/);
    expect(card.getByText("Report Ready")).toBeInTheDocument();
  });

  it("dates: From after To shows the error and is not sent; a valid range is sent as YYYY-MM-DD", async () => {
    const { callsTo } = serve(many(3));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    await user.type(screen.getByLabelText("From Date"), "2025-02-10");
    await waitFor(() => expect(callsTo("GET", LIST).at(-1)?.query.get("from")).toBe("2025-02-10"));
    await user.type(screen.getByLabelText("To Date"), "2025-02-01");
    expect(await screen.findByText(messages.dateRangeInvalid)).toBeInTheDocument();
    expect(callsTo("GET", LIST).some((request) => request.query.get("to") === "2025-02-01")).toBe(false);
    await user.clear(screen.getByLabelText("To Date"));
    await user.type(screen.getByLabelText("To Date"), "2025-02-20");
    await waitFor(() => expect(callsTo("GET", LIST).at(-1)?.query.get("to")).toBe("2025-02-20"));
    expect(screen.queryByText(messages.dateRangeInvalid)).not.toBeInTheDocument();
  });

  it("Refresh fetches the page again", async () => {
    const { callsTo } = serve(many(3));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    const before = callsTo("GET", LIST).length;
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(callsTo("GET", LIST).length).toBe(before + 1));
  });

  it("Export: selected_samples.csv with the selected samples of every page, then the success toast", async () => {
    const files = captureDownloads();
    serve(many(12, { samplerLocation: "" }));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    await user.click(within(pager()).getByRole("button", { name: "Page 2" }));
    await screen.findByText("Sample #1011");
    await user.click(box(1011));
    await user.click(within(pager()).getByRole("button", { name: "Page 1" }));
    await screen.findByText("Sample #1000");
    await user.click(box(1002));
    await user.click(screen.getByRole("button", { name: "Export" }));
    expect(await screen.findByText(messages.exportSuccess)).toBeInTheDocument();
    expect(files.map((file) => file.name)).toEqual(["selected_samples.csv"]);
    const lines = (await readText(files[0]?.blob)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Sample ID","Shrimp Category","Sampler","Status","Date Submitted","Location","Certificate No.","Verdicts by Market","Test Types"',
    );
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(['"1002"', '"1011"']);
    expect(lines[1]).toMatch(/"N\/A","N\/A","N\/A","Viral Disease Screening; Allergen Testing"$/);
    expect(
      screen.queryByText("Select one or more samples to export or e-mail them."),
    ).not.toBeInTheDocument();
  });

  it("status options go to the API as all, pending, processing, testing, completed", async () => {
    const { callsTo } = serve(many(3, { status: "TESTING" }));
    const user = userEvent.setup();
    render();
    await screen.findByText("Sample #1000");
    expect(callsTo("GET", LIST)[0]?.query.get("status")).toBe("all");
    for (const value of ["pending", "processing", "testing", "completed"]) {
      await user.selectOptions(screen.getByLabelText("Status"), value);
      await waitFor(() => expect(callsTo("GET", LIST).at(-1)?.query.get("status")).toBe(value));
    }
  });

  it("in Telugu: headings, columns, filters, status badge, the shrimp category and test types in Telugu", async () => {
    serve([
      makeSample({
        id: 7,
        status: "COMPLETED",
        reportId: 3,
        shrimpCategory: "Tiger Shrimp",
        testTypes: ["Viral Disease Screening"],
        shrimpSubCategory: "Viral Disease Screening",
      }),
    ]);
    await act(async () => {
      await setLanguage("te");
    });
    render();
    expect(await screen.findByRole("heading", { level: 1, name: "నమూనా లెడ్జర్" })).toBeInTheDocument();
    await screen.findByText("నమూనా #7");
    expect(
      within(screen.getByRole("table"))
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["ఎంచుకోండి", "నమూనా వివరాలు", "నమూనా ఇచ్చేవారి వివరాలు", "స్థితి", "తేదీ", "చర్యలు"]);
    expect(screen.getByText("మొత్తం: 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ఇ-మెయిల్ (0)" })).toBeDisabled();
    expect(screen.getByText("పూర్తయింది", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByText("నివేదిక సిద్ధం")).toBeInTheDocument();
    const tiger = translate("domain.category.Tiger Shrimp");
    const viral = translate("domain.testType.Viral Disease Screening");
    expect(tiger).not.toBe("Tiger Shrimp");
    expect(viral).not.toBe("Viral Disease Screening");
    expect(screen.getByText(tiger)).toBeInTheDocument();
    expect(screen.getByText(viral)).toBeInTheDocument();
    expect(screen.getByText(formatDate("te", "2025-01-10T06:30:00.000Z", "date"))).toBeInTheDocument();
    expect(
      within(screen.getByLabelText("స్థితి"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["అన్ని స్థితులు", "వేచి ఉంది", "ప్రక్రియలో ఉంది", "పరీక్ష జరుగుతోంది", "పూర్తయింది", "తిరస్కరించబడింది"]);
  });
});
