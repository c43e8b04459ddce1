import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import type { LotCheck } from "@lab/contracts";

import { setLanguage } from "@/lib/i18n/i18n";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { LotCheckPage } from "./lot-check-page";

const failed: LotCheck = {
  code: "7K3M9Q2XAB",
  state: "failed",
  mpedaEnrolment: "MPEDA/AP/2024/123",
  caaRegistration: "CAA-AP-4567",
  caaStatus: "expired",
  pondCode: "P1",
  species: "Tiger Shrimp",
  expectedOn: "2026-05-20",
  quantityKg: 2500,
  markets: ["EU"],
  certificateNumber: "SAQ-2026-000123",
  verdicts: [{ market: "EU", verdict: "fail" }],
  sampledOn: "2026-05-12",
  validUntil: null,
};

describe("the public lot check in Telugu", () => {
  it("the state, its reason and the farm's CAA status in the reader's language", async () => {
    mockFetch({ "GET /api/lots/7K3M9Q2XAB/check": { body: failed } });
    await act(async () => {
      await setLanguage("te");
    });
    renderWithProviders(<LotCheckPage code="7K3M9Q2XAB" />, { route: "/lots/7K3M9Q2XAB" });
    expect(await screen.findByRole("heading", { level: 1, name: "హార్వెస్ట్ లాట్ తనిఖీ" })).toBeInTheDocument();
    expect(await screen.findByText("విఫలమైంది")).toBeInTheDocument();
    expect(screen.getByText("దీని తాజా పట్టుబడికి ముందు పరీక్ష లాట్ మార్కెట్లలో ఒకదానిలో విఫలమైంది.")).toBeInTheDocument();
    expect(screen.getByText("గడువు ముగిసింది")).toBeInTheDocument();
    expect(screen.getByText("CAA రిజిస్ట్రేషన్")).toBeInTheDocument();
  });
});
