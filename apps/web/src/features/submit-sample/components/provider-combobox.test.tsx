import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { SampleSubmission } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeProvider, makeSample } from "@/testing/sample-fixtures";

import { SubmitSample } from "./submit-sample";

const PROVIDERS = "/api/customers/7/sample-providers";
const SUBMIT = "/api/sample-submissions";

const farmerLocation = {
  address: "Kākināda, East Godāvari, Andhra Pradesh, India",
  coordinates: { lat: 16.96036, lng: 82.23809 },
  placeId: "gn-kakinada",
};
const agent = makeProvider({
  id: 21,
  samplerName: "Suresh Reddy",
  userType: "Agent",
  phoneNumber: "+919440012345",
  farmers: [
    {
      name: "లక్ష్మీ దేవి",
      phoneNumber: "+919848011111",
      altPhoneNumber: null,
      location: JSON.stringify(farmerLocation),
      address: farmerLocation.address,
      coordinates: farmerLocation.coordinates,
      placeId: farmerLocation.placeId,
    },
    {
      name: "Venkata Ramana",
      phoneNumber: "+919848022222",
      altPhoneNumber: null,
      location: "Amalāpuram",
      address: "Amalāpuram",
      coordinates: null,
      placeId: null,
    },
    // A blank row the agent form keeps: never offered.
    {
      name: "",
      phoneNumber: "",
      altPhoneNumber: null,
      location: null,
      address: null,
      coordinates: null,
      placeId: null,
    },
  ],
});
const saved = makeProvider({ id: 11, samplerName: "Lakshmi Farms" });

function serve() {
  return mockFetch({
    [`GET ${PROVIDERS}`]: { body: [saved, agent] },
    [`POST ${SUBMIT}`]: (request) => {
      const body = request.body as SampleSubmission;
      return { status: 201, body: makeSample({ id: 555, samplerName: body.samplerName }) };
    },
    "GET /api/sample-submissions/555": { body: makeSample({ id: 555 }) },
    "GET /api/notifications": { body: [] },
  });
}

const render = () =>
  renderWithProviders(<SubmitSample />, {
    route: "/submit-sample",
    extraRoutes: [{ path: "/submit-sample/:sampleId", element: <SubmitSample /> }],
  });
const nameInput = () => screen.getByRole("combobox", { name: /Sample Provider Name/ });
const options = () =>
  within(screen.getByTestId("sample-provider-dropdown"))
    .queryAllByRole("option")
    .map((option) => option.textContent);

describe("ProviderCombobox: farmers saved under an agent", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("lists each named farmer after its agent as 'Farmer · via Agent'; the agent's name finds them", async () => {
    serve();
    const user = userEvent.setup();
    render();
    await user.type(nameInput(), "suresh");
    expect(options()).toEqual([
      expect.stringMatching(/^Suresh Reddy/),
      expect.stringMatching(/^లక్ష్మీ దేవి · via Suresh Reddy/),
      expect.stringMatching(/^Venkata Ramana · via Suresh Reddy/),
    ]);
  });

  it("finds a farmer by its place without diacritics, and by phone digits", async () => {
    serve();
    const user = userEvent.setup();
    render();
    await user.type(nameInput(), "kakinada");
    expect(options()).toEqual([expect.stringMatching(/^లక్ష్మీ దేవి · via Suresh Reddy/)]);
    await user.clear(nameInput());
    await user.type(nameInput(), "AMALAPURAM");
    expect(options()).toEqual([expect.stringMatching(/^Venkata Ramana · via/)]);
    await user.clear(nameInput());
    await user.type(nameInput(), "98480 22222");
    expect(options()).toEqual([expect.stringMatching(/^Venkata Ramana · via/)]);
  });

  it("choosing a farmer fills the form as a farmer does and submits it under the agent's id", async () => {
    const { callsTo } = serve();
    const user = userEvent.setup();
    render();
    await user.type(nameInput(), "లక్ష్మీ");
    await user.click(screen.getByRole("option", { name: /via Suresh Reddy/ }));
    expect(nameInput()).toHaveValue("లక్ష్మీ దేవి");
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue("+919848011111");
    expect(screen.getByRole("combobox", { name: /Sample Location/ })).toHaveValue(farmerLocation.address);
    await user.selectOptions(screen.getByLabelText(/Shrimp Category/), "Tiger Shrimp");
    await user.click(screen.getByLabelText("Allergen Testing"));
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    expect(await screen.findByRole("heading", { name: "Sample Processing" })).toBeInTheDocument();
    expect(callsTo("POST", SUBMIT)[0]?.body).toMatchObject({
      samplerId: 21,
      samplerName: "లక్ష్మీ దేవి",
      phoneNumber: "+919848011111",
      samplerLocation: farmerLocation.address,
      coordinate: farmerLocation.coordinates,
    });
  });
});
