import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { ReportDetail } from "./report-detail";

const render = (id = "41") =>
  renderWithProviders(<ReportDetail reportId={id} />, { route: `/report/${id}`, path: "/report/:reportId" });

const sample = makeSample({ id: 100, status: "COMPLETED", samplerName: "Lakshmi Farms" });

describe("ReportDetail", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("success: Test Passed / Test Successful, sample info, inspection, the five lab results, the results table, review, certification with its check link", async () => {
    mockFetch({
      "GET /api/reports/41": { body: makeReport() },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render();
    const banner = await screen.findByRole("region", { name: "Result" });
    expect(within(banner).getByRole("heading", { name: "Test Passed" })).toBeInTheDocument();
    expect(banner).toHaveTextContent("Test Successful");
    expect(screen.queryByRole("region", { name: "Revoked" })).not.toBeInTheDocument();
    expect(await screen.findByText("Lakshmi Farms")).toBeInTheDocument();
    expect(screen.getByText("Viral Disease Screening, Allergen Testing")).toBeInTheDocument();
    expect(screen.getByText("Sample received chilled, intact packaging.")).toBeInTheDocument();
    for (const label of [
      "Viral Screening",
      "Bacterial Analysis",
      "Parasite Check",
      "Genetic Markers",
      "Water Quality",
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText("WSSV and IHHNV not detected")).toBeInTheDocument();
    const table = screen.getByRole("table");
    const row = within(table).getByRole("row", { name: /Allergen Testing/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["0.2", "mg/kg", "≤ 1", "ELISA", "Pass"]);
    expect(screen.getByText("Fit for export.")).toBeInTheDocument();
    expect(screen.getByText("NSP-CERT-2026-007")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Verify this certificate" })).toHaveAttribute(
      "href",
      "/verify/NSP-CERT-2026-007",
    );
  });

  it("failure: Test Failed, no certificate", async () => {
    mockFetch({
      "GET /api/reports/41": {
        body: makeReport({ result: "failure", details: { ...makeReport().details, certification: null } }),
      },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render();
    const banner = await screen.findByRole("region", { name: "Result" });
    expect(within(banner).getByRole("heading", { name: "Test Failed" })).toBeInTheDocument();
    expect(banner).not.toHaveTextContent("Test Successful");
    expect(screen.getByText("No certificate is issued for a failed test.")).toBeInTheDocument();
  });

  it("revoked: the revoked banner with the reason, the report still readable, no Test Passed, certificate number or check link", async () => {
    mockFetch({
      "GET /api/reports/41": {
        body: makeReport({
          status: "revoked",
          revokedReason: "Sample mislabelled",
          revokedAt: "2026-02-05T10:00:00Z",
        }),
      },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render();
    const revoked = await screen.findByRole("region", { name: "Revoked" });
    expect(within(revoked).getByRole("heading", { name: "Report Revoked" })).toBeInTheDocument();
    expect(revoked).toHaveTextContent("Reason: Sample mislabelled");
    expect(screen.getByRole("heading", { name: "Initial Inspection" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Test Passed" })).not.toBeInTheDocument();
    expect(screen.queryByText(/NSP-CERT-/)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Verify this certificate" })).not.toBeInTheDocument();
    expect(screen.getByText("This report was revoked: it certifies nothing.")).toBeInTheDocument();
  });

  it("missing or another customer's report: Report Not Found with Back to Reports", async () => {
    mockFetch({
      "GET /api/reports/999": { status: 404, body: { error: "Report not found", code: "not_found" } },
    });
    render("999");
    expect(await screen.findByRole("heading", { name: "Report Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("The requested report could not be found.");
    expect(screen.getByRole("link", { name: "Back to Reports" })).toHaveAttribute("href", "/reports");
  });

  it("Print Report opens the browser's print dialog", async () => {
    mockFetch({
      "GET /api/reports/41": { body: makeReport() },
      "GET /api/sample-submissions/100": { body: sample },
    });
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Print Report" }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
