import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";

import type { MemberRole } from "@lab/contracts";

import { AppShell } from "@/components/layouts/app-shell";
import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";

import { useAppNavigation } from "./app-navigation";
import { RequireSampleAccess } from "./router";

const signInAs = (role: MemberRole) =>
  startSession({ user: { ...customer, role }, token: "jwt", expiresIn: 3600 });

function Shell() {
  const { navigation, homeHref } = useAppNavigation();
  return (
    <AppShell homeHref={homeHref} navigation={navigation} userMenu={null}>
      <p>Page</p>
    </AppShell>
  );
}

const linkNames = () =>
  Array.from(
    screen.getByRole("navigation", { name: "Main" }).querySelectorAll("a"),
    (link) => link.textContent,
  );

function renderAt(path: string, element = <Shell />) {
  const router = createMemoryRouter(
    [
      {
        element: <RequireSampleAccess />,
        children: [
          { path: "/dashboard", element: <h1>Dashboard page</h1> },
          { path: "/samples", element: <h1>Samples page</h1> },
          { path: "/ledger", element: <h1>Ledger page</h1> },
        ],
      },
      {
        element: <RequireSampleAccess write />,
        children: [{ path: "/submit-sample", element: <h1>Submit page</h1> }],
      },
      { path: "/profile/organisation", element: <h1>Organisation page</h1> },
      { path: "/shell", element },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("role-based navigation", () => {
  afterEach(() => logout());

  it("admin and full: every sample screen, Submit Sample among them, and Organisation", () => {
    signInAs("full");
    renderAt("/shell");
    expect(linkNames()).toEqual([
      "Dashboard",
      "Sample Providers",
      "Farms",
      "Shared with us",
      "Submit Sample",
      "My Samples",
      "Ledger",
      "Reports",
      "Organisation",
    ]);
  });

  it("results: no Submit Sample", () => {
    signInAs("results");
    renderAt("/shell");
    expect(linkNames()).toEqual([
      "Dashboard",
      "Sample Providers",
      "Farms",
      "Shared with us",
      "My Samples",
      "Ledger",
      "Reports",
      "Organisation",
    ]);
  });

  it("billing: the organisation only; the logo leads there", () => {
    signInAs("billing");
    renderAt("/shell");
    expect(linkNames()).toEqual(["Organisation"]);
    const header = screen.getByRole("banner");
    expect(header.querySelector('a[href="/profile/organisation"]')).not.toBeNull();
    expect(header.querySelector('a[href="/dashboard"]')).toBeNull();
  });
});

describe("RequireSampleAccess", () => {
  afterEach(() => logout());

  it.each(["/dashboard", "/samples", "/ledger", "/submit-sample"])(
    "billing opening %s lands on the organisation page",
    async (path) => {
      signInAs("billing");
      const router = renderAt(path);
      expect(await screen.findByRole("heading", { name: "Organisation page" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/profile/organisation");
    },
  );

  it("results reads samples but Submit Sample sends them to the dashboard", async () => {
    signInAs("results");
    renderAt("/samples");
    expect(await screen.findByRole("heading", { name: "Samples page" })).toBeInTheDocument();
    logout();
    signInAs("results");
    renderAt("/submit-sample");
    expect(await screen.findByRole("heading", { name: "Dashboard page" })).toBeInTheDocument();
  });

  it("admin opens Submit Sample", async () => {
    signInAs("admin");
    renderAt("/submit-sample");
    expect(await screen.findByRole("heading", { name: "Submit page" })).toBeInTheDocument();
  });
});
