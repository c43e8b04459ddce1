import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { resultMessages, type StaffMember, type StaffRole } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { StaffPage } from "./staff-page";

const signIn = (roles: StaffRole[]) =>
  startLabSession({
    staff: { id: 1, email: "admin@aquatest.local", name: "Lab Admin", roles, language: "en" },
    accessToken: "lab-jwt",
    expiresIn: 3600,
    tokenType: "Bearer",
  });

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: 1,
  email: "admin@aquatest.local",
  name: "Lab Admin",
  roles: ["admin"],
  active: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});
const admin = member({});
const anil = member({ id: 2, email: "anil@aquatest.local", name: "Anil Analyst", roles: ["analyst"] });

describe("StaffPage", () => {
  afterEach(() => resetLabSessionCache());

  it("not an admin: says so and loads nothing", () => {
    signIn(["analyst"]);
    const { callsTo } = mockFetch({});
    renderWithProviders(<StaffPage />);
    expect(screen.getByText("Only an admin can manage staff accounts.")).toBeInTheDocument();
    expect(callsTo("GET", "/api/lab/staff")).toHaveLength(0);
  });

  it("adds a member with the chosen roles; no role is refused before sending", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      "GET /api/lab/staff": { body: [admin, anil] },
      "POST /api/lab/staff": {
        status: 201,
        body: member({ id: 3, email: "rekha@aquatest.local", name: "Rekha Reviewer", roles: ["reviewer"] }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    expect(await screen.findByRole("listitem", { name: "Anil Analyst" })).toHaveTextContent("Active");
    const form = screen.getByRole("form", { name: "Add staff member" });
    await user.type(within(form).getByLabelText(/Email/), "Rekha@AquaTest.local");
    await user.type(within(form).getByLabelText(/^Name/), "Rekha Reviewer");
    await user.type(within(form).getByLabelText(/Temporary password/), "long-enough-1");
    await user.click(within(form).getByLabelText(/Analyst/));
    expect(within(form).getByText(resultMessages.staffRolesRequired)).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Add Staff Member" }));
    expect(callsTo("POST", "/api/lab/staff")).toHaveLength(0);
    await user.click(within(form).getByLabelText(/Reviewer/));
    await user.click(within(form).getByRole("button", { name: "Add Staff Member" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/staff")[0]?.body).toEqual({
        email: "rekha@aquatest.local",
        name: "Rekha Reviewer",
        password: "long-enough-1",
        roles: ["reviewer"],
      }),
    );
    expect(await screen.findByText("Rekha Reviewer added")).toBeInTheDocument();
  });

  it("a taken email from the server appears at the email field", async () => {
    signIn(["admin"]);
    mockFetch({
      "GET /api/lab/staff": { body: [admin] },
      "POST /api/lab/staff": {
        status: 409,
        body: { error: resultMessages.staffEmailTaken, code: "staff_email_taken", field: "email" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    const form = screen.getByRole("form", { name: "Add staff member" });
    await user.type(within(form).getByLabelText(/Email/), "anil@aquatest.local");
    await user.type(within(form).getByLabelText(/^Name/), "Anil Again");
    await user.type(within(form).getByLabelText(/Temporary password/), "long-enough-1");
    await user.click(within(form).getByRole("button", { name: "Add Staff Member" }));
    expect(await within(form).findByText(resultMessages.staffEmailTaken)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Email/)).toHaveAttribute("aria-invalid", "true");
  });

  it("deactivates a member and changes roles with PATCH; one's own account cannot be deactivated", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      "GET /api/lab/staff": { body: [admin, anil] },
      "PATCH /api/lab/staff/2": ({ body }) => ({ body: { ...anil, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    const card = await screen.findByRole("listitem", { name: "Anil Analyst" });
    const mine = screen.getByRole("listitem", { name: "Lab Admin" });
    expect(within(mine).getByRole("button", { name: "Deactivate" })).toBeDisabled();

    await user.click(within(card).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(callsTo("PATCH", "/api/lab/staff/2")[0]?.body).toEqual({ active: false }));
    expect(await screen.findByText("Anil Analyst deactivated")).toBeInTheDocument();

    const save = within(card).getByRole("button", { name: "Save Roles" });
    expect(save).toBeDisabled();
    await user.click(within(card).getByLabelText(/Reviewer/));
    await user.click(save);
    await waitFor(() =>
      expect(callsTo("PATCH", "/api/lab/staff/2")[1]?.body).toEqual({ roles: ["analyst", "reviewer"] }),
    );
  });
});

describe("StaffPage roles now", () => {
  afterEach(() => resetLabSessionCache());

  it("an admin role granted since sign-in (GET /lab/staff/me) opens the screen", async () => {
    signIn(["analyst"]);
    mockFetch({
      "GET /api/lab/staff/me": { body: member({ roles: ["analyst", "admin"] }) },
      "GET /api/lab/staff": { body: [admin] },
    });
    renderWithProviders(<StaffPage />);
    expect(await screen.findByRole("form", { name: "Add staff member" })).toBeInTheDocument();
  });
});
