import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { AppShell } from "@/components/layouts/app-shell";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { UserMenu } from "@/features/profile/components/user-menu";
import { useAccountLanguage } from "@/features/profile/hooks/use-account-language";
import { logout, startSession } from "@/lib/auth";
import { getLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

const PROFILE = "/api/customers/7/profile";
const NOTIFICATIONS = "/api/notifications";

function Shell() {
  return (
    <AppShell
      homeHref="/app"
      navigation={[{ label: "Dashboard", to: "/app", icon: null }]}
      userMenu={
        <>
          <NotificationBell />
          <UserMenu />
        </>
      }
    >
      <p>Page</p>
    </AppShell>
  );
}

describe("the signed-in language (user menu)", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("choosing Telugu in the user menu turns the shell Telugu and saves language 'te' in the account; notifications re-read", async () => {
    const { callsTo } = mockFetch({
      [`PUT ${PROFILE}`]: { body: { ...customer, language: "te" } },
      [`GET ${NOTIFICATIONS}`]: { body: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<Shell />, { route: "/app", path: "/app" });
    await waitFor(() => expect(callsTo("GET", NOTIFICATIONS)).toHaveLength(1));
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "User menu for Asha Verma" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "te");

    await waitFor(() => expect(callsTo("PUT", PROFILE)).toHaveLength(1));
    expect(callsTo("PUT", PROFILE)[0]?.body).toEqual({ language: "te" });
    expect(getLanguage()).toBe("te");
    expect(document.documentElement.lang).toBe("te");
    // The shell and the menu now read Telugu.
    expect(screen.getByRole("navigation", { name: "ప్రధాన" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "ప్రొఫైల్ చూడండి" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "లాగౌట్" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "భాష" })).toHaveValue("te");
    expect(screen.getByText("భాష", { selector: "p" })).toBeInTheDocument();
    // Notifications are rendered by the server in the account's language: they are read again.
    await waitFor(() => expect(callsTo("GET", NOTIFICATIONS)).toHaveLength(2));
  });

  it("Tab from a menu item reaches the language select; arrow keys on it do not move through the items", async () => {
    mockFetch({ [`GET ${NOTIFICATIONS}`]: { body: [] } });
    const user = userEvent.setup();
    renderWithProviders(<UserMenu />, { route: "/app", path: "/app" });
    await user.click(screen.getByRole("button", { name: "User menu for Asha Verma" }));
    expect(screen.getByRole("menuitem", { name: "View Profile" })).toHaveFocus();
    await user.tab();
    const select = screen.getByRole("combobox", { name: "Language" });
    expect(select).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitem", { name: "View Profile" })).not.toHaveFocus();
  });
});

function AccountLanguage() {
  useAccountLanguage();
  return <p>Signed in</p>;
}

describe("useAccountLanguage", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("a language saved on another device (the profile says 'hi') is taken up here", async () => {
    mockFetch({ ["GET /api/customers/7"]: { body: { ...customer, language: "hi", providers: [] } } });
    renderWithProviders(<AccountLanguage />, { route: "/app", path: "/app" });
    await waitFor(() => expect(getLanguage()).toBe("hi"));
    await act(async () => {
      await Promise.resolve();
    });
    expect(document.documentElement.lang).toBe("hi");
  });
});
