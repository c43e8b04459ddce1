import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { euFailUsPass, makeReport } from "@/testing/report-fixtures";

import { ReportsList } from "./reports-list";

const render = () => renderWithProviders(<ReportsList />, { route: "/reports", path: "/reports" });

const counter = (label: string) => {
  const figures = screen.getByRole("region", { name: "Report figures" });
  const item = within(figures)
    .getAllByRole("listitem")
    .find((entry) => entry.textContent?.includes(label));
  if (!item) throw new Error(`no counter ${label}`);
  return item;
};

describe("ReportsList", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("counters: Total Reports, Successful Tests, Failed Tests; a revoked report not counted as successful; a card per report with View Details and the revoked badge", async () => {
    mockFetch({
      "GET /api/reports": {
        body: [
          makeReport({ id: 3 }),
          makeReport({
            id: 2,
            result: "failure",
            details: { ...makeReport().details, certification: null },
          }),
          makeReport({
            id: 1,
            status: "revoked",
            revokedReason: "Wrong sample",
            revokedAt: "2026-02-04T00:00:00Z",
          }),
        ],
      },
    });
    render();
    expect(screen.getByText("Loading reports...")).toBeInTheDocument();
    await screen.findByRole("region", { name: "Report figures" });
    expect(within(counter("Total Reports")).getByText("3")).toBeInTheDocument();
    // The revoked report (a passed one) is no longer a successful test.
    expect(within(counter("Successful Tests")).getByText("1")).toBeInTheDocument();
    expect(within(counter("Failed Tests")).getByText("1")).toBeInTheDocument();

    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(3);
    const [third, second, first] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(third).getByText("Test Passed")).toBeInTheDocument();
    expect(within(third).getByText("NSP-CERT-2026-007")).toBeInTheDocument();
    expect(within(third).getByRole("link", { name: /View Details/ })).toHaveAttribute("href", "/report/3");
    expect(within(second).getByText("Test Failed")).toBeInTheDocument();
    expect(within(second).getByText("Not certified")).toBeInTheDocument();
    expect(within(first).getByText("Revoked")).toBeInTheDocument();
    // A revoked report shows no "Test Passed" and its certificate number is marked revoked.
    expect(within(first).queryByText("Test Passed")).not.toBeInTheDocument();
    expect(within(first).getByText("(revoked)", { exact: false })).toBeInTheDocument();
    expect(within(third).queryByText("Revoked")).not.toBeInTheDocument();
  });

  it("no reports: zero counters and View Sample Status to /samples", async () => {
    mockFetch({ "GET /api/reports": { body: [] } });
    render();
    expect(await screen.findByRole("link", { name: "View Sample Status" })).toHaveAttribute(
      "href",
      "/samples",
    );
    expect(within(counter("Total Reports")).getByText("0")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("Download PDF: fetches the PDF as a blob with the bearer token and saves it under the server's file name", async () => {
    const pdf = new Blob(["%PDF-1.7 test"], { type: "application/pdf" });
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (path === "/api/reports") {
        return new Response(JSON.stringify([makeReport({ id: 41 })]), {
          headers: { "Content-Type": "application/json" },
        });
      }
      if (path === "/api/reports/41/pdf") {
        const headers = init.headers as Record<string, string>;
        if (headers.Authorization !== "Bearer jwt") return new Response(null, { status: 401 });
        return new Response(pdf, {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="NSP-CERT-2026-007.pdf"',
          },
        });
      }
      return new Response(null, { status: 404 });
    });
    vi.stubGlobal("fetch", fetchSpy);
    const createObjectURL = vi.fn((_blob: Blob) => "blob:report-41");
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });

    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Download PDF of report #41" }));

    await waitFor(() =>
      expect(clicks).toEqual([{ href: "blob:report-41", download: "NSP-CERT-2026-007.pdf" }]),
    );
    const pdfCall = fetchSpy.mock.calls.find(([input]) => String(input).endsWith("/pdf"));
    expect((pdfCall?.[1]?.headers as Record<string, string>).Authorization).toBe("Bearer jwt");
    const saved = createObjectURL.mock.calls[0]?.[0];
    expect(saved).toBeInstanceOf(Blob);
    expect(saved?.size).toBe(pdf.size);
    expect(saved?.type).toBe("application/pdf");
  });

  it("Download PDF failure: the server's message in an error toast", async () => {
    mockFetch({
      "GET /api/reports": { body: [makeReport({ id: 41 })] },
      "GET /api/reports/41/pdf": { status: 404, body: { error: "Report not found", code: "not_found" } },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Download PDF of report #41" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Report not found");
  });

  it("each card shows its markets' verdicts as chips with words (EU ✗ Fail, US ✓ Pass); a report without markets shows none", async () => {
    mockFetch({
      "GET /api/reports": { body: [makeReport({ id: 5, markets: euFailUsPass() }), makeReport({ id: 4 })] },
    });
    render();
    const chips = await screen.findByRole("list", { name: "Market verdicts of report #5" });
    expect(within(chips).getByText("EU ✗ Fail")).toHaveClass("text-red-900");
    expect(within(chips).getByText("US ✓ Pass")).toHaveClass("text-green-900");
    expect(screen.queryByRole("list", { name: "Market verdicts of report #4" })).not.toBeInTheDocument();
  });

  it("a card names the provider, place, shrimp category and date, and reads 'Passed for US · Not for EU' instead of Test Failed", async () => {
    mockFetch({
      "GET /api/reports": {
        body: [
          makeReport({
            id: 2,
            sampleId: 2,
            result: "failure",
            markets: euFailUsPass(),
            certifiedMarkets: ["US"],
            notCertifiedMarkets: ["EU"],
            farmer: "Sri Lakshmi Aqua Farms",
            place: "Bhimavaram, West Godavari",
            shrimpCategory: "Vannamei Shrimp",
          }),
        ],
      },
    });
    render();
    const card = await screen.findByRole("article", { name: /Sri Lakshmi Aqua Farms/ });
    expect(card).toHaveAccessibleName("Sri Lakshmi Aqua Farms Report #2 · Sample #2");
    expect(within(card).getByText("Passed for US · Not for EU")).toBeInTheDocument();
    expect(within(card).queryByText("Test Failed")).not.toBeInTheDocument();
    expect(within(card).getByText("Place").nextElementSibling).toHaveTextContent("Bhimavaram, West Godavari");
    expect(within(card).getByText("Shrimp Category").nextElementSibling).toHaveTextContent("Vannamei");
    expect(within(card).getByText("Completed").nextElementSibling).toHaveTextContent(/2026/);
    expect(within(card).getByText("NSP-CERT-2026-007")).toBeInTheDocument();
  });

  it("a revoked card links to its replacement report", async () => {
    mockFetch({
      "GET /api/reports": {
        body: [
          makeReport({
            id: 1,
            status: "revoked",
            revokedReason: "Wrong pond",
            revokedAt: "2026-02-04T00:00:00Z",
            replacedBy: { id: 2, certification: "NSP-CERT-2026-012" },
          }),
        ],
      },
    });
    render();
    expect(await screen.findByRole("link", { name: "NSP-CERT-2026-012" })).toHaveAttribute(
      "href",
      "/report/2",
    );
  });
});
