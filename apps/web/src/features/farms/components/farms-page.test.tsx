import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { messages, type MemberRole } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockRequest } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { makeFarm } from "../testing/farm-fixtures";
import { FarmsPage } from "./farms-page";

const long = "Sri-Venkateswara-Aqua-Farms-Bhimavaram-West-Godavari-Unit-Two";
const farms = [
  makeFarm(),
  makeFarm({
    id: 12,
    name: long,
    caaStatus: "expired",
    caaExpiresOn: "2026-01-10",
    mpedaEnrolment: null,
    lat: null,
    lng: null,
    pondCount: 0,
  }),
  makeFarm({ id: 13, name: "Godavari Farm", caaStatus: "expiring" }),
  makeFarm({ id: 14, name: "Krishna Farm", caaStatus: "unknown", caaRegistration: null }),
];

const open = (role: MemberRole, routes: Parameters<typeof mockFetch>[0] = {}) => {
  startSession({ user: { ...customer, role }, token: "jwt", expiresIn: 3600 });
  const fetches = mockFetch({
    "GET /api/farms": { body: { items: farms } },
    "GET /api/customers/7/sample-providers": { body: [] },
    ...routes,
  });
  renderWithProviders(<FarmsPage />, {
    route: "/farms",
    extraRoutes: [{ path: "/farms/:farmId", element: <h1>Farm page</h1> }],
  });
  return fetches;
};

describe("FarmsPage", () => {
  afterEach(() => logout());

  it("lists the farms: name linking to its page, place, MPEDA and CAA numbers, the CAA status in words, ponds, map", async () => {
    open("admin");
    const table = await screen.findByRole("region", { name: "Farms" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(5);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByRole("link", { name: "Sri Lakshmi Aqua Farm" })).toHaveAttribute("href", "/farms/11");
    expect(first.getByText("Bhimavaram, West Godavari")).toBeInTheDocument();
    expect(first.getByText("MPEDA/AP/2024/123")).toBeInTheDocument();
    expect(first.getByText("CAA-AP-4567")).toBeInTheDocument();
    expect(first.getByText("CAA valid")).toBeInTheDocument();
    expect(first.getByText("2")).toBeInTheDocument();
    expect(first.getByRole("link", { name: "Map of Sri Lakshmi Aqua Farm" })).toHaveAttribute(
      "href",
      "https://www.google.com/maps?q=16.54078,81.52322",
    );
    // Each status has its words (colour is never alone); no location, no map link.
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText("CAA expired")).toBeInTheDocument();
    expect(second.queryByRole("link", { name: /Map of/ })).not.toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText("CAA expires within 30 days")).toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByText("CAA not known")).toBeInTheDocument();
    // The phone's cards carry the same farms.
    expect(screen.getAllByRole("link", { name: long })).toHaveLength(2);
  });

  it("no farms: says so", async () => {
    open("full", { "GET /api/farms": { body: { items: [] } } });
    expect(await screen.findByText("No farms yet.")).toBeInTheDocument();
  });

  it("results: reads the farms, without Add farm", async () => {
    open("results");
    expect(await screen.findByRole("region", { name: "Farms" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add farm" })).not.toBeInTheDocument();
  });

  it("add: each problem at its field; the API's refusal at the field it names; a saved farm opens its page", async () => {
    let attempt = 0;
    const { callsTo } = open("full", {
      "POST /api/farms": (request: MockRequest) => {
        attempt += 1;
        return attempt === 1
          ? {
              status: 400,
              body: {
                error: messages.dateInvalid,
                code: "validation_failed",
                messageCode: "date_invalid",
                field: "caaExpiresOn",
              },
            }
          : {
              status: 201,
              body: makeFarm({ id: 15, name: String((request.body as { name: string }).name) }),
            };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add farm" }));
    const form = screen.getByRole("form", { name: "Add a farm" });
    await user.type(within(form).getByLabelText("Area (hectares)"), "abc");
    await user.type(within(form).getByLabelText("Boundary (optional)"), "16.5, 81.5\n16.6, 81.5");
    await user.click(within(form).getByRole("button", { name: "Save farm" }));

    // Nothing is sent while the form has problems; each shows at its field.
    expect(callsTo("POST", "/api/farms")).toHaveLength(0);
    expect(within(form).getByLabelText(/Farm name/)).toHaveAccessibleDescription(messages.farmNameRequired);
    expect(within(form).getByLabelText("Area (hectares)")).toHaveAccessibleDescription(messages.areaInvalid);
    expect(within(form).getByLabelText("Boundary (optional)")).toHaveAccessibleDescription(
      expect.stringContaining(messages.boundaryInvalid) as string,
    );

    await user.type(within(form).getByLabelText(/Farm name/), "Nellore Farm");
    await user.clear(within(form).getByLabelText("Area (hectares)"));
    await user.type(within(form).getByLabelText("Area (hectares)"), "2.5");
    await user.clear(within(form).getByLabelText("Boundary (optional)"));
    await user.type(within(form).getByLabelText("MPEDA enrolment"), "MPEDA/AP/9");
    await user.click(within(form).getByRole("button", { name: "Save farm" }));
    expect(await within(form).findByText(messages.dateInvalid)).toBeInTheDocument();
    expect(within(form).getByLabelText("CAA valid until")).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/api/farms")[0]?.body).toMatchObject({
      name: "Nellore Farm",
      areaHa: 2.5,
      mpedaEnrolment: "MPEDA/AP/9",
      caaRegistration: null,
      lat: null,
      lng: null,
      boundary: null,
    });

    await user.click(within(form).getByRole("button", { name: "Save farm" }));
    expect(await screen.findByRole("heading", { name: "Farm page" })).toBeInTheDocument();
  });
});
