import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { englishText, type FieldJob } from "@lab/contracts";

import { renderWithProviders } from "@/testing/render";
import { mockFetch } from "@/testing/mock-fetch";

import { closeFieldDb, listQueue } from "../utils/field-db";
import { CollectionForm } from "./collection-form";

const pond = { lat: 16.5, lng: 81.5 };

const job: FieldJob = {
  sampleId: 42,
  status: "COLLECTING",
  assignedAt: "2026-11-28T05:00:00.000Z",
  acceptedAt: "2026-11-28T05:10:00.000Z",
  farmer: { name: "Ravi Kumar", phone: "+919800000001" },
  address: "Bhimavaram",
  location: null,
  farm: { name: "Ravi Farm", location: null },
  pond: { code: "P1", location: pond },
  lotCode: null,
  purpose: null,
  category: "Pacific White Shrimp",
  tests: ["Antibiotics"],
  markets: ["EU"],
  notes: null,
  collectedAt: null,
  handedOver: null,
};

/** The phone's GPS reports one fix `metres` north of the pond. */
function gpsAt(metres: number) {
  const watchPosition = vi.fn((success: PositionCallback) => {
    success({
      coords: { latitude: pond.lat + metres / 111_195.08, longitude: pond.lng, accuracy: 6 },
      timestamp: Date.now(),
    } as GeolocationPosition);
    return 1;
  });
  vi.stubGlobal(
    "navigator",
    Object.assign(Object.create(navigator) as Navigator, {
      geolocation: { watchPosition, clearWatch: vi.fn(), getCurrentPosition: vi.fn() },
    }),
  );
}

/** Types a whole value at once (key by key is slow under jsdom and adds nothing here). */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const renderForm = () =>
  renderWithProviders(<CollectionForm job={job} radiusM={300} editing={null} />, {
    route: "/field/jobs/42",
    path: "/field/jobs/:sampleId",
    extraRoutes: [{ path: "/field", element: <h1>Jobs page</h1> }],
  });

beforeEach(async () => {
  await closeFieldDb();
  globalThis.indexedDB = new IDBFactory();
  // Nobody is signed in: the send after Save fails quietly and the collection stays queued.
  mockFetch({});
});

// Typing a whole form takes seconds on a loaded 2-core machine.
describe("CollectionForm distance rule", { timeout: 15_000 }, () => {
  it("40 m from the pond: the distance shows and no reason is asked", async () => {
    gpsAt(40);
    renderForm();
    expect(await screen.findByText(/40 m from the pond/)).toBeInTheDocument();
    expect(screen.getByText(/accurate to 6 m/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Why was the sample taken here/)).not.toBeInTheDocument();
  });

  it("400 m from the pond: a reason is required, and Save without one queues nothing", async () => {
    gpsAt(400);
    const user = userEvent.setup({ delay: null });
    renderForm();
    const reason = await screen.findByLabelText(/Why was the sample taken here/);
    await user.click(screen.getByRole("button", { name: "Save collection" }));
    const said = englishText("distanceReasonRequired", { distance: 400, radius: 300 });
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(await listQueue()).toEqual([]);
  });

  it("a whole collection within the radius: Save queues it with the phone's time and goes back to the jobs", async () => {
    gpsAt(40);
    const user = userEvent.setup({ delay: null });
    const before = Date.now();
    renderForm();
    await screen.findByText(/40 m from the pond/);
    fill(screen.getByLabelText("Seal number 1"), "SEAL-001");
    await user.click(screen.getByRole("button", { name: "Add a seal number" }));
    fill(screen.getByLabelText("Seal number 2"), "SEAL-002");
    fill(screen.getByLabelText(/Sample quantity/), "25");
    fill(screen.getByLabelText("Water temperature (°C)"), "28,5");
    await user.click(screen.getByLabelText("On ice"));
    fill(screen.getByLabelText(/Farmer's name/), "Ravi Kumar");
    await user.click(screen.getByRole("button", { name: "Save collection" }));
    expect(await screen.findByRole("heading", { name: "Jobs page" })).toBeInTheDocument();
    const [queued] = await listQueue();
    expect(queued?.body).toMatchObject({
      sampleId: 42,
      seals: ["SEAL-001", "SEAL-002"],
      containers: 1,
      quantity: 25,
      quantityUnit: "count",
      waterTempC: 28.5,
      sampleTempC: null,
      coldChain: "ice",
      farmerName: "Ravi Kumar",
      position: { accuracyM: 6 },
    });
    expect(Date.parse(queued?.body.collectedAt ?? "")).toBeGreaterThanOrEqual(before);
    expect(queued?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("missing seal, cold chain and farmer's name: each field says so and nothing is queued", async () => {
    gpsAt(40);
    const user = userEvent.setup({ delay: null });
    renderForm();
    await screen.findByText(/40 m from the pond/);
    fill(screen.getByLabelText(/Sample quantity/), "25");
    await user.click(screen.getByRole("button", { name: "Save collection" }));
    expect(await screen.findByText(englishText("sealsRequired"))).toBeInTheDocument();
    expect(screen.getByText(englishText("coldChainInvalid"))).toBeInTheDocument();
    expect(screen.getByText(englishText("handOverNameRequired"))).toBeInTheDocument();
    await waitFor(async () => expect(await listQueue()).toEqual([]));
  });
});
