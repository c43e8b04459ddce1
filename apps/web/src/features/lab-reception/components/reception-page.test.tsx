import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { messages, type ReceptionLookup } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { ReceptionPage } from "./reception-page";

const CODE = "7K3M9Q2XTV4H";

const signIn = () =>
  startLabSession({
    staff: { id: 1, email: "desk@aquatest.local", name: "Desk", roles: ["analyst"], language: "en" },
    accessToken: "lab-jwt",
    expiresIn: 3600,
    tokenType: "Bearer",
  });

const lookup: ReceptionLookup = {
  sampleId: 42,
  status: "COLLECTED",
  container: 1,
  customer: "Godavari Aqua Farms",
  category: "Pacific White Shrimp",
  tests: ["Pathogen Detection"],
  collection: {
    id: 5,
    sampleId: 42,
    agent: { id: 3, name: "Suresh Reddy" },
    collectedAt: "2026-11-27T04:30:00.000Z",
    receivedAt: "2026-11-27T06:00:00.000Z",
    clockSkewMs: 0,
    position: { lat: 16.5, lng: 81.5, accuracyM: 8 },
    distanceM: 412,
    distanceFrom: "pond",
    radiusM: 300,
    distanceReason: "The pond bund was flooded",
    seals: ["S-100", "S-101"],
    containers: 2,
    quantity: 20,
    quantityUnit: "count",
    waterTempC: 29.5,
    sampleTempC: 4,
    coldChain: "ice",
    farmerName: "Ravi Kumar",
    note: null,
    labels: [CODE],
    photos: [],
  },
  reception: null,
};

const render = () => renderWithProviders(<ReceptionPage />, { route: "/lab/reception" });

const refusal = (status: number, key: "labelUnknown" | "sampleAlreadyReceived", code: string) => ({
  status,
  body: {
    error: messages[key],
    code,
    messageCode: key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
  },
});

describe("ReceptionPage", () => {
  afterEach(() => resetLabSessionCache());

  it("a scanned label opens its sample; a reject needs a reason and Other's note, is confirmed, posts the check, and the field is ready for the next scan", async () => {
    signIn();
    const { callsTo } = mockFetch({
      [`GET /api/lab/reception/${CODE}`]: { body: lookup },
      [`POST /api/lab/reception/${CODE}`]: { body: { ...lookup, status: "REJECTED" } },
    });
    const user = userEvent.setup({ delay: null });
    render();
    const field = await screen.findByLabelText("Label code or sample number");
    expect(field).toHaveFocus();
    // A USB scanner types the code and presses Enter; lower case and a hyphen read the same.
    await user.type(field, "7k3m-9q2x-tv4h{Enter}");
    expect(await screen.findByRole("link", { name: "Sample #42" })).toHaveAttribute(
      "href",
      "/lab/samples/42",
    );
    expect(screen.getByText("Suresh Reddy")).toBeInTheDocument();
    expect(screen.getByText("412 m from the pond (the lab allows 300 m)")).toBeInTheDocument();
    expect(screen.getByText("The pond bund was flooded")).toBeInTheDocument();
    expect(screen.getByText("Recorded by the agent: S-100, S-101")).toBeInTheDocument();
    expect(callsTo("GET", `/api/lab/reception/${CODE}`)).toHaveLength(1);

    await user.type(screen.getByLabelText("Seal 1"), "s-100");
    await user.type(screen.getByLabelText("Seal 2"), "S-999");
    expect(screen.getByLabelText("Seal 2")).toHaveAccessibleDescription(
      "Not among the seals the agent recorded",
    );
    expect(screen.getByLabelText("Seal 1")).not.toHaveAccessibleDescription();
    expect(screen.getByText("Recorded but not read: S-101")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "No, broken or missing" }));
    await user.type(screen.getByLabelText("Temperature on arrival (°C)"), "12.5");

    await user.click(screen.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText(messages.rejectionReasonRequired)).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Seal broken or missing" }));
    await user.click(screen.getByRole("checkbox", { name: "Other (see the note)" }));
    await user.click(screen.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText(messages.rejectionNoteRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Note"), "Bag torn in transit");
    await user.click(screen.getByRole("button", { name: "Reject" }));

    const dialog = await screen.findByRole("dialog", { name: "Reject sample #42?" });
    expect(within(dialog).getByText("Seal broken or missing")).toBeInTheDocument();
    expect(callsTo("POST", `/api/lab/reception/${CODE}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Reject Sample" }));

    await waitFor(() => expect(callsTo("POST", `/api/lab/reception/${CODE}`)).toHaveLength(1));
    expect(callsTo("POST", `/api/lab/reception/${CODE}`)[0]?.body).toEqual({
      decision: "reject",
      reasons: ["seal_broken", "other"],
      note: "Bag torn in transit",
      seals: ["s-100", "S-999"],
      sealIntact: false,
      temperatureC: 12.5,
    });
    await waitFor(() => expect(field).toHaveValue(""));
    expect(field).toHaveFocus();
    const session = screen.getByRole("list", { name: "Received in this session" });
    expect(within(session).getByRole("link", { name: "Sample #42" })).toBeInTheDocument();
    expect(within(session).getByText(/Rejected/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    // Typing into a dozen fields takes a loaded CI machine several seconds.
  }, 20_000);

  it("an unknown label says so and selects the code for the next scan; nothing else is asked", async () => {
    signIn();
    const { requests } = mockFetch({
      "GET /api/lab/reception/0000000000ZZ": refusal(404, "labelUnknown", "not_found"),
    });
    const user = userEvent.setup({ delay: null });
    render();
    const field = await screen.findByLabelText("Label code or sample number");
    await user.type(field, "0000000000ZZ{Enter}");
    expect(await screen.findByText(messages.labelUnknown)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect((field as HTMLInputElement).selectionEnd).toBe(12);
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it("a text that is no label nor sample id is refused here, before any call", async () => {
    signIn();
    const { requests } = mockFetch({});
    const user = userEvent.setup({ delay: null });
    render();
    await user.type(await screen.findByLabelText("Label code or sample number"), "hello{Enter}");
    expect(await screen.findByText(messages.labelCodeInvalid)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("accepting a sample another desk received meanwhile: the 409 is said at the top, the sample stays open", async () => {
    signIn();
    const { callsTo } = mockFetch({
      "GET /api/lab/reception/42": { body: { ...lookup, collection: null } },
      "POST /api/lab/reception/42": refusal(409, "sampleAlreadyReceived", "conflict"),
    });
    const user = userEvent.setup({ delay: null });
    render();
    await user.type(await screen.findByLabelText("Label code or sample number"), "42{Enter}");
    expect(
      await screen.findByText("No collection has been recorded from the field app for this sample."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText(messages.sampleAlreadyReceived)).toBeInTheDocument();
    expect(callsTo("POST", "/api/lab/reception/42")[0]?.body).toEqual({
      decision: "accept",
      reasons: [],
      note: null,
      temperatureC: null,
    });
    expect(screen.getByRole("button", { name: "Accept" })).toBeInTheDocument();
  });

  it("proceeding with the customer's consent needs a reason and the consent in the note, then posts them", async () => {
    signIn();
    const { callsTo } = mockFetch({
      "GET /api/lab/reception/42": { body: lookup },
      "POST /api/lab/reception/42": { body: { ...lookup, status: "TESTING" } },
    });
    const user = userEvent.setup({ delay: null });
    render();
    await user.type(await screen.findByLabelText("Label code or sample number"), "42{Enter}");
    await user.click(await screen.findByRole("checkbox", { name: "Temperature out of range on arrival" }));
    await user.click(screen.getByRole("button", { name: "Proceed with customer's consent" }));
    expect(
      await screen.findByText("Record the customer's consent in the note: who agreed, when and how."),
    ).toBeInTheDocument();
    expect(callsTo("POST", "/api/lab/reception/42")).toHaveLength(0);
    await user.type(screen.getByLabelText("Note"), "Mr Rao agreed by phone at 10:05");
    await user.click(screen.getByRole("button", { name: "Proceed with customer's consent" }));
    await waitFor(() => expect(callsTo("POST", "/api/lab/reception/42")).toHaveLength(1));
    expect(callsTo("POST", "/api/lab/reception/42")[0]?.body).toEqual({
      decision: "consent",
      reasons: ["temperature_out_of_range"],
      note: "Mr Rao agreed by phone at 10:05",
      temperatureC: null,
    });
    expect(await screen.findByText("Sample #42 received with the customer's consent.")).toBeInTheDocument();
  }, 15_000);

  it("a sample not collected yet shows why it cannot be received, with no decision buttons", async () => {
    signIn();
    mockFetch({
      "GET /api/lab/reception/42": { body: { ...lookup, status: "COLLECTING", collection: null } },
    });
    const user = userEvent.setup({ delay: null });
    render();
    await user.type(await screen.findByLabelText("Label code or sample number"), "42{Enter}");
    expect(await screen.findByText(messages.sampleNotAtReception)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reject" })).not.toBeInTheDocument();
  });
});
