import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages, type MemberRole } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { makeCrop, makeFarm, makeLot, makePond } from "../testing/farm-fixtures";
import { FarmPage } from "./farm-page";

const farm = makeFarm({ caaStatus: "expiring", caaExpiresOn: "2026-06-10" });
const p1 = makePond();
const p2 = makePond({ id: 22, code: "P2", openCropId: null });

const open = (role: MemberRole, routes: Parameters<typeof mockFetch>[0] = {}) => {
  startSession({ user: { ...customer, role }, token: "jwt", expiresIn: 3600 });
  const fetches = mockFetch({
    "GET /api/farms/11": { body: farm },
    "GET /api/farms/11/ponds": { body: { items: [p1, p2] } },
    "GET /api/ponds/21/crops": { body: { items: [makeCrop()] } },
    "GET /api/ponds/22/crops": { body: { items: [] } },
    "GET /api/crops/31/lots": { body: { items: [makeLot()] } },
    "GET /api/markets": { body: [{ code: "EU", name: "European Union" }] },
    ...routes,
  });
  renderWithProviders(<FarmPage farmId={11} />, { route: "/farms/11" });
  return fetches;
};

const pondCard = async (code: string) =>
  (await screen.findByRole("heading", { name: `Pond ${code}` })).closest("li") as HTMLElement;

// Forms typed into at length: more than the default 5 s on a loaded 2-core machine.
describe("FarmPage", { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:lot", revokeObjectURL: () => undefined }),
    );
  });
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it("the farm with its CAA warning, each pond's crop now and the crop's lots, code large, with the lot card", async () => {
    const { callsTo } = open("admin", {
      "GET /api/lots/7K3M9Q2XAB/card.pdf": {
        body: {},
        headers: { "Content-Disposition": 'attachment; filename="lot.pdf"' },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: farm.name })).toBeInTheDocument();
    expect(screen.getByText("CAA expires within 30 days")).toBeInTheDocument();
    expect(screen.getByText(/The farm's CAA registration expires on 10 Jun 2026/)).toBeInTheDocument();

    const first = within(await pondCard("P1"));
    expect(await first.findByText("Pacific White Shrimp")).toBeInTheDocument();
    expect(first.getByText("1 Feb 2026")).toBeInTheDocument();
    expect(first.getByText("Declared: no treatment")).toBeInTheDocument();
    expect(await first.findByText("7K3M 9Q2X AB")).toBeInTheDocument();
    expect(first.getByText("Coastal Exports · EIC/AP/77")).toBeInTheDocument();
    expect(first.getByRole("link", { name: /Public check/ })).toHaveAttribute("href", "/lots/7K3M9Q2XAB");
    await userEvent.setup().click(first.getByRole("button", { name: "Lot card (PDF) of lot 7K3M9Q2XAB" }));
    await waitFor(() => expect(callsTo("GET", "/api/lots/7K3M9Q2XAB/card.pdf")).toHaveLength(1));
    expect(callsTo("GET", "/api/lots/7K3M9Q2XAB/card.pdf")[0]?.headers["Authorization"]).toBe("Bearer jwt");

    const second = within(await pondCard("P2"));
    expect(await second.findByText("No crop stocked in this pond yet.")).toBeInTheDocument();
  });

  it("stock a crop: the treatment declaration is required, each treatment's fields checked, then sent", async () => {
    const { callsTo } = open("full", {
      "POST /api/ponds/22/crops": { status: 201, body: makeCrop({ id: 32, pondId: 22, pondCode: "P2" }) },
    });
    const user = userEvent.setup();
    const card = within(await pondCard("P2"));
    await user.click(await card.findByRole("button", { name: "Stock a crop" }));
    const form = card.getByRole("form", { name: "Stock a crop in pond P2" });
    await user.click(within(form).getByRole("button", { name: "Stock crop" }));
    expect(within(form).getByLabelText(/Species/)).toHaveAccessibleDescription(messages.cropSpeciesInvalid);
    expect(within(form).getByText(messages.treatmentsRequired)).toBeInTheDocument();
    expect(callsTo("POST", "/api/ponds/22/crops")).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText(/Species/), "Tiger Shrimp");
    await user.click(within(form).getByRole("radio", { name: "It had treatments: list each one" }));
    await user.type(within(form).getByLabelText("Substance"), "Oxytetracycline");
    await user.click(within(form).getByRole("button", { name: "Stock crop" }));
    expect(within(form).getByLabelText("Dose")).toHaveAccessibleDescription(messages.treatmentInvalid);

    await user.type(within(form).getByLabelText("Dose"), "2 g/kg feed");
    await user.type(within(form).getByLabelText("From"), "2026-02-10");
    await user.type(within(form).getByLabelText("To"), "2026-02-15");
    await user.click(within(form).getByRole("button", { name: "Stock crop" }));
    await waitFor(() => expect(callsTo("POST", "/api/ponds/22/crops")).toHaveLength(1));
    expect(callsTo("POST", "/api/ponds/22/crops")[0]?.body).toMatchObject({
      species: "Tiger Shrimp",
      noTreatments: false,
      treatments: [
        { substance: "Oxytetracycline", dose: "2 g/kg feed", from: "2026-02-10", to: "2026-02-15" },
      ],
    });
  });

  it("plan a harvest lot: the expected date is required; a refusal is shown at its field", async () => {
    const { callsTo } = open("admin", {
      "POST /api/crops/31/lots": {
        status: 400,
        body: {
          error: messages.countPerKgInvalid,
          code: "validation_failed",
          messageCode: "count_per_kg_invalid",
          field: "countPerKg",
        },
      },
    });
    const user = userEvent.setup();
    const card = within(await pondCard("P1"));
    await user.click(await card.findByRole("button", { name: "Plan a harvest lot" }));
    const form = card.getByRole("form", { name: "Plan a harvest lot of pond P1" });
    await user.click(within(form).getByRole("button", { name: "Plan lot" }));
    expect(within(form).getByLabelText(/Expected harvest/)).toHaveAccessibleDescription(
      messages.expectedOnRequired,
    );

    await user.type(within(form).getByLabelText(/Expected harvest/), "2026-06-01");
    await user.type(within(form).getByLabelText("Quantity (kg)"), "1200");
    await user.type(within(form).getByLabelText("Count per kg"), "45");
    await user.type(within(form).getByLabelText("Buyer name"), "Coastal Exports");
    await user.click(within(form).getByRole("button", { name: "Plan lot" }));
    expect(await within(form).findByText(messages.countPerKgInvalid)).toBeInTheDocument();
    expect(within(form).getByLabelText("Count per kg")).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/api/crops/31/lots")[0]?.body).toMatchObject({
      expectedOn: "2026-06-01",
      quantityKg: 1200,
      countPerKg: 45,
      buyerName: "Coastal Exports",
      markets: [],
    });
  });

  it("end a crop: its harvest day", async () => {
    const { callsTo } = open("admin", {
      "PUT /api/crops/31": { body: makeCrop({ harvestedOn: "2026-05-21" }) },
    });
    const user = userEvent.setup();
    const card = within(await pondCard("P1"));
    await user.click(await card.findByRole("button", { name: "Record harvest" }));
    const field = card.getByLabelText(/Harvested on/);
    await user.clear(field);
    await user.type(field, "2026-05-21");
    await user.click(card.getByRole("button", { name: "End crop" }));
    await waitFor(() =>
      expect(callsTo("PUT", "/api/crops/31")[0]?.body).toEqual({ harvestedOn: "2026-05-21" }),
    );
  });

  it("delete a pond after a confirm; one that samples name stays, said in the dialog, which stays open", async () => {
    const { callsTo } = open("admin", {
      "DELETE /api/ponds/22": {
        status: 409,
        body: { error: messages.pondInUse, code: "conflict", messageCode: "pond_in_use" },
      },
    });
    const user = userEvent.setup();
    const card = within(await pondCard("P2"));
    await user.click(await card.findByRole("button", { name: "Delete pond P2" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this pond?" });
    expect(dialog).toHaveTextContent("Pond P2, its crops and harvest lots will be deleted.");
    await user.click(within(dialog).getByRole("button", { name: "Delete pond" }));
    expect(await within(dialog).findByText(messages.pondInUse)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Delete this pond?" })).toBeInTheDocument();
    expect(callsTo("DELETE", "/api/ponds/22")).toHaveLength(1);
  });

  it("delete a pond: confirmed, it is deleted and said in a toast", async () => {
    const { callsTo } = open("admin", { "DELETE /api/ponds/22": { status: 204 } });
    const user = userEvent.setup();
    const card = within(await pondCard("P2"));
    await user.click(await card.findByRole("button", { name: "Delete pond P2" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete this pond?" })).getByRole("button", {
        name: "Delete pond",
      }),
    );
    expect(await screen.findByText("Pond P2 deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(callsTo("DELETE", "/api/ponds/22")).toHaveLength(1);
  });

  it("edit a pond in place: its code, area and location typed as coordinates; a taken code is said at its field", async () => {
    const located = makePond({ id: 22, code: "P2", openCropId: null, areaHa: 1.2, lat: 16.5, lng: 81.4 });
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        error: messages.pondCodeTaken,
        code: "conflict",
        messageCode: "pond_code_taken",
        field: "code",
      },
    };
    const { callsTo } = open("admin", {
      "GET /api/farms/11/ponds": { body: { items: [p1, located] } },
      "PUT /api/ponds/22": () => answer,
      // Typed coordinates are read as they are; the suggestions asked meanwhile find nothing.
      "GET /api/places/autocomplete": { body: [] },
    });
    const user = userEvent.setup();
    const card = within(await pondCard("P2"));
    expect(card.getByRole("link", { name: "Map of Pond P2" })).toBeInTheDocument();
    await user.click(await card.findByRole("button", { name: "Edit pond P2" }));
    const form = card.getByRole("form", { name: "Edit pond P2" });
    // One form at a time: the pond's other actions wait.
    expect(card.queryByRole("button", { name: "Delete pond P2" })).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/Pond code/)).toHaveValue("P2");
    expect(within(form).getByLabelText("Area (hectares)")).toHaveValue("1.2");
    expect(within(form).getByRole("combobox", { name: "Location" })).toHaveValue("16.5, 81.4");

    await user.clear(within(form).getByLabelText(/Pond code/));
    await user.type(within(form).getByLabelText(/Pond code/), "P_2");
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(within(form).getByLabelText(/Pond code/)).toHaveAccessibleDescription(
      expect.stringContaining(messages.pondCodeInvalid),
    );
    expect(callsTo("PUT", "/api/ponds/22")).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Pond code/));
    await user.type(within(form).getByLabelText(/Pond code/), "P1");
    await user.clear(within(form).getByLabelText("Area (hectares)"));
    await user.type(within(form).getByLabelText("Area (hectares)"), "0.75");
    const location = within(form).getByRole("combobox", { name: "Location" });
    await user.clear(location);
    await user.type(location, "16.61, 81.52");
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(form).findByText(messages.pondCodeTaken)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Pond code/)).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("PUT", "/api/ponds/22")[0]?.body).toEqual({
      code: "P1",
      areaHa: 0.75,
      lat: 16.61,
      lng: 81.52,
    });

    answer = { status: 200, body: { ...located, code: "P3", areaHa: 0.75, lat: 16.61, lng: 81.52 } };
    await user.clear(within(form).getByLabelText(/Pond code/));
    await user.type(within(form).getByLabelText(/Pond code/), "P3");
    // An emptied area is cleared.
    await user.clear(within(form).getByLabelText("Area (hectares)"));
    await user.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Pond P3 saved")).toBeInTheDocument();
    expect(callsTo("PUT", "/api/ponds/22")[1]?.body).toEqual({
      code: "P3",
      areaHa: null,
      lat: 16.61,
      lng: 81.52,
    });
    await waitFor(() => expect(card.queryByRole("form")).not.toBeInTheDocument());
  });

  it("edit a lot in place: its plan prefilled, every field sent (an emptied one cleared), a refusal at its field", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        error: messages.quantityInvalid,
        code: "validation_failed",
        messageCode: "quantity_invalid",
        field: "quantityKg",
      },
    };
    const { callsTo } = open("admin", { "PUT /api/lots/41": () => answer });
    const user = userEvent.setup();
    const card = within(await pondCard("P1"));
    await user.click(await card.findByRole("button", { name: "Edit lot 7K3M9Q2XAB" }));
    const form = card.getByRole("form", { name: "Edit lot 7K3M9Q2XAB" });
    // One form at a time in the lots: no planning, no other lot action meanwhile.
    expect(card.queryByRole("button", { name: "Plan a harvest lot" })).not.toBeInTheDocument();
    expect(card.queryByRole("button", { name: "Record lot harvest 7K3M9Q2XAB" })).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/Expected harvest/)).toHaveValue("2026-05-20");
    expect(within(form).getByLabelText("Quantity (kg)")).toHaveValue("2500");
    expect(within(form).getByLabelText("Count per kg")).toHaveValue("40");
    expect(within(form).getByLabelText("Buyer name")).toHaveValue("Coastal Exports");
    expect(within(form).getByLabelText("Buyer's EIC approval number")).toHaveValue("EIC/AP/77");

    await user.clear(within(form).getByLabelText("Count per kg"));
    await user.type(within(form).getByLabelText("Count per kg"), "40.5");
    await user.click(within(form).getByRole("button", { name: "Save lot" }));
    expect(within(form).getByLabelText("Count per kg")).toHaveAccessibleDescription(
      messages.countPerKgInvalid,
    );
    expect(callsTo("PUT", "/api/lots/41")).toHaveLength(0);

    await user.clear(within(form).getByLabelText("Count per kg"));
    await user.type(within(form).getByLabelText("Count per kg"), "42");
    await user.clear(within(form).getByLabelText("Buyer name"));
    await user.type(within(form).getByLabelText("PHT certificate"), "PHT/AP/2026/881");
    await user.click(within(form).getByRole("button", { name: "Save lot" }));
    expect(await within(form).findByText(messages.quantityInvalid)).toBeInTheDocument();
    expect(within(form).getByLabelText("Quantity (kg)")).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("PUT", "/api/lots/41")[0]?.body).toEqual({
      expectedOn: "2026-05-20",
      quantityKg: 2500,
      countPerKg: 42,
      buyerName: "",
      buyerEic: "EIC/AP/77",
      phtCertificate: "PHT/AP/2026/881",
      markets: ["EU"],
    });

    answer = {
      status: 200,
      body: makeLot({ countPerKg: 42, buyerName: null, phtCertificate: "PHT/AP/2026/881" }),
    };
    await user.click(within(form).getByRole("button", { name: "Save lot" }));
    expect(await screen.findByText("Harvest lot 7K3M9Q2XAB saved")).toBeInTheDocument();
    await waitFor(() => expect(card.queryByRole("form")).not.toBeInTheDocument());
  });

  it("record a lot's harvest: the day (not before stocking) and the kilograms, both needed, sent as the lot's change", async () => {
    const { callsTo } = open("full", {
      "PUT /api/lots/41": { body: makeLot({ harvestedOn: "2026-05-22", quantityKg: 2380.5 }) },
    });
    const user = userEvent.setup();
    const card = within(await pondCard("P1"));
    await user.click(await card.findByRole("button", { name: "Record lot harvest 7K3M9Q2XAB" }));
    const form = card.getByRole("form", { name: "Harvest of lot 7K3M9Q2XAB" });
    const day = within(form).getByLabelText(/Harvested on/);
    const kg = within(form).getByLabelText(/Harvested \(kg\)/);
    // The planned quantity to start from.
    expect(kg).toHaveValue("2500");

    await user.clear(day);
    await user.type(day, "2026-01-31");
    await user.clear(kg);
    await user.click(within(form).getByRole("button", { name: "Save harvest" }));
    expect(day).toHaveAccessibleDescription(messages.harvestBeforeStocking);
    expect(kg).toHaveAccessibleDescription(expect.stringContaining(messages.quantityInvalid));
    await user.clear(day);
    await user.click(within(form).getByRole("button", { name: "Save harvest" }));
    expect(day).toHaveAccessibleDescription(messages.harvestedOnRequired);
    expect(callsTo("PUT", "/api/lots/41")).toHaveLength(0);

    await user.type(day, "2026-05-22");
    await user.type(kg, "2,380.5");
    await user.click(within(form).getByRole("button", { name: "Save harvest" }));
    await waitFor(() =>
      expect(callsTo("PUT", "/api/lots/41")[0]?.body).toEqual({
        harvestedOn: "2026-05-22",
        quantityKg: 2380.5,
      }),
    );
    expect(await screen.findByText("Harvest of lot 7K3M9Q2XAB recorded")).toBeInTheDocument();
  });

  it("a harvested lot of an ended crop: its weight and day shown, the harvest corrected and the lot edited, no new lot planned", async () => {
    open("admin", {
      "GET /api/farms/11/ponds": { body: { items: [makePond({ openCropId: null })] } },
      "GET /api/ponds/21/crops": { body: { items: [makeCrop({ harvestedOn: "2026-05-23" })] } },
      "GET /api/crops/31/lots": {
        body: { items: [makeLot({ harvestedOn: "2026-05-22", quantityKg: 2380.5 })] },
      },
    });
    const card = within(await pondCard("P1"));
    expect(await card.findByText("7K3M 9Q2X AB")).toBeInTheDocument();
    expect(card.getByText("Harvested (kg)")).toBeInTheDocument();
    expect(card.getByText("2,380.5 kg")).toBeInTheDocument();
    expect(card.getByText("22 May 2026")).toBeInTheDocument();
    expect(card.getByRole("button", { name: "Correct lot harvest 7K3M9Q2XAB" })).toBeInTheDocument();
    expect(card.getByRole("button", { name: "Edit lot 7K3M9Q2XAB" })).toBeInTheDocument();
    expect(card.queryByRole("button", { name: "Plan a harvest lot" })).not.toBeInTheDocument();
  });

  it("results: reads everything and downloads lot cards, but changes nothing", async () => {
    open("results");
    const card = within(await pondCard("P1"));
    expect(await card.findByText("7K3M 9Q2X AB")).toBeInTheDocument();
    expect(card.getByRole("button", { name: /Lot card \(PDF\)/ })).toBeInTheDocument();
    for (const name of [
      "Edit",
      "Edit pond P1",
      "Edit lot 7K3M9Q2XAB",
      "Record lot harvest 7K3M9Q2XAB",
      "Delete farm",
      "Add pond",
      "Record harvest",
      "Plan a harvest lot",
      "Stock a crop",
    ])
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
  });

  it("another organisation's farm: not found", async () => {
    open("admin", {
      "GET /api/farms/11": {
        status: 404,
        body: { error: messages.farmNotFound, code: "not_found", messageCode: "farm_not_found" },
      },
    });
    expect(await screen.findByText(messages.farmNotFound)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All farms" })).toHaveAttribute("href", "/farms");
  });
});
