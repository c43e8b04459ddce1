import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { messages, type LabSettings, type StaffRole } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { CollectionRadius } from "./collection-radius";

const signIn = (roles: StaffRole[]) =>
  startLabSession({
    staff: { id: 1, email: "lab@aquatest.local", name: "Lab Admin", roles, language: "en" },
    accessToken: "lab-jwt",
    expiresIn: 3600,
    tokenType: "Bearer",
  });

const settings: LabSettings = {
  onePersonRevocation: false,
  screeningValidDays: 10,
  collectionRadiusM: 300,
  internationalPhones: false,
  history: [
    {
      id: 5,
      setting: "collectionRadiusM",
      value: 300,
      changedBy: { id: 1, name: "Lab Admin" },
      changedAt: "2026-11-01T09:00:00.000Z",
    },
    {
      id: 4,
      setting: "screeningValidDays",
      value: 7,
      changedBy: { id: 1, name: "Lab Admin" },
      changedAt: "2026-02-02T09:00:00.000Z",
    },
  ],
};

const render = () => renderWithProviders(<CollectionRadius />, { route: "/lab/revocations" });

describe("CollectionRadius", { timeout: 15_000 }, () => {
  afterEach(() => resetLabSessionCache());

  it("an admin reads the radius in force and its changes, is refused a radius under 10 m here, and saves 450 m", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      "GET /api/lab/settings": { body: settings },
      "PUT /api/lab/settings": (request) => ({
        body: {
          ...settings,
          collectionRadiusM: (request.body as { collectionRadiusM: number }).collectionRadiusM,
        },
      }),
    });
    const user = userEvent.setup();
    render();
    expect(
      await screen.findByText(
        "In force: an agent more than 300 m from the pond (or farm) must say why the sample was taken there.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Lab Admin set the radius to 300 m on/)).toBeInTheDocument();
    expect(screen.queryByText(/validity/)).not.toBeInTheDocument();
    const field = screen.getByLabelText("Metres from the pond");
    await user.clear(field);
    await user.type(field, "5");
    await user.click(screen.getByRole("button", { name: "Save Radius" }));
    expect(await screen.findByText(messages.collectionRadiusInvalid)).toBeInTheDocument();
    expect(callsTo("PUT", "/api/lab/settings")).toHaveLength(0);
    await user.clear(field);
    await user.type(field, "450");
    await user.click(screen.getByRole("button", { name: "Save Radius" }));
    await waitFor(() => expect(callsTo("PUT", "/api/lab/settings")).toHaveLength(1));
    expect(callsTo("PUT", "/api/lab/settings")[0]?.body).toEqual({ collectionRadiusM: 450 });
    expect(
      await screen.findByText(
        "In force: an agent more than 450 m from the pond (or farm) must say why the sample was taken there.",
      ),
    ).toBeInTheDocument();
  });

  it("a reviewer reads the radius but has no field to change it", async () => {
    signIn(["reviewer"]);
    mockFetch({ "GET /api/lab/settings": { body: settings } });
    render();
    expect(await screen.findByText(/In force: an agent more than 300 m/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Metres from the pond")).not.toBeInTheDocument();
  });
});
