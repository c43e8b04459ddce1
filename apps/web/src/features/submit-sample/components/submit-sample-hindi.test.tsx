import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { SHRIMP_CATEGORY_NAMES } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { setLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { SubmitSample } from "./submit-sample";

describe("SubmitSample in Hindi", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("category options read in Hindi while their values stay the English names the API knows; test types too", async () => {
    mockFetch({ "GET /api/customers/7/sample-providers": { body: [] } });
    await act(async () => {
      await setLanguage("hi");
    });
    renderWithProviders(<SubmitSample />, { route: "/submit-sample" });
    expect(await screen.findByRole("heading", { name: "जाँच के लिए नमूना भेजें" })).toBeInTheDocument();
    const select = screen.getByLabelText(/झींगा की किस्म/);
    const options = within(select).getAllByRole("option");
    expect(options.map((option) => option.getAttribute("value"))).toEqual(["", ...SHRIMP_CATEGORY_NAMES]);
    const tiger = options.find((option) => option.getAttribute("value") === "Tiger Shrimp");
    expect(tiger).toHaveTextContent("टाइगर झींगा");
    const vannamei = options.find((option) => option.getAttribute("value") === "Pacific White Shrimp");
    expect(vannamei).toHaveTextContent("वनामी झींगा");

    await userEvent.setup().selectOptions(select, "Tiger Shrimp");
    expect(select).toHaveValue("Tiger Shrimp");
    const list = screen.getByTestId("test-type-list");
    expect(within(list).getByLabelText("एलर्जी कारक जाँच")).toBeInTheDocument();
    expect(screen.getByText("0 चुने गए")).toBeInTheDocument();
  });
});
