import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { getSession, logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { CustomerProfile } from "./customer-profile";
const DEFAULT_MARKETS_SAVED = "Default markets saved";

const GET = "/api/customers/7";
const PUT = "/api/customers/7/profile";

describe("CustomerProfile", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("load: shows 'Loading profile...', then the read-only fields and Account Information", async () => {
    mockFetch({ [`GET ${GET}`]: { body: { ...customer, sampleProviders: [] } } });
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    expect(screen.getByText("Loading profile...")).toBeInTheDocument();
    expect(await screen.findByLabelText("Full Name")).toHaveValue("Asha Verma");
    expect(screen.getByRole("heading", { name: "Customer Profile" })).toBeInTheDocument();
    expect(screen.getByText("Manage your account information")).toBeInTheDocument();
    expect(screen.getByLabelText("Email Address")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Phone Number")).toHaveAttribute("type", "tel");
    expect(screen.getByLabelText("Address").tagName).toBe("TEXTAREA");
    for (const label of ["Full Name", "Email Address", "Company", "Phone Number", "Address"]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("readonly");
    }
    const info = screen.getByRole("region", { name: "Account Information" });
    expect(within(info).getByText("7")).toBeInTheDocument();
    expect(within(info).getByText("Member Since")).toBeInTheDocument();
    expect(within(info).getByText("Last Updated")).toBeInTheDocument();
  });

  it("save with one field changed: sends only that field and shows the success toast", async () => {
    const { callsTo } = mockFetch({
      [`GET ${GET}`]: { body: customer },
      [`PUT ${PUT}`]: (request) => ({
        body: { ...customer, ...(request.body as object), updatedAt: "2024-06-01T00:00:00.000Z" },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const phone = screen.getByLabelText("Phone Number");
    await user.clear(phone);
    await user.type(phone, "+919000000001");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(callsTo("PUT", PUT).map((request) => request.body)).toEqual([{ phoneNumber: "+919000000001" }]);
    expect(getSession()?.user.phoneNumber).toBe("+919000000001");
    expect(screen.getByRole("button", { name: "Edit" })).toBeInTheDocument();
  });

  it("save with nothing changed: 'Data updated successfully!' without a request", async () => {
    const { callsTo } = mockFetch({ [`GET ${GET}`]: { body: customer } });
    const user = userEvent.setup();
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(messages.dataUpdatedLocally)).toBeInTheDocument();
    expect(callsTo("PUT", PUT)).toHaveLength(0);
  });

  it("cancel: restores the values of the current user", async () => {
    mockFetch({ [`GET ${GET}`]: { body: customer } });
    const user = userEvent.setup();
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.clear(screen.getByLabelText("Company"));
    await user.type(screen.getByLabelText("Company"), "Other Co");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByLabelText("Company")).toHaveValue("Blue Bay Aqua");
    expect(screen.getByLabelText("Company")).toHaveAttribute("readonly");
  });

  it("save rejected with 400: shows the server's message in the red box and stays in edit mode", async () => {
    mockFetch({
      [`GET ${GET}`]: { body: customer },
      [`PUT ${PUT}`]: { status: 400, body: { error: "Phone number is invalid", code: "validation_failed" } },
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.type(screen.getByLabelText("Phone Number"), "x");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Phone number is invalid")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeInTheDocument();
  });

  it("save rejected with 400 naming phoneNumber: the message at the phone field, focused, gone on the next change", async () => {
    mockFetch({
      [`GET ${GET}`]: { body: customer },
      [`PUT ${PUT}`]: {
        status: 400,
        body: { error: messages.phoneInvalid, code: "validation_failed", field: "phoneNumber" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const phone = screen.getByLabelText("Phone Number");
    await user.type(phone, "12345");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(phone).toHaveAccessibleDescription(messages.phoneInvalid);
    expect(screen.getAllByText(messages.phoneInvalid)).toHaveLength(1);
    await user.type(phone, "6");
    await waitFor(() => expect(screen.queryByText(messages.phoneInvalid)).not.toBeInTheDocument());
  });

  it("a 121-character name (pasted past the limit): 'Name must be 120 characters or fewer.', never zod's 'Too big'", async () => {
    const { callsTo } = mockFetch({ [`GET ${GET}`]: { body: customer } });
    const user = userEvent.setup();
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const name = screen.getByLabelText("Full Name");
    expect(name).toHaveAttribute("maxlength", "120");
    fireEvent.change(name, { target: { value: "ల".repeat(121) } });
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription("Name must be 120 characters or fewer.");
    expect(screen.queryByText(/Too big/)).not.toBeInTheDocument();
    expect(callsTo("PUT", PUT)).toHaveLength(0);
  });

  it("load 404: shows 'User profile not found'", async () => {
    mockFetch({ [`GET ${GET}`]: { status: 404, body: { error: messages.customerNotFound } } });
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    expect(await screen.findByText(messages.profileNotFound)).toBeInTheDocument();
  });

  it("refresh: fetches the profile again", async () => {
    const { callsTo } = mockFetch({ [`GET ${GET}`]: { body: customer } });
    const user = userEvent.setup();
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(callsTo("GET", GET)).toHaveLength(2));
  });

  it("default markets: preselected from the profile, changed by tapping, saved as defaultMarkets only", async () => {
    const { callsTo } = mockFetch({
      [`GET ${GET}`]: { body: { ...customer, defaultMarkets: ["EU"] } },
      "GET /api/markets": {
        body: [
          { code: "EU", name: "European Union" },
          { code: "US", name: "United States" },
        ],
      },
      [`PUT ${PUT}`]: (request) => ({
        body: { ...customer, ...(request.body as object), updatedAt: "2024-06-01T00:00:00.000Z" },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    const section = await screen.findByRole("region", { name: "Default Destination Markets" });
    const eu = await within(section).findByRole("checkbox", { name: "EU · European Union" });
    expect(eu).toBeChecked();
    const save = within(section).getByRole("button", { name: "Save Markets" });
    expect(save).toBeDisabled();
    await user.click(within(section).getByRole("checkbox", { name: "US · United States" }));
    await user.click(save);
    expect(await screen.findByText(DEFAULT_MARKETS_SAVED)).toBeInTheDocument();
    expect(callsTo("PUT", PUT)[0]?.body).toEqual({ defaultMarkets: ["EU", "US"] });
  });
});
