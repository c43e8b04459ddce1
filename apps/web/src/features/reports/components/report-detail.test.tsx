import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { logout, startSession } from "@/lib/auth";
import { setLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { euFailUsPass, makeParameterLine, makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { ReportDetail } from "./report-detail";

const render = (id = "41") =>
  renderWithProviders(<ReportDetail reportId={id} />, { route: `/report/${id}`, path: "/report/:reportId" });

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

const certified = (overrides: Parameters<typeof makeReport>[0] = {}) =>
  makeReport({
    result: "failure",
    details: { ...makeReport().details, certification: null },
    markets: euFailUsPass(),
    parameters: [
      makeParameterLine(),
      makeParameterLine({
        code: "PB",
        name: "Lead",
        unit: "mg/kg",
        method: "ICP-MS",
        lod: 0.01,
        loq: 0.02,
        result: { value: null, qualifier: "below_loq", display: "< LOQ (0.02)" },
        markets: [
          { code: "EU", limit: null, limitText: "≤ 0.5", verdict: "pass" },
          { code: "US", limit: null, limitText: "—", verdict: "no_limit" },
        ],
      }),
    ],
    analyst: { name: "Ravi Analyst", at: "2026-02-02T10:00:00.000Z" },
    reviewer: { name: "Sita Reviewer", at: "2026-02-03T09:15:00.000Z" },
    sha256: "ab".repeat(32),
    ...overrides,
  });

const sample = makeSample({ id: 100, status: "COMPLETED", samplerName: "Lakshmi Farms" });

describe("ReportDetail", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    Reflect.deleteProperty(window, "matchMedia");
  });

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
      "/verify/NSP-CERT-2026-007#c=4F3A91C20B7DE5A1",
    );
  });

  it("the certificate's check code under its number, as printed, with a button that copies it", async () => {
    mockFetch({
      "GET /api/reports/41": { body: makeReport({ checkCode: "0A1B2C3D4E5F6789" }) },
      "GET /api/sample-submissions/100": { body: sample },
    });
    const user = userEvent.setup();
    // After setup, which puts its own clipboard in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    render();
    expect(await screen.findByText("Check code")).toBeInTheDocument();
    expect(screen.getByText("0A1B-2C3D-4E5F-6789")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Copy check code" }));
    expect(writeText).toHaveBeenCalledWith("0A1B-2C3D-4E5F-6789");
    expect(await screen.findByText("Check code copied")).toBeInTheDocument();
    Reflect.deleteProperty(navigator, "clipboard");
  });

  it("a legacy report hides the sections with nothing recorded", async () => {
    mockFetch({
      "GET /api/reports/41": {
        body: makeReport({
          details: {
            ...makeReport().details,
            initialInspection: "",
            finalReview: "",
            labResults: {
              viralScreening: "WSSV and IHHNV not detected",
              bacterialAnalysis: "",
              parasiteCheck: "",
              geneticMarkers: "",
              waterQuality: "",
            },
          },
        }),
      },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render();
    expect(await screen.findByText("WSSV and IHHNV not detected")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Initial Inspection" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Final Review" })).not.toBeInTheDocument();
    expect(screen.queryByText("Parasite Check")).not.toBeInTheDocument();
    expect(screen.queryByText("Not recorded.")).not.toBeInTheDocument();
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

  it("certified: market summary as chips with words, the parameter table with the outside-limit row marked in words and colour, analyst and reviewer", async () => {
    mockFetch({
      "GET /api/reports/41": { body: certified() },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render();
    const chips = await screen.findByRole("list", { name: "Market verdicts" });
    expect(within(chips).getByText("EU ✗ Fail")).toHaveClass("text-red-900");
    expect(within(chips).getByText("US ✓ Pass")).toHaveClass("text-green-900");
    expect(chips).toHaveTextContent("European Union, spec v3");
    const table = screen.getByRole("table", { name: "Other parameters" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Parameter", "Method", "Unit", "LOD / LOQ", "Result", "EU limit", "US limit"]);
    const cap = within(table).getByRole("rowheader", { name: "Chloramphenicol" });
    expect(cap).toHaveClass("border-red-500");
    const capRow = within(table).getByRole("row", { name: /Chloramphenicol/ });
    expect(within(capRow).getByText("✗ Outside EU limit")).toHaveClass("text-red-900");
    expect(within(capRow).getByText("✓ Within US limit")).toBeInTheDocument();
    const lead = within(table).getByRole("row", { name: /Lead/ });
    expect(lead).toHaveTextContent("< LOQ (0.02)");
    expect(within(lead).getByText("No US limit")).toBeInTheDocument();
    expect(within(table).getByRole("rowheader", { name: "Lead" })).not.toHaveClass("border-red-500");
    // Certified reports replace the per-test-type table.
    expect(screen.queryByRole("row", { name: /Viral Disease Screening/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Ravi Analyst/)).toBeInTheDocument();
    expect(screen.getByText("Reviewed and released by")).toBeInTheDocument();
    expect(screen.getByText(/Sita Reviewer/)).toBeInTheDocument();
  });

  it("certified on a 360 px phone: one stacked card per parameter, no table, outside-limit words on the card", async () => {
    setViewport(360);
    mockFetch({
      "GET /api/reports/41": { body: certified() },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render();
    const cards = await screen.findByRole("list", { name: "Other parameters" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const capCard = within(cards).getByRole("heading", { name: "Chloramphenicol" }).closest("li");
    if (!capCard) throw new Error("no card for Chloramphenicol");
    expect(capCard).toHaveTextContent("0.2 µg/kg");
    expect(within(capCard).getByText("✗ Outside EU limit")).toBeInTheDocument();
    expect(capCard).toHaveClass("border-red-500");
  });

  it("revoked and replaced: 'Revoked: reason. Replaced by NSP-CERT-…' linking to the replacement report", async () => {
    mockFetch({
      "GET /api/reports/41": {
        body: certified({
          status: "revoked",
          revokedReason: "Wrong pond recorded",
          revokedAt: "2026-02-05T10:00:00Z",
          replacedBy: { id: 52, certification: "NSP-CERT-2026-012" },
        }),
      },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render();
    const amendment = await screen.findByRole("region", { name: "Amendment" });
    expect(amendment).toHaveTextContent("Revoked: Wrong pond recorded. Replaced by NSP-CERT-2026-012");
    expect(within(amendment).getByRole("link", { name: "NSP-CERT-2026-012" })).toHaveAttribute(
      "href",
      "/report/52",
    );
  });

  it("the replacement: 'Replaces NSP-CERT-…' linking back to the revoked report", async () => {
    mockFetch({
      "GET /api/reports/52": {
        body: certified({ id: 52, replaces: { id: 41, certification: "NSP-CERT-2026-007" } }),
      },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render("52");
    const amendment = await screen.findByRole("region", { name: "Amendment" });
    expect(amendment).toHaveTextContent("Replaces NSP-CERT-2026-007");
    expect(within(amendment).getByRole("link", { name: "NSP-CERT-2026-007" })).toHaveAttribute(
      "href",
      "/report/41",
    );
  });

  it("EU passed, US failed: the headline by market, what the certificate certifies, the failing parameter with its value and limit, results closed by panel, no empty section", async () => {
    setViewport(360);
    const aoz = makeParameterLine({
      code: "AOZ",
      name: "AOZ (furazolidone metabolite)",
      result: { value: 1.29, qualifier: null, display: "1.29" },
      markets: [
        { code: "EU", limit: null, limitText: "< 1.5", verdict: "pass" },
        { code: "US", limit: null, limitText: "Not detected", verdict: "fail" },
      ],
    });
    const cap = makeParameterLine({
      result: { value: null, qualifier: "not_detected", display: "Not detected" },
      markets: [
        { code: "EU", limit: null, limitText: "< 0.15", verdict: "pass" },
        { code: "US", limit: null, limitText: "Not detected", verdict: "pass" },
      ],
    });
    const pb = makeParameterLine({
      code: "PB",
      name: "Lead",
      unit: "mg/kg",
      result: { value: 0.1, qualifier: null, display: "0.1" },
      markets: [
        { code: "EU", limit: null, limitText: "≤ 0.5", verdict: "pass" },
        { code: "US", limit: null, limitText: "—", verdict: "no_limit" },
      ],
    });
    mockFetch({
      "GET /api/reports/41": {
        body: certified({
          result: "failure",
          details: {
            initialInspection: "",
            labResults: {
              viralScreening: "",
              bacterialAnalysis: "",
              parasiteCheck: "",
              geneticMarkers: "",
              waterQuality: "",
            },
            finalReview: "EU ✓ · US ✗",
            certification: "NSP-CERT-2026-031",
          },
          markets: [
            { code: "EU", name: "European Union", specVersionId: 3, version: 3, verdict: "pass" },
            { code: "US", name: "United States", specVersionId: 5, version: 1, verdict: "fail" },
          ],
          parameters: [cap, aoz, pb],
          certifiedMarkets: ["EU"],
          notCertifiedMarkets: ["US"],
          panels: [
            { testType: "Antibiotic Residue Test", codes: ["CAP", "AOZ"] },
            { testType: "Heavy Metal Analysis", codes: ["PB"] },
          ],
        }),
      },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render();
    const box = await screen.findByRole("region", { name: "Result" });
    expect(within(box).getByRole("heading", { name: "Passed for EU · Not for US" })).toBeInTheDocument();
    expect(box).toHaveTextContent("Certificate NSP-CERT-2026-031 certifies EU only. It does not certify US.");
    const failing = within(box).getByRole("list", { name: "Outside a limit" });
    expect(within(failing).getAllByRole("listitem")).toHaveLength(1);
    expect(failing).toHaveTextContent("AOZ (furazolidone metabolite) 1.29 µg/kg");
    expect(failing).toHaveTextContent("US limit: Not detected");
    expect(screen.queryByText("Test Failed")).not.toBeInTheDocument();
    // The certificate names the markets it certifies and those it does not.
    expect(screen.getByText("Certifies").nextElementSibling).toHaveTextContent("European Union");
    expect(screen.getByText("Does not certify").nextElementSibling).toHaveTextContent("United States");
    // Every result, closed by panel: a summary line each with its count and failures.
    const groups = document.querySelectorAll("details");
    expect([...groups].map((group) => group.open)).toEqual([false, false]);
    expect(groups[0]?.querySelector("summary")).toHaveTextContent(
      "Antibiotic Residue Test2 parameters · 1 outside a limit",
    );
    expect(groups[1]?.querySelector("summary")).toHaveTextContent("Heavy Metal Analysis1 parameter");
    expect(within(groups[1] as HTMLElement).getByRole("heading", { name: "Lead" })).toBeInTheDocument();
    // No section left empty, no generated English review line.
    expect(screen.queryByText("Not recorded.")).not.toBeInTheDocument();
    for (const heading of ["Initial Inspection", "Final Review", "Laboratory Results", "Markets"])
      expect(screen.queryByRole("heading", { name: heading })).not.toBeInTheDocument();
    expect(screen.queryByText("EU ✓ · US ✗")).not.toBeInTheDocument();
  });

  it("no market passed: 'Not passed for EU, US' and a test report without a number", async () => {
    mockFetch({
      "GET /api/reports/41": {
        body: certified({
          markets: [
            { code: "EU", name: "European Union", specVersionId: 3, version: 3, verdict: "fail" },
            { code: "US", name: "United States", specVersionId: 5, version: 1, verdict: "fail" },
          ],
          certifiedMarkets: [],
          notCertifiedMarkets: ["EU", "US"],
        }),
      },
      "GET /api/sample-submissions/100": { body: sample },
    });
    render();
    const box = await screen.findByRole("region", { name: "Result" });
    expect(within(box).getByRole("heading", { name: "Not passed for EU, US" })).toBeInTheDocument();
    expect(
      screen.getAllByText("No market passed: this is a test report without a certificate number."),
    ).toHaveLength(2);
    expect(screen.queryByText("Certifies")).not.toBeInTheDocument();
  });

  it("in Telugu: parameter names from the catalogue, verdict words, market chips, the banner and headings", async () => {
    mockFetch({
      "GET /api/reports/41": {
        body: certified({
          parameters: [
            makeParameterLine(),
            makeParameterLine({
              code: "WSSV",
              name: "White spot syndrome virus (WSSV)",
              kind: "qualitative",
              unit: null,
              method: "PCR",
              lod: null,
              loq: null,
              result: { value: null, qualifier: "not_detected", display: "Not detected" },
              markets: [{ code: "EU", limit: null, limitText: "Not detected", verdict: "pass" }],
            }),
            makeParameterLine({ code: "STAFF_X", name: "Lab-made parameter" }),
          ],
        }),
      },
      "GET /api/sample-submissions/100": { body: sample },
    });
    setViewport(1280);
    await act(async () => {
      await setLanguage("te");
    });
    render();
    const chips = await screen.findByRole("list", { name: "మార్కెట్ తీర్పులు" });
    expect(within(chips).getByText("EU ✗ విఫలం")).toHaveClass("text-red-900");
    expect(within(chips).getByText("US ✓ ఉత్తీర్ణం")).toBeInTheDocument();
    expect(chips).toHaveTextContent("యూరోపియన్ యూనియన్, ప్రమాణం v3");
    expect(screen.getByRole("heading", { name: "US కోసం ఉత్తీర్ణం · EU కోసం కాదు" })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "పరిమితి దాటినవి" })).toHaveTextContent("0.2 µg/kg");
    expect(screen.queryByText("Not recorded.")).not.toBeInTheDocument();
    const table = screen.getByRole("table", { name: "ఇతర పరామితులు" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["పరామితి", "పద్ధతి", "యూనిట్", "LOD / LOQ", "ఫలితం", "EU పరిమితి", "US పరిమితి"]);
    const cap = within(table).getByRole("row", { name: /క్లోరాంఫెనికాల్ \(CAP\)/ });
    expect(within(cap).getByText("✗ EU పరిమితి దాటింది")).toBeInTheDocument();
    expect(within(cap).getByText("✓ US పరిమితిలోపు")).toBeInTheDocument();
    const wssv = within(table).getByRole("row", { name: /తెల్ల మచ్చల వైరస్ \(WSSV\)/ });
    expect(within(wssv).getAllByText("కనబడలేదు")).toHaveLength(2);
    expect(within(wssv).getByText("✓ EU పరిమితిలోపు")).toBeInTheDocument();
    // A staff-created parameter has no catalogue name: the API's name stays.
    expect(within(table).getByRole("rowheader", { name: "Lab-made parameter" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "పరీక్ష నివేదిక #41" })).toBeInTheDocument();
    expect(screen.getByText("సమీక్షించి విడుదల చేసినవారు")).toBeInTheDocument();
    expect(screen.queryByText("Reviewed and released by")).not.toBeInTheDocument();
  });
});
