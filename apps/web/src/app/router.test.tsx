import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { messages } from "@lab/contracts";

import { getSession, loadSession, logout, startSession } from "@/lib/auth";
import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";

import { AppProvider } from "./provider";
import { routes } from "./router";

const staff = {
  id: 1,
  email: "lab@aquatest.local",
  name: "Lab Admin",
  roles: ["analyst" as const, "reviewer" as const],
  language: "en" as const,
};
const labPage = { items: [], total: 0, page: 1, size: 20 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe("routing rules", () => {
  afterEach(() => {
    logout();
    resetLabSessionCache();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it.each(["/dashboard", "/profile", "/customers", "/", "/no-such-page"])(
    "signed out, %s: lands on /login",
    async (path) => {
      mockFetch({});
      const router = renderAt(path);
      expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/login");
    },
  );

  it.each(["/", "/no-such-page"])(
    "signed out, %s: goes straight to /login, never through the signed-in app's /dashboard",
    async (path) => {
      mockFetch({});
      const router = createMemoryRouter(routes, { initialEntries: [path] });
      const visited: string[] = [];
      router.subscribe((state) => visited.push(state.location.pathname));
      render(
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>,
      );
      expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
      expect(visited).toContain("/login");
      expect(visited).not.toContain("/dashboard");
    },
  );

  it.each(["/login", "/", "/no-such-page"])("signed in, %s: lands on /dashboard", async (path) => {
    mockFetch({ "GET /api/customers/7": { body: customer } });
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const router = renderAt(path);
    expect(await screen.findByRole("heading", { name: "Welcome back, Asha Verma!" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it.each([
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
    ["/careers", "Careers"],
    ["/blog", "Aquaculture Insights Blog"],
  ])("public page %s: open to everyone, with Back to Home", async (path, heading) => {
    mockFetch({});
    renderAt(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Back to Home/ })).toHaveAttribute("href", "/");
  });

  it("shell: links only to screens that exist, in the spec's order (Dashboard, Sample Providers, Farms, Shared with us, Submit Sample, My Samples, Ledger, Reports), then Organisation", async () => {
    mockFetch({});
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    renderAt("/dashboard");
    await screen.findByRole("heading", { name: "Welcome back, Asha Verma!" });
    for (const name of ["Main", "Main mobile"]) {
      const links = Array.from(screen.getByRole("navigation", { name }).querySelectorAll("a"));
      expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
        ["Dashboard", "/dashboard"],
        ["Sample Providers", "/customers"],
        ["Farms", "/farms"],
        ["Shared with us", "/shared"],
        ["Submit Sample", "/submit-sample"],
        ["My Samples", "/samples"],
        ["Ledger", "/ledger"],
        ["Reports", "/reports"],
        ["Organisation", "/profile/organisation"],
      ]);
    }
  });

  it("signed in, /customers: the Sample Providers screen (lazy), its nav entry current", async () => {
    mockFetch({ "GET /api/customers/7/sample-providers": { body: [] } });
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    renderAt("/customers");
    expect(await screen.findByRole("heading", { level: 1, name: "My Sample Providers" })).toBeInTheDocument();
    expect(await screen.findByText("You haven't added any sample providers yet.")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Sample Providers" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it("signed in, /ledger: the Sample Ledger screen (lazy), its nav entry current", async () => {
    mockFetch({
      "GET /api/sample-submissions": { body: { items: [], total: 0, page: 1, size: 10, cursor: null } },
    });
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    renderAt("/ledger");
    expect(await screen.findByRole("heading", { level: 1, name: "Sample Ledger" })).toBeInTheDocument();
    expect(await screen.findByText("No samples found matching your criteria")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Ledger" })).toHaveAttribute("aria-current", "page");
  });

  it("/lab with only a customer session: the lab's own sign-in at /lab/login", async () => {
    mockFetch({});
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const router = renderAt("/lab");
    expect(await screen.findByRole("heading", { name: "Lab Console Sign In" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/lab/login");
    expect(getSession()?.token.token).toBe("jwt");
  });

  it("signed in to the lab, /lab/agents: the Agents screen (lazy) in the console shell, its nav entry current; an unknown /lab path goes to the queue", async () => {
    mockFetch({ "GET /api/lab/agents": { body: [] }, "GET /api/lab/samples": { body: labPage } });
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" });
    const router = renderAt("/lab/agents");
    expect(await screen.findByRole("heading", { level: 1, name: "Field Agents" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Lab" });
    expect(within(nav).getByRole("link", { name: "Agents" })).toHaveAttribute("aria-current", "page");
    await router.navigate("/lab/no-such-page");
    await waitFor(() => expect(router.state.location.pathname).toBe("/lab"));
    // The router's state moves before React renders the new page.
    await waitFor(() =>
      expect(within(nav).getByRole("link", { name: "Queue" })).toHaveAttribute("aria-current", "page"),
    );
  });

  it("signed in to the lab, /lab/login: straight to the console", async () => {
    mockFetch({ "GET /api/lab/samples": { body: labPage } });
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" });
    const router = renderAt("/lab/login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/lab"));
    expect(await screen.findByRole("navigation", { name: "Lab" })).toBeInTheDocument();
  });

  it("/verify: public, signed out, with Back to Home", async () => {
    mockFetch({});
    const router = renderAt("/verify");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Verify a Certificate" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/verify");
  });

  it("user menu: View Profile opens 'Profile Settings', Logout clears the session and goes to /login", async () => {
    mockFetch({});
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const user = userEvent.setup();
    const router = renderAt("/dashboard");
    await screen.findByRole("heading", { name: "Welcome back, Asha Verma!" });

    await user.click(screen.getByRole("button", { name: /User menu/ }));
    await user.click(screen.getByRole("menuitem", { name: "View Profile" }));
    const dialog = screen.getByRole("dialog", { name: "Profile Settings" });
    expect(dialog).toContainElement(screen.getByLabelText("Full Name"));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /User menu/ }));
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem("authToken")).toBeNull();
  });

  it("session expiry while signed in, the refresh refused: back to /login with a warning", async () => {
    mockFetch({ "POST /api/auth/refresh": { status: 401, body: { error: messages.sessionEnded } } });
    startSession({ user: customer, token: "jwt", expiresIn: 30 });
    const router = renderAt("/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("Your session has expired. Please sign in again.")).toBeInTheDocument();
  });

  it("a session ended elsewhere on /samples?status=pending: /login keeps the e-mail and signs in back to /samples?status=pending", async () => {
    mockFetch({
      "POST /api/customers/login": {
        body: { customer, accessToken: "jwt-2", expiresIn: 3600, tokenType: "Bearer" },
      },
      "GET /api/customers/7": { body: customer },
    });
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const router = renderAt("/samples?status=pending");
    await waitFor(() => expect(router.state.location.pathname).toBe("/samples"));
    logout("unauthorized");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent("/samples?status=pending")}`);
    const form = await screen.findByRole("form", { name: "Sign in" });
    expect(within(form).getByLabelText("Email")).toHaveValue(customer.email);
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText("Password"), "Right#Pass1");
    await user.click(within(form).getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/samples"));
    expect(router.state.location.search).toBe("?status=pending");
  });

  it("Logout by choice on /profile: /login without a page to return to; sign-in opens /dashboard", async () => {
    mockFetch({ "GET /api/customers/7": { body: customer } });
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const router = renderAt("/profile");
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    logout("user");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("");
  });

  it.each([
    "//evil.example/x",
    "/..//evil.example/x",
    "https://evil.example/",
    "/\\evil.example",
    "/lab/samples",
  ])("/login?returnTo=%s: signs in to /dashboard, never elsewhere", async (target) => {
    mockFetch({ "GET /api/customers/7": { body: customer } });
    const router = renderAt(`/login?returnTo=${encodeURIComponent(target)}`);
    await screen.findByRole("form", { name: "Sign in" });
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("start-up with the token gone but a refresh cookie: waits, then opens the page asked for", async () => {
    mockFetch({
      "POST /api/auth/refresh": {
        body: { customer, accessToken: "jwt-r", expiresIn: 3600, tokenType: "Bearer" },
      },
      "GET /api/customers/7": { body: customer },
    });
    window.localStorage.setItem("currentUser", JSON.stringify(customer));
    loadSession();
    const router = renderAt("/profile");
    await waitFor(() => expect(getSession()?.token.token).toBe("jwt-r"));
    expect(router.state.location.pathname).toBe("/profile");
  });

  it("a token refused by the server (session ended elsewhere): back to /login saying so", async () => {
    mockFetch({});
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const router = renderAt("/dashboard");
    logout("unauthorized");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText(messages.sessionEnded)).toBeInTheDocument();
  });
});
