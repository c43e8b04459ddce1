import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { logout, startSession } from "@/lib/auth";
import { getLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { LanguageSection } from "./language-section";

const PROFILE = "/api/customers/7/profile";

describe("the profile's Language", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("choosing Hindi shows the page in Hindi and saves language 'hi' in the account, with a toast", async () => {
    const { callsTo } = mockFetch({ [`PUT ${PROFILE}`]: { body: { ...customer, language: "hi" } } });
    const user = userEvent.setup();
    renderWithProviders(<LanguageSection />, { route: "/profile", path: "/profile" });
    expect(screen.getByRole("heading", { name: "Language" })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Portal language" }), "hi");
    await waitFor(() => expect(callsTo("PUT", PROFILE)).toHaveLength(1));
    expect(callsTo("PUT", PROFILE)[0]?.body).toEqual({ language: "hi" });
    expect(getLanguage()).toBe("hi");
    expect(screen.getByRole("heading", { name: "भाषा" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "पोर्टल की भाषा" })).toHaveValue("hi");
    expect(await screen.findByText("भाषा बदलकर हिन्दी कर दी गई", { exact: false })).toBeInTheDocument();
  });

  it("a refused save: the error toast, the screen keeps the chosen language", async () => {
    mockFetch({ [`PUT ${PROFILE}`]: { status: 500, body: { error: "Internal server error" } } });
    const user = userEvent.setup();
    renderWithProviders(<LanguageSection />, { route: "/profile", path: "/profile" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Portal language" }), "te");
    expect(await screen.findByRole("heading", { name: "భాష" })).toBeInTheDocument();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });
});
