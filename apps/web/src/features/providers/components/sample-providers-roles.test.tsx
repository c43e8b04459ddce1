import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import type { MemberRole, Provider } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { SampleProviders } from "./sample-providers";

const provider: Provider = {
  id: 1,
  customerId: 7,
  samplerName: "Ravi Kumar",
  userType: "Farmer",
  phoneNumber: "+91 98480 22338",
  altPhoneNumber: null,
  location: null,
  address: null,
  coordinates: null,
  placeId: null,
  farmers: [],
  createdAt: "2024-05-01T10:00:00.000Z",
  updatedAt: "2024-05-01T10:00:00.000Z",
};

const openAs = (role: MemberRole) => {
  startSession({ user: { ...customer, role }, token: "jwt", expiresIn: 3600 });
  mockFetch({ "GET /api/customers/7/sample-providers": { body: [provider] } });
  renderWithProviders(<SampleProviders />);
};

describe("SampleProviders by role", () => {
  afterEach(() => logout());

  it("results: the providers show, without Add, Edit or Delete", async () => {
    openAs("results");
    expect(await screen.findByText("Ravi Kumar")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Edit Ravi Kumar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Delete Ravi Kumar/ })).not.toBeInTheDocument();
  });

  it("full: Add, Edit and Delete are there", async () => {
    openAs("full");
    expect(await screen.findByText("Ravi Kumar")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Add/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Edit Ravi Kumar/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Delete Ravi Kumar/ })).toBeInTheDocument();
  });
});
