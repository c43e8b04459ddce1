import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import type { LabSettings, RevocationRequest, StaffRole } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { RevocationsPage } from "./revocations-page";

const signIn = (roles: StaffRole[]) =>
  startLabSession({
    staff: { id: 1, email: "lab@aquatest.local", name: "Lab Admin", roles, language: "en" },
    accessToken: "lab-jwt",
    expiresIn: 3600,
    tokenType: "Bearer",
  });

const open: RevocationRequest = {
  id: 9,
  reportId: 41,
  sampleId: 100,
  certification: "NSP-CERT-2026-007",
  reasonCode: "customer_request",
  note: "Buyer cancelled the order",
  requestedBy: { id: 2, name: "Vikram Reviewer" },
  requestedAt: "2026-02-04T10:00:00.000Z",
  outcome: null,
  decidedBy: null,
  decidedAt: null,
};
const settings: LabSettings = {
  onePersonRevocation: false,
  screeningValidDays: 10,
  collectionRadiusM: 300,
  internationalPhones: false,
  history: [
    {
      id: 4,
      setting: "screeningValidDays",
      value: 7,
      changedBy: { id: 1, name: "Lab Admin" },
      changedAt: "2026-02-02T09:00:00.000Z",
    },
    {
      id: 1,
      setting: "onePersonRevocation",
      value: true,
      changedBy: { id: 1, name: "Lab Admin" },
      changedAt: "2026-02-01T09:00:00.000Z",
    },
    {
      id: 2,
      setting: "onePersonRevocation",
      value: false,
      changedBy: null,
      changedAt: "2026-01-01T09:00:00.000Z",
    },
  ],
};

const render = () => renderWithProviders(<RevocationsPage />, { route: "/lab/revocations" });

describe("RevocationsPage", () => {
  afterEach(() => resetLabSessionCache());

  it("lists the open requests with a link to each sample; another reviewer cancels one", async () => {
    signIn(["reviewer"]);
    const { callsTo } = mockFetch({
      "GET /api/lab/revocations": { body: [open] },
      "GET /api/lab/settings": { body: settings },
      "POST /api/lab/revocations/9/cancel": { body: { ...open, outcome: "cancelled" } },
    });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole("list", { name: "Open revocation requests" });
    expect(within(list).getByRole("link", { name: "Report #41 of sample #100" })).toHaveAttribute(
      "href",
      "/lab/samples/100",
    );
    expect(within(list).getByText("Withdrawn at the customer's request")).toBeInTheDocument();
    expect(within(list).getByText("Buyer cancelled the order")).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Confirm Revocation" })).toHaveClass("min-h-11");
    await user.click(within(list).getByRole("button", { name: "Cancel Request" }));
    await waitFor(() => expect(callsTo("POST", "/api/lab/revocations/9/cancel")).toHaveLength(1));
    // A reviewer reads the rule in force but has no checkbox to change it.
    expect(
      screen.getByText("In force: a second reviewer or admin confirms every revocation."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("an admin sees the rule as a checkbox with its warning, saves a change and reads the history", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      "GET /api/lab/revocations": { body: [] },
      "GET /api/lab/settings": { body: settings },
      "PUT /api/lab/settings": {
        body: {
          onePersonRevocation: true,
          screeningValidDays: 10,
          collectionRadiusM: 300,
          internationalPhones: false,
          history: [
            { ...settings.history[1], id: 3, changedAt: "2026-02-05T09:00:00.000Z" },
            ...settings.history,
          ],
        },
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText("No revocation is waiting for a second person.")).toBeInTheDocument();
    const box = await screen.findByRole("checkbox", {
      name: "Let one reviewer or admin revoke a report alone",
    });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/one stolen or mistaken staff session/);
    expect(screen.getByText(/Lab Admin allowed one-person revocation on/)).toBeInTheDocument();
    expect(screen.getByText(/A former staff member required a second person on/)).toBeInTheDocument();
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Save Setting" }));
    await waitFor(() =>
      expect(callsTo("PUT", "/api/lab/settings")[0]?.body).toEqual({ onePersonRevocation: true }),
    );
    expect(
      await screen.findByText("In force: one reviewer or admin revokes a report alone."),
    ).toBeInTheDocument();
  });

  it("every staff member reads how long a passed screening clears the harvest, and its history apart from the rule's", async () => {
    signIn(["reviewer"]);
    mockFetch({
      "GET /api/lab/revocations": { body: [] },
      "GET /api/lab/settings": { body: settings },
    });
    render();
    expect(
      await screen.findByText(
        "In force: a passed screening clears the harvest for 10 days from the day of sampling.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("spinbutton")).not.toBeInTheDocument();
    const history = screen.getByRole("region", { name: "Changes to the validity" });
    expect(within(history).getByText(/Lab Admin set the validity to 7 days on/)).toBeInTheDocument();
    // The revocation rule's history lists its own changes only.
    const rule = screen.getByRole("region", { name: "Changes to the rule" });
    expect(within(rule).queryByText(/validity/)).not.toBeInTheDocument();
    expect(within(rule).getAllByRole("listitem")).toHaveLength(2);
  });

  it("an admin sets the days: 0 and 91 are refused with the catalogue's message before anything is sent; 14 is saved", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      "GET /api/lab/revocations": { body: [] },
      "GET /api/lab/settings": { body: settings },
      "PUT /api/lab/settings": {
        body: {
          ...settings,
          screeningValidDays: 14,
          collectionRadiusM: 300,
          history: [
            { ...settings.history[0], id: 5, value: 14, changedAt: "2026-02-06T09:00:00.000Z" },
            ...settings.history,
          ],
        },
      },
    });
    const user = userEvent.setup();
    render();
    const days = await screen.findByRole("spinbutton", { name: "Days a passed screening stays valid" });
    expect(days).toHaveValue(10);
    expect(days).toHaveAccessibleDescription(/1 to 90 days, counted from the day of sampling/);
    const save = screen.getByRole("button", { name: "Save Days" });
    expect(save).toHaveClass("min-h-11");
    for (const value of ["0", "91"]) {
      await user.clear(days);
      await user.type(days, value);
      await user.click(save);
      expect(
        await screen.findByText(
          "A pre-harvest screening stays valid for a whole number of days from 1 to 90",
        ),
      ).toBeInTheDocument();
      expect(days).toHaveAttribute("aria-invalid", "true");
    }
    expect(callsTo("PUT", "/api/lab/settings")).toHaveLength(0);
    await user.clear(days);
    await user.type(days, "14");
    await user.click(save);
    await waitFor(() =>
      expect(callsTo("PUT", "/api/lab/settings")[0]?.body).toEqual({ screeningValidDays: 14 }),
    );
    expect(
      await screen.findByText(
        "In force: a passed screening clears the harvest for 14 days from the day of sampling.",
      ),
    ).toBeInTheDocument();
  });
});
