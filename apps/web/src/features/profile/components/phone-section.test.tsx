import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { messages, type Customer } from "@lab/contracts";

import { getSession, logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { CustomerProfile } from "./customer-profile";

const GET = "GET /api/customers/7";
const SEND = "POST /api/customers/me/phone";
const VERIFY = "POST /api/customers/me/phone/verify";
const sent = { status: 202, body: { sent: true, expiresInSeconds: 300, resendAfterSeconds: 60 } };

function renderProfile(member: Customer, routes: Parameters<typeof mockFetch>[0] = {}) {
  startSession({ user: member, token: "jwt", expiresIn: 3600 });
  const fetched = mockFetch({ [GET]: { body: member }, ...routes });
  const view = renderWithProviders(<CustomerProfile />, { route: "/profile" });
  return { ...fetched, ...view };
}

const mobileSection = () => screen.getByRole("region", { name: "Mobile Number" });

describe("Profile: the mobile number", () => {
  afterEach(() => logout());

  it("a verified number: shown as people write it, marked Verified, with Change Number; the form's Phone Number stays read-only while editing", async () => {
    renderProfile({ ...customer, phoneNumber: "+919440012345", phoneVerified: true });
    const section = await screen.findByRole("region", { name: "Mobile Number" });
    expect(within(section).getByText("+91 94400 12345")).toBeInTheDocument();
    expect(within(section).getByTestId("phone-status")).toHaveTextContent("Verified");
    expect(within(section).getByRole("button", { name: "Change Number" })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Edit" }));
    expect(screen.getByLabelText("Phone Number")).toHaveAttribute("readonly");
    expect(screen.getByText(/A verified number changes only with a code by SMS/)).toBeInTheDocument();
  });

  it("an unproved number: 'Not verified'; Verify Number sends a code to it, the code proves it and the section says Verified", async () => {
    const unproved = { ...customer, phoneNumber: "+919876543210", phoneVerified: false };
    const { callsTo } = renderProfile(unproved, {
      [SEND]: sent,
      [VERIFY]: { body: { ...unproved, phoneVerified: true, updatedAt: "2024-06-01T00:00:00.000Z" } },
    });
    const user = userEvent.setup();
    const section = await screen.findByRole("region", { name: "Mobile Number" });
    expect(within(section).getByTestId("phone-status")).toHaveTextContent("Not verified");
    await user.click(within(section).getByRole("button", { name: "Verify Number" }));
    const number = within(section).getByLabelText("Mobile Number");
    expect(number).toHaveValue("+919876543210");
    expect(number).toHaveAttribute("type", "tel");
    await user.click(within(section).getByRole("button", { name: "Send Code" }));
    expect(callsTo("POST", "/api/customers/me/phone")[0]?.body).toEqual({ phone: "+919876543210" });
    const code = await within(mobileSection()).findByLabelText("SMS Code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await user.type(code, "424242");
    await user.click(within(mobileSection()).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(messages.phoneVerified)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(mobileSection()).getByTestId("phone-status")).toHaveTextContent("Verified"),
    );
    expect(callsTo("POST", "/api/customers/me/phone/verify")[0]?.body).toEqual({
      phone: "+919876543210",
      code: "424242",
    });
    expect(getSession()?.user.phoneVerified).toBe(true);
  });

  it("no number: says so and offers Add Mobile Number; a number another account proved (409 naming phone) stands at the number", async () => {
    renderProfile(
      { ...customer, phoneNumber: null, phoneVerified: false },
      {
        [SEND]: sent,
        [VERIFY]: {
          status: 409,
          body: { error: messages.phoneTaken, code: "conflict", messageCode: "phone_taken", field: "phone" },
        },
      },
    );
    const user = userEvent.setup();
    const section = await screen.findByRole("region", { name: "Mobile Number" });
    expect(within(section).getByText(/No mobile number yet/)).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Add Mobile Number" }));
    await user.type(within(section).getByLabelText("Mobile Number"), "94400 12345");
    await user.click(within(section).getByRole("button", { name: "Send Code" }));
    await user.type(await within(mobileSection()).findByLabelText("SMS Code"), "111222");
    await user.click(within(mobileSection()).getByRole("button", { name: "Verify" }));
    expect(await within(mobileSection()).findByText(messages.phoneTaken)).toBeInTheDocument();
    expect(within(mobileSection()).getByLabelText("Mobile Number")).toHaveAttribute("aria-invalid", "true");
  });
});

describe("Profile: an account without an e-mail address", () => {
  afterEach(() => logout());

  it("says so plainly; Add E-mail Address opens the form at an empty e-mail field", async () => {
    renderProfile({ ...customer, email: null, emailVerified: false, phoneVerified: true });
    expect(await screen.findByText(/Your account has no e-mail address/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Add E-mail Address" }));
    const email = screen.getByLabelText("Email Address");
    expect(email).not.toHaveAttribute("readonly");
    expect(email).toHaveValue("");
    await waitFor(() => expect(email).toHaveFocus());
  });

  it("saving other fields with the e-mail left empty sends only them, no password asked", async () => {
    const member = { ...customer, email: null, emailVerified: false, phoneVerified: true };
    const { callsTo } = renderProfile(member, {
      "PUT /api/customers/7/profile": (request) => ({ body: { ...member, ...(request.body as object) } }),
    });
    const user = userEvent.setup();
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.type(screen.getByLabelText("Address"), "Bhimavaram");
    expect(screen.queryByLabelText("Current Password")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(callsTo("PUT", "/api/customers/7/profile").map((request) => request.body)).toEqual([
      { address: "12 Harbour Road, NelloreBhimavaram" },
    ]);
  });

  it("a first address with the current password: sent, then the code for it is asked on the sign-in card", async () => {
    const member = { ...customer, email: null, emailVerified: false, phoneVerified: true };
    const { callsTo, router } = renderProfile(member, {
      "PUT /api/customers/7/profile": { body: { ...member, email: "ravi@example.com" } },
    });
    const user = userEvent.setup();
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Add E-mail Address" }));
    await user.type(screen.getByLabelText("Email Address"), "ravi@example.com");
    await user.type(screen.getByLabelText("Current Password"), "Shrimp#Pond2024");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(callsTo("PUT", "/api/customers/7/profile")[0]?.body).toEqual({
      email: "ravi@example.com",
      currentPassword: "Shrimp#Pond2024",
    });
  });
});
