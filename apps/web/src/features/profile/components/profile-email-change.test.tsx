import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { clearSignInHandoff, peekSignInHandoff } from "@/lib/sign-in-handoff";
import { getSession, logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { CustomerProfile } from "./customer-profile";
const EMAIL_CHANGE_HINT =
  "Changing your e-mail signs you out on every device. We will send a verification code to the new address.";

const GET = "/api/customers/7";
const PUT = "/api/customers/7/profile";
const NEW_EMAIL = "asha.new@example.com";

async function editEmail(putAnswer: MockResponse) {
  const fetchMock = mockFetch({ [`GET ${GET}`]: { body: customer }, [`PUT ${PUT}`]: putAnswer });
  const user = userEvent.setup();
  const rendered = renderWithProviders(<CustomerProfile />, { route: "/profile" });
  await screen.findByLabelText("Full Name");
  await user.click(screen.getByRole("button", { name: "Edit" }));
  const email = screen.getByLabelText("Email Address");
  await user.clear(email);
  await user.type(email, NEW_EMAIL);
  return { ...fetchMock, ...rendered, user };
}

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole("button", { name: "Save Changes" }));

describe("Profile: the draft on the device", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("a reload while editing keeps the changes, never the current password; the form opens with them; Cancel drops them", async () => {
    const { user, unmount } = await editEmail({ body: customer });
    await user.type(await screen.findByLabelText("Current Password"), "Tide#Pool2025");
    expect(await screen.findByText("Draft saved on this device")).toBeInTheDocument();
    unmount();
    const stored = Object.entries(localStorage).find(([key]) => key.includes("draft.profile."))?.[1] ?? "";
    expect(stored).toContain(NEW_EMAIL);
    expect(stored).not.toContain("Tide#Pool2025");

    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    await waitFor(() => expect(screen.getByLabelText("Email Address")).toHaveValue(NEW_EMAIL));
    expect(screen.getByLabelText("Email Address")).not.toHaveAttribute("readonly");
    expect(screen.getByLabelText("Current Password")).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByLabelText("Email Address")).toHaveValue(customer.email);
    await waitFor(() =>
      expect(Object.keys(localStorage).filter((key) => key.includes("draft.profile."))).toEqual([]),
    );
  });
});

describe("Profile: changing the e-mail", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    clearSignInHandoff();
  });

  it("the current password is asked for only while the e-mail differs from the saved one", async () => {
    const { user } = await editEmail({ body: customer });
    const password = screen.getByLabelText("Current Password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByText(EMAIL_CHANGE_HINT)).toBeInTheDocument();
    const email = screen.getByLabelText("Email Address");
    await user.clear(email);
    await user.type(email, "ASHA@example.com");
    expect(screen.queryByLabelText("Current Password")).not.toBeInTheDocument();
  });

  it("without the current password: the field's error, announced and tied to it; nothing sent", async () => {
    const { user, callsTo } = await editEmail({ body: customer });
    await save(user);
    const password = screen.getByLabelText("Current Password");
    await waitFor(() => expect(password).toHaveAttribute("aria-invalid", "true"));
    const error = screen.getByText(messages.currentPasswordRequired);
    expect(error).toHaveAttribute("role", "alert");
    expect(password.getAttribute("aria-describedby")).toContain(error.id);
    expect(callsTo("PUT", PUT)).toHaveLength(0);
  });

  it("403 current_password_invalid: the text on the password field, still signed in and editing", async () => {
    const { user } = await editEmail({
      status: 403,
      body: { error: messages.currentPasswordWrong, code: "current_password_invalid" },
    });
    await user.type(screen.getByLabelText("Current Password"), "Wrong#Pass1");
    await save(user);
    expect(await screen.findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText("Current Password")).toHaveAttribute("aria-invalid", "true");
    expect(getSession()).not.toBeNull();
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeInTheDocument();
  });

  it("success: sends the e-mail with the current password, signs out here, and opens verification for the new address", async () => {
    const { user, callsTo, router } = await editEmail({
      body: { ...customer, email: NEW_EMAIL, emailVerified: false },
    });
    await user.type(screen.getByLabelText("Current Password"), "Shrimp#Lab2024");
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(callsTo("PUT", PUT)[0]?.body).toEqual({ email: NEW_EMAIL, currentPassword: "Shrimp#Lab2024" });
    expect(getSession()).toBeNull();
    const handoff = peekSignInHandoff();
    expect(handoff?.kind === "verify" ? handoff.start.email : null).toBe(NEW_EMAIL);
  });

  it("other fields only: no password asked, none sent", async () => {
    const { callsTo } = mockFetch({
      [`GET ${GET}`]: { body: customer },
      [`PUT ${PUT}`]: (request) => ({ body: { ...customer, ...(request.body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerProfile />, { route: "/profile" });
    await screen.findByLabelText("Full Name");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.type(screen.getByLabelText("Company"), " Ltd");
    await save(user);
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(callsTo("PUT", PUT)[0]?.body).toEqual({ company: "Blue Bay Aqua Ltd" });
  });
});
