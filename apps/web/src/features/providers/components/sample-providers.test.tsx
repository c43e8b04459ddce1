import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages, type Provider } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockRequest, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { SampleProviders } from "./sample-providers";

const EMPTY_PROVIDERS_TEXT = "You haven't added any sample providers yet.";

const LIST = "/api/customers/7/sample-providers";
const AUTOCOMPLETE = "/api/places/autocomplete";
const bhimavaram = {
  placeId: "gn-bhimavaram",
  address: "Bhimavaram, West Godavari, Andhra Pradesh, India",
  coordinates: { lat: 16.54078, lng: 81.52322 },
};

let nextId = 100;
function makeProvider(overrides: Partial<Provider> = {}): Provider {
  const id = overrides.id ?? nextId++;
  return {
    id,
    customerId: 7,
    samplerName: `Provider ${id}`,
    userType: "Farmer",
    phoneNumber: "+91 98480 22338",
    altPhoneNumber: null,
    location: null,
    address: null,
    coordinates: null,
    placeId: null,
    farmers: [],
    createdAt: "2024-05-01T10:00:00.000Z",
    updatedAt: "2024-05-01T10:00:00.000Z",
    ...overrides,
  };
}

const ravi = makeProvider({
  id: 1,
  samplerName: "Ravi Kumar",
  altPhoneNumber: "+91 98480 11111",
  location: JSON.stringify(bhimavaram),
  address: bhimavaram.address,
  coordinates: bhimavaram.coordinates,
  placeId: bhimavaram.placeId,
});
const suresh = makeProvider({
  id: 2,
  samplerName: "Suresh Agencies",
  userType: "Agent",
  location: "Near the canal, Nellore",
  address: "Near the canal, Nellore",
  farmers: [
    {
      name: "Ramu",
      phoneNumber: "+91 98480 33333",
      altPhoneNumber: "+91 98480 44444",
      location: JSON.stringify(bhimavaram),
      address: bhimavaram.address,
      coordinates: bhimavaram.coordinates,
      placeId: bhimavaram.placeId,
    },
    {
      name: "Lakshmi",
      phoneNumber: "+91 98480 55555",
      altPhoneNumber: null,
      location: null,
      address: null,
      coordinates: null,
      placeId: null,
    },
  ],
});
const lonely = makeProvider({ id: 3, samplerName: "Lonely Pond" });

type Route = MockResponse | ((request: MockRequest) => MockResponse);

/** A small in-memory server: the list changes with POST, PUT and DELETE unless a route overrides it. */
function server(initial: Provider[], overrides: Record<string, Route> = {}) {
  let providers = [...initial];
  const echo = (request: MockRequest, id: number): Provider => {
    const body = request.body as Record<string, unknown>;
    return makeProvider({
      id,
      samplerName: String(body.samplerName),
      userType: body.userType === "Agent" ? "Agent" : "Farmer",
      location: typeof body.location === "string" ? body.location : null,
    });
  };
  return mockFetch({
    [`GET ${LIST}`]: () => ({ body: providers }),
    [`GET ${AUTOCOMPLETE}`]: { body: [bhimavaram] },
    [`POST ${LIST}`]: (request) => {
      const created = echo(request, nextId++);
      providers = [created, ...providers];
      return { status: 201, body: created };
    },
    [`PUT /api/customers/7/sample-providers-simple/1`]: (request) => {
      const updated = echo(request, 1);
      providers = providers.map((provider) => (provider.id === 1 ? updated : provider));
      return { body: updated };
    },
    [`DELETE ${LIST}/1`]: () => {
      providers = providers.filter((provider) => provider.id !== 1);
      return { status: 204 };
    },
    ...overrides,
  });
}

const render = () => renderWithProviders(<SampleProviders />, { route: "/customers" });
const listSection = () => screen.getByRole("region", { name: "Your Sample Providers" });
const row = (name: string) => screen.getByRole("article", { name });

async function openAddForm(user: UserEvent) {
  await screen.findByRole("heading", { name: "Your Sample Providers" });
  await user.click(screen.getByRole("button", { name: "Add Sample Provider" }));
  return screen.getByRole("form", { name: "Add Sample Provider" });
}

describe("Sample Providers screen", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  describe("list", () => {
    it("no providers: title 'Your Sample Providers' and the empty text", async () => {
      server([]);
      render();
      expect(screen.getByRole("heading", { level: 1, name: "My Sample Providers" })).toBeInTheDocument();
      expect(await screen.findByText(EMPTY_PROVIDERS_TEXT)).toBeInTheDocument();
      expect(
        within(listSection()).getByRole("heading", { name: "Your Sample Providers" }),
      ).toBeInTheDocument();
    });

    it("a row: name, type badge, ID, address, 'View on map' to the coordinates in a new tab, tel links", async () => {
      server([ravi]);
      render();
      const card = await screen.findByRole("article", { name: "Ravi Kumar" });
      expect(within(card).getByText("Farmer")).toBeInTheDocument();
      expect(within(card).getByText("ID: 1")).toBeInTheDocument();
      expect(within(card).getByText(bhimavaram.address)).toBeInTheDocument();
      const map = within(card).getByRole("link", { name: /View on map/ });
      expect(map).toHaveAttribute(
        "href",
        "https://www.google.com/maps/search/?api=1&query=16.54078,81.52322",
      );
      expect(map).toHaveAttribute("target", "_blank");
      expect(map.getAttribute("rel")).toContain("noopener");
      expect(within(card).getByRole("link", { name: "+91 98480 22338" })).toHaveAttribute(
        "href",
        "tel:+919848022338",
      );
      expect(within(card).getByRole("link", { name: "+91 98480 11111" })).toHaveAttribute(
        "href",
        "tel:+919848011111",
      );
      expect(within(card).getByRole("button", { name: "Edit Ravi Kumar" })).toBeInTheDocument();
      expect(within(card).getByRole("button", { name: "Delete Ravi Kumar" })).toBeInTheDocument();
    });

    it("no location: 'No location specified' and no map link; plain text location without coordinates: no map link", async () => {
      server([suresh, lonely]);
      render();
      const card = await screen.findByRole("article", { name: "Lonely Pond" });
      expect(within(card).getByText("No location specified")).toBeInTheDocument();
      expect(within(card).queryByRole("link", { name: /View on map/ })).not.toBeInTheDocument();
      const agent = row("Suresh Agencies");
      expect(within(agent).getByText("Near the canal, Nellore")).toBeInTheDocument();
      expect(within(agent).queryByRole("link", { name: /View on map/ })).not.toBeInTheDocument();
    });

    it("type missing from the server: the badge says Farmer", async () => {
      const { userType: _omitted, ...withoutType } = lonely;
      mockFetch({ [`GET ${LIST}`]: { body: [{ ...withoutType, userType: null }] } });
      render();
      const card = await screen.findByRole("article", { name: "Lonely Pond" });
      expect(within(card).getByText("Farmer")).toBeInTheDocument();
    });

    it("Agent row: 'Farmers (2)' expands to each farmer's name, phones, location and map link", async () => {
      server([suresh]);
      const user = userEvent.setup();
      render();
      const card = await screen.findByRole("article", { name: "Suresh Agencies" });
      expect(within(card).getByText("Agent")).toBeInTheDocument();
      const toggle = within(card).getByRole("button", { name: "Farmers (2)" });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(within(card).queryByText("Ramu")).not.toBeVisible();
      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      const farmers = within(card).getByRole("list", { name: "Farmers of Suresh Agencies" });
      const [ramu, lakshmi] = within(farmers).getAllByRole("listitem");
      expect(ramu).toHaveTextContent("Ramu");
      expect(ramu).toHaveTextContent(bhimavaram.address);
      expect(ramu).toHaveTextContent("+91 98480 33333");
      expect(ramu).toHaveTextContent("+91 98480 44444");
      expect(ramu && within(ramu).getByRole("link", { name: /View on map for Ramu/ })).toHaveAttribute(
        "href",
        "https://www.google.com/maps/search/?api=1&query=16.54078,81.52322",
      );
      expect(lakshmi).toHaveTextContent("No location specified");
      expect(lakshmi && within(lakshmi).queryByRole("link", { name: /View on map/ })).toBeNull();
      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "false");
    });

    it("load failure: toast 'Failed to load sample providers' and Try Again", async () => {
      const { callsTo } = mockFetch({ [`GET ${LIST}`]: { status: 500, body: { error: "boom" } } });
      const user = userEvent.setup();
      render();
      await waitFor(() => expect(screen.getAllByText(messages.providersLoadFailed)).toHaveLength(2));
      await user.click(screen.getByRole("button", { name: "Try Again" }));
      await waitFor(() => expect(callsTo("GET", LIST)).toHaveLength(2));
    });
  });

  describe("form", () => {
    it("'Add Sample Provider' opens the form and becomes 'Cancel', which closes it", async () => {
      server([]);
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      expect(within(form).getByLabelText(/Provider Name/)).toHaveFocus();
      expect(within(form).getByLabelText(/WhatsApp Number/)).toHaveAttribute("type", "tel");
      expect(within(form).getByLabelText("User Type")).toHaveValue("Farmer");
      expect(within(form).queryByRole("group", { name: "Farmers" })).not.toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("form")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Add Sample Provider" })).toBeInTheDocument();
    });

    it("a half-typed new provider survives a reload: the form opens again with it and 'Draft saved on this device'; Cancel drops it", async () => {
      server([]);
      const user = userEvent.setup();
      const first = render();
      const form = await openAddForm(user);
      await user.type(within(form).getByLabelText(/Provider Name/), "Ramu Aqua");
      await user.type(within(form).getByLabelText(/WhatsApp Number/), "+91 98480 77777");
      expect(await within(form).findByText("Draft saved on this device")).toBeInTheDocument();
      first.unmount();

      render();
      const again = await screen.findByRole("form", { name: "Add Sample Provider" });
      expect(within(again).getByLabelText(/Provider Name/)).toHaveValue("Ramu Aqua");
      expect(within(again).getByLabelText(/WhatsApp Number/)).toHaveValue("+91 98480 77777");
      await user.click(screen.getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("form")).not.toBeInTheDocument();
      expect(Object.keys(localStorage).filter((key) => key.includes("draft.provider-new"))).toEqual([]);
    });

    it("empty submit: name and phone required, nothing sent", async () => {
      const { callsTo } = server([]);
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      await user.click(within(form).getByRole("button", { name: "Save Provider" }));
      expect(await within(form).findByText(messages.providerNameRequired)).toBeInTheDocument();
      expect(within(form).getByText(messages.phoneRequired)).toBeInTheDocument();
      expect(within(form).getByLabelText(/Provider Name/)).toHaveAttribute("aria-invalid", "true");
      expect(callsTo("POST", LIST)).toHaveLength(0);
    });

    it("add a Farmer with a picked place: exact payload, success toast, form closed, list refreshed", async () => {
      const { callsTo } = server([]);
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      await user.type(within(form).getByLabelText(/Provider Name/), "Ravi Kumar");
      await user.type(within(form).getByLabelText(/WhatsApp Number/), "98480 22338");
      await user.type(within(form).getByLabelText("Alternative Phone Number"), "+91 98480 11111");
      await user.type(within(form).getByRole("combobox", { name: "Location" }), "Bhimav");
      await user.click(await screen.findByRole("option", { name: bhimavaram.address }));
      await user.click(within(form).getByRole("button", { name: "Save Provider" }));

      expect(await screen.findByText(messages.providerAdded)).toBeInTheDocument();
      expect(callsTo("POST", LIST).map((request) => request.body)).toEqual([
        {
          samplerName: "Ravi Kumar",
          userType: "Farmer",
          phoneNumber: "98480 22338",
          altPhoneNumber: "+91 98480 11111",
          location: JSON.stringify({
            address: bhimavaram.address,
            coordinates: bhimavaram.coordinates,
            placeId: bhimavaram.placeId,
          }),
          coordinates: bhimavaram.coordinates,
          farmers: [],
        },
      ]);
      expect(await screen.findByRole("article", { name: "Ravi Kumar" })).toBeInTheDocument();
      expect(screen.queryByRole("form")).not.toBeInTheDocument();
      expect(callsTo("GET", LIST).length).toBeGreaterThanOrEqual(2);
    });

    it("Agent: farmers shown with one kept row; Add Another Farmer / Remove Farmer; payload carries the farmers", async () => {
      const { callsTo } = server([]);
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      await user.selectOptions(within(form).getByLabelText("User Type"), "Agent");
      const farmers = within(form).getByRole("group", { name: "Farmers" });
      expect(within(farmers).getAllByRole("group", { name: /^Farmer \d$/ })).toHaveLength(1);
      expect(within(farmers).queryByRole("button", { name: /Remove Farmer/ })).not.toBeInTheDocument();

      await user.click(within(farmers).getByRole("button", { name: "Add Another Farmer" }));
      await user.click(within(farmers).getByRole("button", { name: "Add Another Farmer" }));
      expect(within(farmers).getAllByRole("group", { name: /^Farmer \d$/ })).toHaveLength(3);
      expect(within(farmers).getAllByRole("button", { name: /Remove Farmer/ })).toHaveLength(3);
      await user.click(within(farmers).getByRole("button", { name: "Remove Farmer 3" }));

      const first = within(farmers).getByRole("group", { name: "Farmer 1" });
      const second = within(farmers).getByRole("group", { name: "Farmer 2" });
      await user.type(within(first).getByLabelText(/Farmer Name/), "Ramu");
      await user.type(within(first).getByLabelText(/Farmer WhatsApp Number/), "98480 33333");
      await user.type(within(first).getByRole("combobox", { name: "Farmer Location" }), "16.5, 81.25");
      await user.type(within(second).getByLabelText(/Farmer Name/), "Lakshmi");
      await user.type(within(second).getByLabelText(/Farmer WhatsApp Number/), "98480 55555");
      await user.type(within(second).getByLabelText("Farmer Alternative Phone"), "98480 66666");

      await user.type(within(form).getByLabelText(/Provider Name/), "Suresh Agencies");
      await user.type(
        within(form).getByLabelText(/WhatsApp Number/, { selector: "#provider-new-phone" }),
        "98480 22338",
      );
      await user.click(within(form).getByRole("button", { name: "Save Provider" }));

      expect(await screen.findByText(messages.providerAdded)).toBeInTheDocument();
      expect(callsTo("POST", LIST).map((request) => request.body)).toEqual([
        {
          samplerName: "Suresh Agencies",
          userType: "Agent",
          phoneNumber: "98480 22338",
          altPhoneNumber: null,
          location: null,
          coordinates: null,
          farmers: [
            {
              name: "Ramu",
              phoneNumber: "98480 33333",
              altPhoneNumber: null,
              location: JSON.stringify({
                address: "16.5, 81.25",
                coordinates: { lat: 16.5, lng: 81.25 },
                placeId: null,
              }),
              coordinates: { lat: 16.5, lng: 81.25 },
            },
            {
              name: "Lakshmi",
              phoneNumber: "98480 55555",
              altPhoneNumber: "98480 66666",
              location: null,
              coordinates: null,
            },
          ],
        },
      ]);
    });

    it("Agent: a started farmer row needs a name and phone", async () => {
      const { callsTo } = server([]);
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      await user.type(within(form).getByLabelText(/Provider Name/), "Suresh Agencies");
      await user.type(
        within(form).getByLabelText(/WhatsApp Number/, { selector: "#provider-new-phone" }),
        "98480 22338",
      );
      await user.selectOptions(within(form).getByLabelText("User Type"), "Agent");
      const first = within(form).getByRole("group", { name: "Farmer 1" });
      await user.type(within(first).getByLabelText("Farmer Alternative Phone"), "98480 66666");
      await user.click(within(form).getByRole("button", { name: "Save Provider" }));
      expect(await within(first).findByText(messages.farmerNameRequired)).toBeInTheDocument();
      expect(within(first).getByText(messages.farmerPhoneRequired)).toBeInTheDocument();
      expect(callsTo("POST", LIST)).toHaveLength(0);
    });

    it("Agent with six farmers: the server's error for farmers.2.phoneNumber shows at that farmer's phone (a blank row skipped), focused, and goes when it is edited", async () => {
      const { callsTo } = server([], {
        [`POST ${LIST}`]: () => ({
          status: 400,
          // The payload leaves blank rows out: the server's farmers.2 is the form's third filled row.
          body: { error: messages.phoneInvalid, code: "validation_failed", field: "farmers.2.phoneNumber" },
        }),
      });
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      await user.type(within(form).getByLabelText(/Provider Name/), "Suresh Agencies");
      await user.type(
        within(form).getByLabelText(/WhatsApp Number/, { selector: "#provider-new-phone" }),
        "98480 22338",
      );
      await user.selectOptions(within(form).getByLabelText("User Type"), "Agent");
      const farmers = within(form).getByRole("group", { name: "Farmers" });
      for (let count = 1; count < 7; count += 1) {
        await user.click(within(farmers).getByRole("button", { name: "Add Another Farmer" }));
      }
      // Rows 1..7; row 2 stays blank, so the third filled row is Farmer 4.
      const names = ["లక్ష్మీ దేవి", "", "लक्ष्मी देवी", "Ramu", "Sita", "Gopal", "Venkata"];
      for (const [index, name] of names.entries()) {
        if (!name) continue;
        const group = within(farmers).getByRole("group", { name: `Farmer ${index + 1}` });
        await user.type(within(group).getByLabelText(/Farmer Name/), name);
        await user.type(within(group).getByLabelText(/Farmer WhatsApp Number/), `9848033${330 + index}`);
      }
      await user.click(within(form).getByRole("button", { name: "Save Provider" }));

      const fourth = within(farmers).getByRole("group", { name: "Farmer 4" });
      const phone = within(fourth).getByLabelText(/Farmer WhatsApp Number/);
      await waitFor(() => expect(phone).toHaveFocus());
      expect(phone).toHaveAttribute("aria-invalid", "true");
      expect(phone).toHaveAccessibleDescription(messages.phoneInvalid);
      expect(phone).toHaveAttribute("maxlength", "32");
      // Only there: not at the top of the form, nor at any other phone.
      expect(within(form).getAllByText(messages.phoneInvalid)).toHaveLength(1);
      expect(callsTo("POST", LIST)).toHaveLength(1);
      await user.type(phone, "1");
      await waitFor(() => expect(within(form).queryByText(messages.phoneInvalid)).not.toBeInTheDocument());
      expect(phone).not.toHaveAttribute("aria-invalid");
      // Typing into 13 inputs takes a few seconds on a busy machine.
    }, 30_000);

    it("a refusal naming no field: the banner, focused, cleared by the next change", async () => {
      server([], { [`POST ${LIST}`]: () => ({ status: 500, body: { error: "boom" } }) });
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      await user.type(within(form).getByLabelText(/Provider Name/), "Ravi");
      await user.type(
        within(form).getByLabelText(/WhatsApp Number/, { selector: "#provider-new-phone" }),
        "98480 22338",
      );
      await user.click(within(form).getByRole("button", { name: "Save Provider" }));
      const banner = await within(form).findByRole("alert");
      expect(banner).toHaveTextContent(messages.serverError);
      await waitFor(() => expect(banner).toHaveFocus());
      await user.type(within(form).getByLabelText(/Provider Name/), "s");
      expect(within(form).queryByRole("alert")).not.toBeInTheDocument();
    });

    it("empty submit: the name's error is focused; the name input caps typing at 120 characters", async () => {
      server([]);
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      const name = within(form).getByLabelText(/Provider Name/);
      expect(name).toHaveAttribute("maxlength", "120");
      await user.click(within(form).getByRole("button", { name: "Save Provider" }));
      await waitFor(() => expect(name).toHaveFocus());
      expect(name).toHaveAccessibleDescription(messages.providerNameRequired);
    });

    it("switching back to Farmer hides the farmers and sends none", async () => {
      const { callsTo } = server([]);
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      await user.type(within(form).getByLabelText(/Provider Name/), "Ravi");
      await user.type(within(form).getByLabelText(/WhatsApp Number/), "98480 22338");
      await user.selectOptions(within(form).getByLabelText("User Type"), "Agent");
      await user.type(within(form).getByLabelText(/Farmer Name/), "Ramu");
      await user.selectOptions(within(form).getByLabelText("User Type"), "Farmer");
      expect(within(form).queryByRole("group", { name: "Farmers" })).not.toBeInTheDocument();
      await user.click(within(form).getByRole("button", { name: "Save Provider" }));
      await screen.findByText(messages.providerAdded);
      expect(callsTo("POST", LIST)[0]?.body).toMatchObject({ userType: "Farmer", farmers: [] });
    });

    it.each([
      [400, { error: messages.phoneInvalid, code: "validation_failed" }, messages.phoneInvalid],
      [400, {}, messages.profileInvalid],
      [404, { error: messages.customerNotFound, code: "customer_not_found" }, messages.customerNotFound],
      [500, { error: "internal", code: "internal" }, messages.serverError],
    ])("add refused with %i: shows '%s' in the form", async (status, body, text) => {
      server([], { [`POST ${LIST}`]: { status, body } });
      const user = userEvent.setup();
      render();
      const form = await openAddForm(user);
      await user.type(within(form).getByLabelText(/Provider Name/), "Ravi");
      await user.type(within(form).getByLabelText(/WhatsApp Number/), "12");
      await user.click(within(form).getByRole("button", { name: "Save Provider" }));
      expect(await within(form).findByRole("alert")).toHaveTextContent(text);
      expect(screen.queryByText(messages.providerAdded)).not.toBeInTheDocument();
      expect(screen.getByRole("form", { name: "Add Sample Provider" })).toBeInTheDocument();
    });
  });

  describe("edit", () => {
    it("fills the form from the provider, sends PUT to sample-providers-simple, toast 'updated'", async () => {
      const { callsTo } = server([ravi, suresh]);
      const user = userEvent.setup();
      render();
      await screen.findByRole("article", { name: "Ravi Kumar" });
      await user.click(screen.getByRole("button", { name: "Edit Ravi Kumar" }));
      const form = screen.getByRole("form", { name: "Edit Sample Provider" });
      expect(screen.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
      expect(within(form).getByLabelText(/Provider Name/)).toHaveValue("Ravi Kumar");
      expect(within(form).getByLabelText(/WhatsApp Number/)).toHaveValue("+91 98480 22338");
      expect(within(form).getByLabelText("Alternative Phone Number")).toHaveValue("+91 98480 11111");
      expect(within(form).getByRole("combobox", { name: "Location" })).toHaveValue(bhimavaram.address);
      expect(within(form).getByText("Coordinates: 16.54078, 81.52322")).toBeInTheDocument();

      const name = within(form).getByLabelText(/Provider Name/);
      await user.clear(name);
      await user.type(name, "Ravi K.");
      await user.click(within(form).getByRole("button", { name: "Update Provider" }));
      expect(await screen.findByText(messages.providerUpdated)).toBeInTheDocument();
      expect(
        callsTo("PUT", "/api/customers/7/sample-providers-simple/1").map((request) => request.body),
      ).toEqual([
        {
          samplerName: "Ravi K.",
          userType: "Farmer",
          phoneNumber: "+91 98480 22338",
          altPhoneNumber: "+91 98480 11111",
          location: JSON.stringify({
            address: bhimavaram.address,
            coordinates: bhimavaram.coordinates,
            placeId: bhimavaram.placeId,
          }),
          coordinates: bhimavaram.coordinates,
          farmers: [],
        },
      ]);
      expect(await screen.findByRole("article", { name: "Ravi K." })).toBeInTheDocument();
      expect(screen.queryByRole("form")).not.toBeInTheDocument();
    });

    it("an Agent: farmers filled, plain-text location kept as text", async () => {
      const { callsTo } = server([suresh], {
        "PUT /api/customers/7/sample-providers-simple/2": (request) => ({
          body: { ...suresh, samplerName: (request.body as { samplerName: string }).samplerName },
        }),
      });
      const user = userEvent.setup();
      render();
      await screen.findByRole("article", { name: "Suresh Agencies" });
      await user.click(screen.getByRole("button", { name: "Edit Suresh Agencies" }));
      const form = screen.getByRole("form", { name: "Edit Sample Provider" });
      expect(within(form).getByLabelText("User Type")).toHaveValue("Agent");
      expect(within(form).getAllByRole("group", { name: /^Farmer \d$/ })).toHaveLength(2);
      expect(within(form).getByRole("combobox", { name: "Location" })).toHaveValue("Near the canal, Nellore");
      await user.click(within(form).getByRole("button", { name: "Update Provider" }));
      await screen.findByText(messages.providerUpdated);
      const body = callsTo("PUT", "/api/customers/7/sample-providers-simple/2")[0]?.body as Record<
        string,
        unknown
      >;
      expect(body.location).toBe("Near the canal, Nellore");
      expect(body.farmers).toHaveLength(2);
    });

    it.each([
      [404, { error: messages.providerNotFound }, messages.providerNotFound],
      [500, null, messages.providerUpdateFailed],
    ])("update refused with %i: '%s'", async (status, body, text) => {
      server([ravi], { "PUT /api/customers/7/sample-providers-simple/1": { status, body } });
      const user = userEvent.setup();
      render();
      await screen.findByRole("article", { name: "Ravi Kumar" });
      await user.click(screen.getByRole("button", { name: "Edit Ravi Kumar" }));
      const form = screen.getByRole("form", { name: "Edit Sample Provider" });
      await user.click(within(form).getByRole("button", { name: "Update Provider" }));
      expect(await within(form).findByRole("alert")).toHaveTextContent(text);
    });
  });

  describe("delete", () => {
    it("asks in a dialog: Cancel keeps the provider; Delete removes it with the success toast", async () => {
      const { callsTo } = server([ravi, suresh]);
      const user = userEvent.setup();
      render();
      await screen.findByRole("article", { name: "Ravi Kumar" });
      await user.click(screen.getByRole("button", { name: "Delete Ravi Kumar" }));
      let dialog = screen.getByRole("dialog", { name: "Delete Sample Provider" });
      expect(dialog).toHaveTextContent("Ravi Kumar");
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(callsTo("DELETE", `${LIST}/1`)).toHaveLength(0);

      await user.click(screen.getByRole("button", { name: "Delete Ravi Kumar" }));
      dialog = screen.getByRole("dialog", { name: "Delete Sample Provider" });
      await user.click(within(dialog).getByRole("button", { name: "Delete" }));
      expect(await screen.findByText(messages.providerDeleted)).toBeInTheDocument();
      expect(callsTo("DELETE", `${LIST}/1`)).toHaveLength(1);
      await waitFor(() =>
        expect(screen.queryByRole("article", { name: "Ravi Kumar" })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole("article", { name: "Suresh Agencies" })).toBeInTheDocument();
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });

    it("deleting the provider being edited closes the form", async () => {
      server([ravi]);
      const user = userEvent.setup();
      render();
      await screen.findByRole("article", { name: "Ravi Kumar" });
      await user.click(screen.getByRole("button", { name: "Edit Ravi Kumar" }));
      await user.click(screen.getByRole("button", { name: "Delete Ravi Kumar" }));
      await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
      await screen.findByText(messages.providerDeleted);
      expect(screen.queryByRole("form")).not.toBeInTheDocument();
      expect(await screen.findByText(EMPTY_PROVIDERS_TEXT)).toBeInTheDocument();
    });

    it.each([
      [404, messages.providerNotFound],
      [500, messages.providerDeleteServerError],
      [409, messages.providerDeleteFailed],
    ])("delete refused with %i: error toast '%s'", async (status, text) => {
      server([ravi], { [`DELETE ${LIST}/1`]: { status, body: { error: "x" } } });
      const user = userEvent.setup();
      render();
      await screen.findByRole("article", { name: "Ravi Kumar" });
      await user.click(screen.getByRole("button", { name: "Delete Ravi Kumar" }));
      await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(text);
      expect(screen.getByRole("article", { name: "Ravi Kumar" })).toBeInTheDocument();
    });
  });
});
