import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample } from "@/testing/sample-fixtures";

import { SampleQueue } from "./sample-queue";

const staff = {
  id: 1,
  email: "lab@aquatest.local",
  name: "Lab Admin",
  roles: ["reviewer" as const],
  language: "en" as const,
};
const page = (items: ReturnType<typeof makeSample>[]) => ({
  items: items.map((sample) => ({ ...sample, customerName: "Asha Verma", company: null })),
  total: items.length,
  page: 1,
  size: 20,
});

describe("SampleQueue", () => {
  beforeEach(() => startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" }));
  afterEach(() => resetLabSessionCache());

  it("Awaiting review asks for analysis=awaiting_review and keeps the view in the address", async () => {
    const { callsTo } = mockFetch({
      "GET /api/lab/samples": ({ query }) => ({
        body: page(
          query.get("analysis") === "awaiting_review" ? [makeSample({ id: 321, status: "TESTING" })] : [],
        ),
      }),
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SampleQueue />, { route: "/lab", path: "/lab" });
    expect(await screen.findByText("No samples found matching your criteria")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Awaiting review" }));
    expect(await screen.findByText(/#321/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Awaiting review" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Status")).toBeDisabled();
    expect(router.state.location.search).toBe("?view=review");
    await waitFor(() =>
      expect(
        callsTo("GET", "/api/lab/samples").some((call) => call.query.get("analysis") === "awaiting_review"),
      ).toBe(true),
    );
  });

  it("nothing awaiting review: says so", async () => {
    mockFetch({ "GET /api/lab/samples": { body: page([]) } });
    renderWithProviders(<SampleQueue />, { route: "/lab?view=review", path: "/lab" });
    expect(await screen.findByText("No results are waiting for review.")).toBeInTheDocument();
  });
});
