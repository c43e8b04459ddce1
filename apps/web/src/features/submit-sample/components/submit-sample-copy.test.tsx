import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages, type Crop, type Farm, type Lot, type Pond } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeProvider, makeSample } from "@/testing/sample-fixtures";

import { SubmitSample } from "./submit-sample";

const SUBMIT = "/api/sample-submissions";
const stamp = { createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" };
const farm: Farm = {
  id: 11,
  providerId: null,
  name: "Sri Lakshmi Aqua Farm",
  mpedaEnrolment: null,
  caaRegistration: null,
  caaExpiresOn: null,
  caaStatus: "unknown",
  stateLicence: null,
  surveyNumbers: null,
  areaHa: null,
  village: null,
  mandal: null,
  district: null,
  state: null,
  lat: null,
  lng: null,
  boundary: null,
  pondCount: 2,
  ...stamp,
};
const pond = (id: number, code: string, openCropId: number | null): Pond => ({
  id,
  farmId: 11,
  farmName: farm.name,
  code,
  areaHa: null,
  lat: null,
  lng: null,
  openCropId,
  ...stamp,
});
const crop: Crop = {
  id: 31,
  pondId: 21,
  pondCode: "P1",
  farmId: 11,
  farmName: farm.name,
  species: "Pacific White Shrimp",
  stockedOn: "2026-02-01",
  density: null,
  hatcheryName: null,
  hatcheryRegistration: null,
  feedBrand: null,
  feedLot: null,
  noTreatments: true,
  treatments: [],
  harvestedOn: null,
  ...stamp,
};
const lot: Lot = {
  id: 41,
  code: "7K3M9Q2XAB",
  cropId: 31,
  pondId: 21,
  pondCode: "P1",
  farmId: 11,
  farmName: farm.name,
  species: crop.species,
  expectedOn: "2026-05-20",
  quantityKg: null,
  countPerKg: null,
  buyerName: null,
  buyerEic: null,
  buyerOrganisation: null,
  markets: [],
  phtCertificate: null,
  harvestedOn: null,
  ...stamp,
};
const saved = makeProvider({ id: 11, samplerName: "Lakshmi Farms", phoneNumber: "+919848022338" });
const euLot: Lot = { ...lot, markets: ["EU"] };

/** The sample the lab rejected: a pre-harvest screening of lot 7K3M9Q2XAB in pond P1. */
const rejected = makeSample({
  id: 12,
  status: "REJECTED",
  providerId: 11,
  samplerName: "Lakshmi Farms",
  phoneNumber: "+919848022338",
  samplerLocation: "Nellore, Andhra Pradesh",
  coordinates: { lat: 14.4426, lng: 79.9865 },
  shrimpCategory: "Pacific White Shrimp",
  shrimpSubCategory: "Antibiotic Residue Test",
  testTypes: ["Antibiotic Residue Test"],
  emailAddress: "ravi@example.com",
  markets: ["EU"],
  purpose: "pre_harvest",
  pond: { id: 21, code: "P1", farmName: farm.name },
  cropId: 31,
  lot: { id: 41, code: "7K3M9Q2XAB" },
  collectorNotes: "Call before coming; pond 3 is behind the shed",
});

function serve(extra: Record<string, MockResponse> = {}) {
  return mockFetch({
    "GET /api/customers/7/sample-providers": { body: [saved] },
    "GET /api/markets": {
      body: [
        { code: "EU", name: "European Union" },
        { code: "US", name: "United States" },
      ],
    },
    "GET /api/farms": { body: { items: [farm] } },
    "GET /api/farms/11/ponds": { body: { items: [pond(21, "P1", 31), pond(22, "P2", null)] } },
    "GET /api/ponds/21": { body: pond(21, "P1", 31) },
    "GET /api/ponds/21/crops": { body: { items: [crop] } },
    "GET /api/crops/31/lots": { body: { items: [euLot] } },
    "GET /api/lots/41": { body: euLot },
    "GET /api/sample-submissions/12": { body: rejected },
    [`POST ${SUBMIT}`]: () => ({ status: 201, body: makeSample({ id: 555 }) }),
    "GET /api/sample-submissions/555": { body: makeSample({ id: 555 }) },
    ...extra,
  });
}

const render = (route: string) =>
  renderWithProviders(<SubmitSample />, {
    route,
    path: "/submit-sample",
    extraRoutes: [{ path: "/submit-sample/:sampleId", element: <h1>Sample Processing</h1> }],
  });

// The first test pays for the form's lazy imports: on a loaded CI machine that alone nears 5 s.
describe("Submit Sample: ?copy={id}, Send a new sample", { timeout: 15_000 }, () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    localStorage.clear();
  });

  it("opens filled in as the rejected sample was sent (provider, phone, location, category, tests, e-mail, markets, notes for the collector, farm, pond, lot, purpose) and submits it as a new sample", async () => {
    const { callsTo } = serve();
    const user = userEvent.setup();
    const { router } = render("/submit-sample?copy=12");
    expect(await screen.findByRole("status", {}, { timeout: 10_000 })).toHaveTextContent(
      "Copied from sample #12",
    );
    // Once in the form the copy leaves the address: a reload keeps what is changed after.
    await waitFor(() => expect(router.state.location.search).toBe(""));
    const lotSelect = await screen.findByLabelText(/Harvest lot/);
    await within(lotSelect).findByRole("option", { name: /7K3M9Q2XAB/ });
    await waitFor(() => expect(lotSelect).toHaveValue("41"));
    expect(screen.getByLabelText("Farm (optional)")).toHaveValue("11");
    await waitFor(() => expect(screen.getByLabelText("Pond")).toHaveValue("21"));
    expect(screen.getByLabelText("Purpose (optional)")).toHaveValue("pre_harvest");
    expect(screen.getByRole("combobox", { name: /Sample Provider Name/ })).toHaveValue("Lakshmi Farms");
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue("+919848022338");
    expect(screen.getByLabelText(/Shrimp Category/)).toHaveValue("Pacific White Shrimp");
    expect(screen.getByLabelText("Antibiotic Residue Test")).toBeChecked();
    expect(screen.getByLabelText(/Email/)).toHaveValue("ravi@example.com");
    expect(screen.getByRole("checkbox", { name: /^EU\b/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /^US\b/ })).not.toBeChecked();
    expect(screen.getByLabelText(/Notes for the sample collector/)).toHaveValue(
      "Call before coming; pond 3 is behind the shed",
    );

    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await waitFor(() => expect(callsTo("POST", SUBMIT)).toHaveLength(1));
    expect(callsTo("POST", SUBMIT)[0]?.body).toMatchObject({
      samplerId: 11,
      samplerName: "Lakshmi Farms",
      phoneNumber: "+919848022338",
      samplerLocation: "Nellore, Andhra Pradesh",
      coordinate: { lat: 14.4426, lng: 79.9865 },
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Antibiotic Residue Test"],
      emailAddress: "ravi@example.com",
      markets: ["EU"],
      collectorNotes: "Call before coming; pond 3 is behind the shed",
      pondId: 21,
      cropId: 31,
      lotId: 41,
      purpose: "pre_harvest",
      status: "PENDING",
    });
  });

  it("a sample in a pond without a lot takes its farm from the pond", async () => {
    const monitoring = { ...rejected, id: 13, purpose: "monitoring" as const, lot: null };
    const { callsTo } = serve({ "GET /api/sample-submissions/13": { body: monitoring } });
    render("/submit-sample?copy=13");
    expect(await screen.findByRole("status", {}, { timeout: 10_000 })).toHaveTextContent(
      "Copied from sample #13",
    );
    await waitFor(() => expect(screen.getByLabelText("Pond")).toHaveValue("21"));
    expect(screen.getByLabelText("Farm (optional)")).toHaveValue("11");
    expect(screen.getByLabelText("Purpose (optional)")).toHaveValue("monitoring");
    expect(callsTo("GET", "/api/ponds/21")).toHaveLength(1);
    expect(callsTo("GET", "/api/lots/41")).toHaveLength(0);
  });

  it("a copy of a sample that is not found says so and leaves the form empty", async () => {
    serve({
      "GET /api/sample-submissions/99": {
        status: 404,
        body: { error: messages.sampleNotFound, code: "not_found", messageCode: "sample_not_found" },
      },
    });
    render("/submit-sample?copy=99");
    expect(await screen.findByRole("alert", {}, { timeout: 10_000 })).toHaveTextContent("Sample not found");
    expect(screen.getByRole("combobox", { name: /Sample Provider Name/ })).toHaveValue("");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
