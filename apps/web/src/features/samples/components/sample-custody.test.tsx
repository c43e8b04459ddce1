import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Custody } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { setLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample } from "@/testing/sample-fixtures";

import { SampleTimeline } from "./sample-timeline";

const render = (id: string) =>
  renderWithProviders(<SampleTimeline sampleId={id} />, {
    route: `/timeline/${id}`,
    path: "/timeline/:id",
    extraRoutes: [{ path: "/submit-sample", element: <h1>Submit Sample page</h1> }],
  });

// 05:00 UTC is 10:30 in India: the page says 10:30 wherever it is read.
const collection: NonNullable<Custody["collection"]> = {
  id: 3,
  sampleId: 12,
  agent: { id: 5, name: "Suresh Babu" },
  collectedAt: "2026-03-02T05:00:00.000Z",
  receivedAt: "2026-03-02T05:10:00.000Z",
  clockSkewMs: 0,
  position: { lat: 14.44261, lng: 79.98652, accuracyM: 8 },
  distanceM: 412.4,
  distanceFrom: "pond",
  radiusM: 300,
  distanceReason: "The pond's bund was flooded",
  seals: ["S-1001", "S-1002"],
  containers: 2,
  quantity: 30,
  quantityUnit: "count",
  waterTempC: 29.5,
  sampleTempC: 4,
  coldChain: "ice",
  farmerName: "Venkata Rao",
  note: null,
  labels: [],
  photos: [{ id: 81, kind: "seal", sha256: "ab", width: 800, height: 600, bytes: 50_000 }],
};

const custody: Custody = {
  events: [
    {
      id: 2,
      kind: "rejected",
      relinquishedBy: "Suresh Babu",
      receivedBy: "Anitha (reception)",
      at: "2026-03-02T09:00:00.000Z",
      location: null,
      place: "Nellore laboratory",
      sealIntact: false,
      temperatureC: 14,
      note: null,
    },
    {
      id: 1,
      kind: "collected",
      relinquishedBy: "Venkata Rao",
      receivedBy: "Suresh Babu",
      at: "2026-03-02T05:00:00.000Z",
      location: { lat: 14.44261, lng: 79.98652 },
      place: null,
      sealIntact: true,
      temperatureC: 4,
      note: null,
    },
  ],
  collection,
  reception: {
    decision: "rejected",
    reasons: ["seal_broken", "temperature_out_of_range"],
    note: "Bag 2 was open on arrival",
    seals: ["S-1001"],
    sealsMatch: false,
    temperatureC: 14,
    at: "2026-03-02T09:00:00.000Z",
  },
};

function serve(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    "GET /api/sample-submissions/12": { body: makeSample({ id: 12, status: "REJECTED" }) },
    "GET /api/sample-submissions/12/events": { body: [] },
    "GET /api/samples/12/custody": { body: custody },
    "GET /api/samples/12/photos/81": { body: {}, headers: { "Content-Type": "image/jpeg" } },
    "GET /api/sample-submissions/12/rejection-notice.pdf": {
      body: {},
      headers: { "Content-Disposition": 'attachment; filename="rejection-notice-12.pdf"' },
    },
    ...extra,
  });
}

describe(
  "a rejected sample's page: custody, sampling, the rejection and its way on",
  { timeout: 15_000 },
  () => {
    beforeEach(() => {
      startSession({ user: customer, token: "jwt", expiresIn: 3600 });
      vi.stubGlobal(
        "URL",
        Object.assign(URL, { createObjectURL: () => "blob:photo", revokeObjectURL: () => undefined }),
      );
    });
    afterEach(() => {
      logout();
      vi.unstubAllGlobals();
    });

    it("the Rejected badge, stage 1 rejected at reception with the reasons, and the later stages not done", async () => {
      serve();
      render("12");
      const current = await screen.findByRole("region", { name: "Current Status" });
      expect(within(current).getByText("Rejected at Reception")).toBeInTheDocument();
      expect(within(current).getByText("Rejected")).toHaveClass("bg-gray-100");
      // The reasons come with the custody record, read beside the sample.
      await waitFor(() =>
        expect(
          screen.getByRole("listitem", { name: "Stage 1: Initial Inspection, Rejected" }),
        ).toHaveTextContent(/Reasons: Seal broken or missing, Temperature out of range on arrival/),
      );
      expect(
        screen.getByRole("listitem", { name: "Stage 2: Laboratory Testing, Not done" }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole("listitem", { name: "Stage 3: Final Review and Certification, Not done" }),
      ).toBeInTheDocument();
    });

    it("the banner: reasons and note, Download rejection notice (with the token), Send a new sample to a copy", async () => {
      const { callsTo } = serve();
      const user = userEvent.setup();
      const { router } = render("12");
      const banner = await screen.findByRole("region", { name: "This sample was rejected at reception" });
      expect(await within(banner).findByText("Seal broken or missing")).toBeInTheDocument();
      expect(within(banner).getByText("Temperature out of range on arrival")).toBeInTheDocument();
      expect(within(banner).getByText("Bag 2 was open on arrival")).toBeInTheDocument();
      expect(within(banner).getByText("Rejected on 2 Mar 2026, 2:30 pm")).toBeInTheDocument();

      await user.click(within(banner).getByRole("button", { name: "Download rejection notice" }));
      await waitFor(() =>
        expect(callsTo("GET", "/api/sample-submissions/12/rejection-notice.pdf")).toHaveLength(1),
      );
      expect(
        callsTo("GET", "/api/sample-submissions/12/rejection-notice.pdf")[0]?.headers["Authorization"],
      ).toBe("Bearer jwt");

      const sendNew = within(banner).getByRole("link", { name: "Send a new sample" });
      expect(sendNew).toHaveAttribute("href", "/submit-sample?copy=12");
      await user.click(sendNew);
      await waitFor(() => expect(router.state.location.search).toBe("?copy=12"));
    });

    it("the chain of custody oldest first, in India time, and the sampling record with its photo read with the token", async () => {
      const { callsTo } = serve();
      render("12");
      const chain = await screen.findByRole("region", { name: "Chain of custody" });
      const steps = await within(chain).findAllByRole("listitem");
      expect(steps.map((step) => within(step).getByRole("heading").textContent)).toEqual([
        "Collected at the pond",
        "Rejected at reception",
      ]);
      expect(steps[0]).toHaveTextContent("2 Mar 2026, 10:30 am");
      expect(steps[0]).toHaveTextContent("Venkata Rao handed it to Suresh Babu");
      expect(steps[0]).toHaveTextContent("Seal intact");
      expect(steps[1]).toHaveTextContent("Seal not intact");
      expect(steps[1]).toHaveTextContent("Temperature: 14 °C");
      expect(steps[1]).toHaveTextContent("Where: Nellore laboratory");

      const sampling = screen.getByRole("region", { name: "Sampling" });
      expect(within(sampling).getByText("Suresh Babu")).toBeInTheDocument();
      expect(within(sampling).getByText("412 m")).toBeInTheDocument();
      expect(
        within(sampling).getByText(
          "Beyond the lab's 300 m radius. Reason given: The pond's bund was flooded",
        ),
      ).toBeInTheDocument();
      expect(within(sampling).getByText("S-1001, S-1002")).toBeInTheDocument();
      expect(within(sampling).getByText("30 animals")).toBeInTheDocument();
      expect(within(sampling).getByText("On ice")).toBeInTheDocument();
      expect(within(sampling).getByText("29.5 °C")).toBeInTheDocument();
      expect(within(sampling).getByText("Venkata Rao")).toBeInTheDocument();
      await waitFor(() =>
        expect(within(sampling).getByRole("img", { name: "Photo 1: the sealed bag" })).toHaveAttribute(
          "src",
          "blob:photo",
        ),
      );
      expect(callsTo("GET", "/api/samples/12/photos/81")[0]?.headers["Authorization"]).toBe("Bearer jwt");
    });

    it("a custody record that fails to load says so, and Try again reads it again", async () => {
      let calls = 0;
      serve({
        "GET /api/samples/12/custody": () => {
          calls += 1;
          return calls === 1 ? { status: 503, body: { error: "Service unavailable" } } : { body: custody };
        },
      });
      const user = userEvent.setup();
      render("12");
      expect(
        await screen.findByText("The chain of custody could not be loaded.", {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Try again" }));
      expect(await screen.findByText("Collected at the pond")).toBeInTheDocument();
    });

    it("in Telugu: the chain, the sampling record and the banner read in Telugu, times in India time", async () => {
      serve();
      await act(async () => {
        await setLanguage("te");
      });
      render("12");
      const chain = await screen.findByRole("region", { name: "కస్టడీ శ్రేణి" });
      expect(await within(chain).findByText("చెరువు వద్ద సేకరించబడింది")).toBeInTheDocument();
      expect(within(chain).getByText("Venkata Rao దీనిని Suresh Babuకు అప్పగించారు")).toBeInTheDocument();
      expect(within(chain).getByText("సీల్ చెక్కుచెదరలేదు")).toBeInTheDocument();
      const sampling = screen.getByRole("region", { name: "నమూనా సేకరణ" });
      expect(within(sampling).getByText("మంచులో")).toBeInTheDocument();
      expect(screen.getByRole("region", { name: "ఈ నమూనా స్వీకరణ వద్ద తిరస్కరించబడింది" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "కొత్త నమూనా పంపండి" })).toHaveAttribute(
        "href",
        "/submit-sample?copy=12",
      );
    });
  },
);
