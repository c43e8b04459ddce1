import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { makeCrop, makeLot } from "../testing/farm-fixtures";
import { LotForm } from "./lot-form";
import { LotsSection } from "./lots-section";

const BUYER_FIELD = "Buyer in the portal (a member's e-mail, optional)";
const portalBuyer = { id: 77, name: "Godavari Sea Foods Pvt Ltd" };

const start = (routes: Parameters<typeof mockFetch>[0]) => {
  startSession({ user: { ...customer, role: "admin" }, token: "jwt", expiresIn: 3600 });
  return mockFetch({ "GET /api/markets": { body: [{ code: "EU", name: "European Union" }] }, ...routes });
};

// Forms typed into at length: more than the default 5 s on a loaded 2-core machine.
describe("LotForm's buyer in the portal", { timeout: 15_000 }, () => {
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it("plan: a malformed e-mail is refused at the field unsent, the server's buyerUnknown shows at the field, then the e-mail is sent", async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        error: messages.buyerUnknown,
        code: "validation_failed",
        messageCode: "buyer_unknown",
        field: "buyerEmail",
      },
    };
    const { callsTo } = start({ "POST /api/crops/31/lots": () => answer });
    const done = vi.fn();
    renderWithProviders(<LotForm crop={makeCrop()} lot={null} onDone={done} />);
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Plan a harvest lot of pond P1" });
    await user.type(within(form).getByLabelText(/Expected harvest/), "2026-05-20");
    const buyer = within(form).getByLabelText(BUYER_FIELD);

    await user.type(buyer, "not an address");
    await user.click(within(form).getByRole("button", { name: "Plan lot" }));
    expect(buyer).toHaveAccessibleDescription(messages.invalidEmailFormat);
    expect(callsTo("POST", "/api/crops/31/lots")).toHaveLength(0);

    await user.clear(buyer);
    await user.type(buyer, "buyer@coastal.example");
    await user.click(within(form).getByRole("button", { name: "Plan lot" }));
    await waitFor(() => expect(buyer).toHaveAccessibleDescription(messages.buyerUnknown));
    expect(buyer).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/api/crops/31/lots")[0]?.body).toMatchObject({
      expectedOn: "2026-05-20",
      buyerEmail: "buyer@coastal.example",
    });

    answer = { status: 201, body: makeLot({ buyerOrganisation: portalBuyer }) };
    await user.click(within(form).getByRole("button", { name: "Plan lot" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
  });

  it("plan: an empty field sends no buyerEmail", async () => {
    const { callsTo } = start({ "POST /api/crops/31/lots": { status: 201, body: makeLot() } });
    renderWithProviders(<LotForm crop={makeCrop()} lot={null} onDone={() => undefined} />);
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Plan a harvest lot of pond P1" });
    await user.type(within(form).getByLabelText(/Expected harvest/), "2026-05-20");
    await user.click(within(form).getByRole("button", { name: "Plan lot" }));
    await waitFor(() => expect(callsTo("POST", "/api/crops/31/lots")).toHaveLength(1));
    expect(callsTo("POST", "/api/crops/31/lots")[0]?.body).not.toHaveProperty("buyerEmail");
  });

  it("edit: the current buyer is named, an empty field keeps it (not sent), Remove sends null", async () => {
    const { callsTo } = start({ "PUT /api/lots/41": { body: makeLot() } });
    const lot = makeLot({ buyerOrganisation: portalBuyer });
    renderWithProviders(<LotForm crop={makeCrop()} lot={lot} onDone={() => undefined} />);
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Edit lot 7K3M9Q2XAB" });
    const buyer = within(form).getByLabelText(BUYER_FIELD);
    expect(buyer).toHaveValue("");
    expect(buyer).toHaveAccessibleDescription(`Now ${portalBuyer.name}; leave this empty to keep it.`);

    await user.click(within(form).getByRole("button", { name: "Save lot" }));
    await waitFor(() => expect(callsTo("PUT", "/api/lots/41")).toHaveLength(1));
    expect(callsTo("PUT", "/api/lots/41")[0]?.body).not.toHaveProperty("buyerEmail");

    await user.click(within(form).getByRole("button", { name: "Remove the buyer in the portal" }));
    expect(within(form).queryByText(/Now Godavari/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Save lot" }));
    await waitFor(() => expect(callsTo("PUT", "/api/lots/41")).toHaveLength(2));
    expect(callsTo("PUT", "/api/lots/41")[1]?.body).toMatchObject({ buyerEmail: null });
  });
});

describe("LotsSection's buyer in the portal", () => {
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it("names the lot's buyer organisation, and says nothing of it when the lot has none", async () => {
    start({
      "GET /api/crops/31/lots": {
        body: {
          items: [makeLot({ buyerOrganisation: portalBuyer }), makeLot({ id: 42, code: "8K3M9Q2XAB" })],
        },
      },
    });
    renderWithProviders(<LotsSection crop={makeCrop()} writes={false} canPlan={false} />);
    expect(await screen.findByText(portalBuyer.name)).toBeInTheDocument();
    expect(screen.getAllByText("Buyer in the portal")).toHaveLength(1);
  });
});
