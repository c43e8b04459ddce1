import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import type { LotCheck } from "@lab/contracts";

import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { LotCheckPage } from "./lot-check-page";

const lot: LotCheck = {
  code: "7K3M9Q2XAB",
  state: "cleared",
  mpedaEnrolment: "MPEDA/AP/2024/123",
  caaRegistration: "CAA-AP-4567",
  caaStatus: "expiring",
  pondCode: "P1",
  species: "Pacific White Shrimp",
  expectedOn: "2026-05-20",
  quantityKg: 2500,
  markets: ["EU", "US"],
  certificateNumber: "SAQ-2026-000123",
  verdicts: [
    { market: "EU", verdict: "pass" },
    { market: "US", verdict: "pass" },
  ],
  sampledOn: "2026-05-12",
  validUntil: "2026-05-22",
};

const open = (answer: LotCheck) => {
  const fetches = mockFetch({ [`GET /api/lots/${answer.code}/check`]: { body: answer } });
  renderWithProviders(<LotCheckPage code={answer.code} />, { route: `/lots/${answer.code}` });
  return fetches;
};

describe("LotCheckPage", () => {
  it("a cleared lot: the state large in words, the farm's registrations and CAA status, the screening and its verdicts", async () => {
    const { callsTo } = open(lot);
    expect(await screen.findByText("Cleared")).toBeInTheDocument();
    expect(callsTo("GET", "/api/lots/7K3M9Q2XAB/check")[0]?.headers["Authorization"]).toBeUndefined();
    expect(screen.getByText("Its pre-harvest screening passed and is still valid.")).toBeInTheDocument();
    expect(screen.getByText("MPEDA/AP/2024/123")).toBeInTheDocument();
    expect(screen.getByText("CAA-AP-4567")).toBeInTheDocument();
    expect(screen.getByText("Expires within 30 days")).toBeInTheDocument();
    expect(screen.getByText("P1")).toBeInTheDocument();
    expect(screen.getByText("Pacific White Shrimp")).toBeInTheDocument();
    expect(screen.getByText("2,500 kg")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "SAQ-2026-000123" })).toHaveAttribute(
      "href",
      "/verify/SAQ-2026-000123",
    );
    expect(screen.getByText("22 May 2026")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Verdict per market" })).toHaveTextContent(/EU.*Pass.*US.*Pass/);
  });

  it("a failed or revoked lot: its state in red words with the reason", async () => {
    open({ ...lot, state: "revoked" });
    expect(await screen.findByText("Report revoked")).toBeInTheDocument();
    expect(screen.getByText("The laboratory revoked the report of its screening.")).toBeInTheDocument();
  });

  it("an unknown code: says so, and nothing else", async () => {
    open({
      ...lot,
      code: "ZZZZZZZZZZ",
      state: "unknown",
      mpedaEnrolment: null,
      caaRegistration: null,
      caaStatus: null,
      pondCode: null,
      species: null,
      expectedOn: null,
      quantityKg: null,
      markets: [],
      certificateNumber: null,
      verdicts: [],
      sampledOn: null,
      validUntil: null,
    });
    expect(await screen.findByText("Unknown code")).toBeInTheDocument();
    expect(
      screen.getByText("No harvest lot has this code. Check the code on the lot card."),
    ).toBeInTheDocument();
    expect(screen.queryByText("MPEDA enrolment")).not.toBeInTheDocument();
  });

  it("a malformed code: the server's refusal, and no Try again that could not help", async () => {
    mockFetch({
      "GET /api/lots/NOT-A-CODE/check": {
        status: 400,
        body: {
          error: "A lot code is the 10 letters and digits printed on the lot card",
          code: "lot_code_invalid",
        },
      },
    });
    renderWithProviders(<LotCheckPage code="NOT-A-CODE" />, { route: "/lots/NOT-A-CODE" });
    expect(
      await screen.findByText(/A lot code is the 10 letters and digits printed on the lot card/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });

  it("a check that could not reach the server offers Try again", async () => {
    mockFetch({ "GET /api/lots/7K3M9Q2XAB/check": { status: 503, body: {} } });
    renderWithProviders(<LotCheckPage code="7K3M9Q2XAB" />, { route: "/lots/7K3M9Q2XAB" });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
