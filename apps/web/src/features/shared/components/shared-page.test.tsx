import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import type { SharedSampleDetail, SharedWithUs } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { SharedPage } from "./shared-page";
import { SharedSamplePage } from "./shared-sample-page";

const shared: SharedWithUs = {
  items: [
    {
      organisation: { name: "Ravi Aqua Farms" },
      farm: {
        name: "Sri Venkateswara Aqua Farm",
        mpedaEnrolment: "AP/WG/2024/0099",
        caaRegistration: "CAA-AP-77",
        caaExpiresOn: "2026-12-10",
        caaStatus: "expiring",
        stateLicence: null,
        village: "Kalla",
        district: "West Godavari",
        state: "Andhra Pradesh",
      },
      lots: [
        {
          code: "7K3M9QX2PA",
          pondCode: "P1",
          species: "Tiger Shrimp",
          expectedOn: "2026-12-01",
          harvestedOn: null,
          quantityKg: 150000,
          markets: ["EU"],
          state: "cleared",
          sharedUntil: "2026-12-31",
          samples: [
            {
              id: 41,
              status: "COMPLETED",
              purpose: "pre_harvest",
              shrimpCategory: "Tiger Shrimp",
              testTypes: ["Antibiotic Residues"],
              createdAt: "2026-11-20T04:00:00.000Z",
              updatedAt: "2026-11-22T04:00:00.000Z",
              report: {
                id: 9,
                status: "valid",
                result: "success",
                certification: "NSP-CERT-2026-000041",
                completedAt: "2026-11-22T04:00:00.000Z",
                verdicts: [{ market: "EU", verdict: "pass" }],
              },
            },
            {
              id: 42,
              status: "PENDING",
              purpose: "monitoring",
              shrimpCategory: "Tiger Shrimp",
              testTypes: ["Antibiotic Residues"],
              createdAt: "2026-11-25T04:00:00.000Z",
              updatedAt: "2026-11-25T04:00:00.000Z",
              report: null,
            },
          ],
        },
        {
          code: "B4N8R2T6WX",
          pondCode: "P2",
          species: "Tiger Shrimp",
          expectedOn: "2026-12-15",
          harvestedOn: null,
          quantityKg: null,
          markets: [],
          state: "failed",
          sharedUntil: "2026-12-31",
          samples: [],
        },
      ],
    },
  ],
};

const detail: SharedSampleDetail = {
  sample: {
    id: 41,
    status: "COMPLETED",
    purpose: "pre_harvest",
    shrimpCategory: "Tiger Shrimp",
    testTypes: ["Antibiotic Residues"],
    createdAt: "2026-11-20T04:00:00.000Z",
    updatedAt: "2026-11-22T04:00:00.000Z",
  },
  organisation: { name: "Ravi Aqua Farms" },
  farmName: "Sri Venkateswara Aqua Farm",
  lotCode: "7K3M9QX2PA",
  pondCode: "P1",
  report: {
    id: 9,
    status: "revoked",
    result: "success",
    certification: "NSP-CERT-2026-000041",
    completedAt: "2026-11-22T04:00:00.000Z",
    revokedAt: "2026-11-23T04:00:00.000Z",
    markets: [{ code: "EU", name: "European Union", specVersionId: null, version: null, verdict: "pass" }],
    parameters: [],
  },
};

const signIn = () => startSession({ user: { ...customer, role: "results" }, token: "jwt", expiresIn: 3600 });

describe("SharedPage", () => {
  afterEach(() => logout());

  it("lists each shared farm with its registrations, each lot with its state in words, and each sample with its verdicts and links", async () => {
    signIn();
    mockFetch({ "GET /api/shared": { body: shared } });
    renderWithProviders(<SharedPage />, { route: "/shared" });
    expect(await screen.findByRole("heading", { name: "Sri Venkateswara Aqua Farm" })).toBeInTheDocument();
    expect(screen.getByText("Shared by Ravi Aqua Farms")).toBeInTheDocument();
    expect(screen.getByText("AP/WG/2024/0099")).toBeInTheDocument();
    expect(screen.getByText("CAA expires within 30 days")).toBeInTheDocument();
    const cleared = screen.getByRole("region", { name: "Lot 7K3M9QX2PA" });
    expect(within(cleared).getByText("Cleared")).toBeInTheDocument();
    expect(within(cleared).getByText("Pre-harvest screening")).toBeInTheDocument();
    const verdicts = within(cleared).getByRole("list", { name: "Verdicts of sample #41" });
    expect(within(verdicts).getByText(/EU/)).toBeInTheDocument();
    expect(within(cleared).getByRole("link", { name: "Open the results of sample #41" })).toHaveAttribute(
      "href",
      "/shared/samples/41",
    );
    expect(
      within(cleared).getByRole("button", { name: "Download the report of sample #41 (PDF)" }),
    ).toBeInTheDocument();
    // A sample without a report has neither.
    expect(within(cleared).getByText("No report yet")).toBeInTheDocument();
    expect(within(cleared).queryByRole("link", { name: /sample #42/ })).not.toBeInTheDocument();
    const failed = screen.getByRole("region", { name: "Lot B4N8R2T6WX" });
    expect(within(failed).getByText("Failed")).toBeInTheDocument();
    expect(within(failed).getByText("No samples of this lot yet.")).toBeInTheDocument();
  });

  it("says so when nothing is shared", async () => {
    signIn();
    mockFetch({ "GET /api/shared": { body: { items: [] } } });
    renderWithProviders(<SharedPage />, { route: "/shared" });
    expect(await screen.findByText("Nothing is shared with your organisation now.")).toBeInTheDocument();
  });

  it("the PDF button fetches the shared sample's report; a share that ended is said as an error", async () => {
    signIn();
    const { callsTo } = mockFetch({
      "GET /api/shared": { body: shared },
      "GET /api/shared/samples/41/report.pdf": {
        status: 404,
        body: { error: "Sample not found", code: "not_found", messageCode: "sample_not_found" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SharedPage />, { route: "/shared" });
    await user.click(await screen.findByRole("button", { name: "Download the report of sample #41 (PDF)" }));
    expect(await screen.findByText("Sample not found")).toBeInTheDocument();
    expect(callsTo("GET", "/api/shared/samples/41/report.pdf")).toHaveLength(1);
  });
});

describe("SharedSamplePage", () => {
  afterEach(() => logout());

  it("shows the sample's lot, its report's verdicts and that the laboratory revoked it", async () => {
    signIn();
    mockFetch({ "GET /api/shared/samples/41": { body: detail } });
    renderWithProviders(<SharedSamplePage sampleId="41" />, { route: "/shared/samples/41" });
    expect(
      await screen.findByText("Farm Sri Venkateswara Aqua Farm · pond P1 · lot 7K3M9QX2PA"),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Sample #41" })).toBeInTheDocument();
    expect(screen.getByText("The laboratory revoked this report.")).toBeInTheDocument();
    expect(screen.getByText(/Certificate NSP-CERT-2026-000041/)).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Verdicts of sample #41" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Shared with us" })).toHaveAttribute("href", "/shared");
  });

  it("a sample no longer shared (or never) is not found", async () => {
    signIn();
    mockFetch({
      "GET /api/shared/samples/41": {
        status: 404,
        body: { error: "Sample not found", code: "not_found", messageCode: "sample_not_found" },
      },
    });
    renderWithProviders(<SharedSamplePage sampleId="41" />, { route: "/shared/samples/41" });
    expect(await screen.findByText("Sample not found")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Results" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Download the report/ })).not.toBeInTheDocument();
  });
});
