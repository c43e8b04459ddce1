import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages, type Custody } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { SampleCustody } from "./sample-custody";
import { SampleLabels } from "./sample-labels";

const signIn = () =>
  startLabSession({
    staff: { id: 1, email: "desk@aquatest.local", name: "Desk", roles: ["analyst"], language: "en" },
    accessToken: "lab-jwt",
    expiresIn: 3600,
    tokenType: "Bearer",
  });

describe("SampleLabels", { timeout: 15_000 }, () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: () => "blob:labels",
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    resetLabSessionCache();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("Thermal asks for the thermal PDF with the staff token and saves it under the server's name; A4 with a container count", async () => {
    signIn();
    const { callsTo } = mockFetch({
      "GET /api/lab/samples/42/labels.pdf": (request) => ({
        body: {},
        headers: {
          "Content-Disposition": `attachment; filename="labels-42-${request.query.get("format") ?? ""}.pdf"`,
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SampleLabels sampleId={42} />, { route: "/lab/samples/42" });
    await user.click(await screen.findByRole("button", { name: "Thermal labels (50 × 25 mm)" }));
    await waitFor(() => expect(saved).toEqual(["labels-42-thermal.pdf"]));
    const [thermal] = callsTo("GET", "/api/lab/samples/42/labels.pdf");
    expect(thermal?.query.get("format")).toBe("thermal");
    expect(thermal?.query.has("containers")).toBe(false);
    expect(thermal?.headers.Authorization).toBe("Bearer lab-jwt");

    await user.type(screen.getByLabelText("Number of containers"), "3");
    await user.click(screen.getByRole("button", { name: "A4 sheet" }));
    await waitFor(() => expect(saved).toEqual(["labels-42-thermal.pdf", "labels-42-a4.pdf"]));
    const a4 = callsTo("GET", "/api/lab/samples/42/labels.pdf")[1];
    expect(a4?.query.get("format")).toBe("a4");
    expect(a4?.query.get("containers")).toBe("3");
  });

  it("a container count outside 1 to 20 is refused at the field, nothing asked", async () => {
    signIn();
    const { requests } = mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<SampleLabels sampleId={42} />, { route: "/lab/samples/42" });
    await user.type(await screen.findByLabelText("Number of containers"), "21");
    await user.click(screen.getByRole("button", { name: "A4 sheet" }));
    expect(await screen.findByText(messages.containersInvalid)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

const custody: Custody = {
  events: [
    {
      id: 1,
      kind: "collected",
      relinquishedBy: "Ravi Kumar (farmer)",
      receivedBy: "Suresh Reddy (agent)",
      at: "2026-11-27T04:30:00.000Z",
      location: { lat: 16.5, lng: 81.5 },
      place: null,
      sealIntact: true,
      temperatureC: 4,
      note: null,
    },
    {
      id: 2,
      kind: "rejected",
      relinquishedBy: "Suresh Reddy (agent)",
      receivedBy: "Reception: Desk",
      at: "2026-11-27T09:00:00.000Z",
      location: null,
      place: "Sample reception",
      sealIntact: false,
      temperatureC: 14,
      note: null,
    },
  ],
  collection: null,
  reception: {
    decision: "rejected",
    reasons: ["seal_broken"],
    note: "Bag torn",
    seals: ["S-999"],
    sealsMatch: false,
    temperatureC: 14,
    at: "2026-11-27T09:00:00.000Z",
  },
};

describe("SampleCustody", () => {
  afterEach(() => resetLabSessionCache());

  it("each hand-off with who gave it to whom, where and its condition; reception's decision with its reasons", async () => {
    signIn();
    mockFetch({ "GET /api/samples/42/custody": { body: custody } });
    renderWithProviders(<SampleCustody sampleId={42} />, { route: "/lab/samples/42" });
    const steps = await screen.findByRole("list", { name: "Hand-offs" });
    expect(steps.children).toHaveLength(2);
    expect(within(steps).getByText("Collected at the pond")).toBeInTheDocument();
    expect(screen.getByText("Ravi Kumar (farmer) → Suresh Reddy (agent)")).toBeInTheDocument();
    expect(screen.getByText("Seal intact · 4 °C")).toBeInTheDocument();
    expect(screen.getByText("Rejected at reception")).toBeInTheDocument();
    expect(screen.getByText("Where: Sample reception")).toBeInTheDocument();
    expect(screen.getByText("Seal broken or missing · 14 °C")).toBeInTheDocument();
    expect(screen.getByText("Seal broken or missing")).toBeInTheDocument();
    expect(screen.getByText("S-999 · do not match the recorded seals")).toBeInTheDocument();
    expect(screen.getByText("Bag torn")).toBeInTheDocument();
  });
});
