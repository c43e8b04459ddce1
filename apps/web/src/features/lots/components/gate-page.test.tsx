import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { LotCheck } from "@lab/contracts";

import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { GatePage } from "./gate-page";

const blank = (code: string): LotCheck => ({
  code,
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

const cleared: LotCheck = {
  ...blank("7K3M9Q2XAB"),
  state: "cleared",
  mpedaEnrolment: "MPEDA/AP/2024/123",
  caaRegistration: "CAA-AP-4567",
  caaStatus: "valid",
  pondCode: "P1",
  species: "Pacific White Shrimp",
  expectedOn: "2026-05-20",
  quantityKg: 2500,
  markets: ["EU"],
  certificateNumber: "SAQ-2026-000123",
  verdicts: [{ market: "EU", verdict: "pass" }],
  sampledOn: "2026-05-12",
  validUntil: "2026-05-22",
};
const failed: LotCheck = {
  ...cleared,
  code: "ABCDEFGHJK",
  state: "failed",
  verdicts: [{ market: "EU", verdict: "fail" }],
};

describe("GatePage", () => {
  let saved: { blob: Blob; name: string } | null = null;
  beforeEach(() => {
    saved = null;
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved = { blob, name: "" };
          return "blob:csv";
        },
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      if (saved) saved.name = this.download;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("nothing typed, or too many codes: said above the form, nothing sent", async () => {
    const { requests } = mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<GatePage />, { route: "/gate" });
    await user.click(await screen.findByRole("button", { name: "Check" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Type or paste at least one lot code.");
    const many = Array.from({ length: 201 }, (_, index) => `C${String(index).padStart(9, "0")}`).join(" ");
    await user.click(screen.getByLabelText("Lot codes"));
    await user.paste(many);
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Up to 200 codes at once: you gave 201.");
    expect(requests).toHaveLength(0);
  });

  it("pasted codes are checked at once: each state in words with its reason, and a CSV with the time of the check", async () => {
    const { callsTo } = mockFetch({
      "POST /api/lots/check": { body: { items: [cleared, failed, blank("ZZZZZZZZZZ")] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<GatePage />, { route: "/gate" });
    await user.click(await screen.findByLabelText("Lot codes"));
    await user.paste("7K3M 9Q2X AB\nabcdefghjk, zzzzzzzzzz");
    await user.click(screen.getByRole("button", { name: "Check" }));

    const table = await screen.findByRole("region", { name: "Lots checked" });
    expect(callsTo("POST", "/api/lots/check")[0]?.body).toEqual({
      codes: ["7K3M9Q2XAB", "ABCDEFGHJK", "ZZZZZZZZZZ"],
    });
    expect(callsTo("POST", "/api/lots/check")[0]?.headers["Authorization"]).toBeUndefined();
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(4);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText("Cleared")).toBeInTheDocument();
    expect(first.getByText("Its pre-harvest screening passed and is still valid.")).toBeInTheDocument();
    expect(first.getByText("MPEDA MPEDA/AP/2024/123")).toBeInTheDocument();
    expect(first.getByText("22 May 2026")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText("Failed")).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).getByText(
        "Its latest pre-harvest screening failed one of the lot's markets.",
      ),
    ).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText("Unknown code")).toBeInTheDocument();
    expect(screen.getByText(/3 lots checked, 1 cleared, at/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(saved).not.toBeNull());
    const file = saved as unknown as { blob: Blob; name: string };
    expect(file.name).toMatch(/^lot-check-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file.blob);
    });
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Checked at","Lot code","State","Reason","MPEDA enrolment","CAA registration","CAA status","Pond","Species","Expected harvest","Quantity (kg)","Certificate number","Verdict per market","Sampled on","Valid until"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^"[^"]*2026[^"]*","7K3M9Q2XAB","Cleared","Its pre-harvest screening passed and is still valid.","MPEDA\/AP\/2024\/123","CAA-AP-4567","Valid","P1","Pacific White Shrimp","2026-05-20","2500","SAQ-2026-000123","EU ✓ Pass","2026-05-12","2026-05-22"$/,
    );
    expect(lines[3]).toContain('"ZZZZZZZZZZ","Unknown code"');
  });
});
