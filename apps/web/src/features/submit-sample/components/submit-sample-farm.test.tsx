import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages, type Crop, type Farm, type Lot, type Pond, type SampleSubmission } from "@lab/contracts";

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

function serve(
  farms: Farm[],
  submit?: (body: SampleSubmission) => MockResponse,
  extra: Record<string, MockResponse> = {},
) {
  return mockFetch({
    "GET /api/customers/7/sample-providers": { body: [saved] },
    "GET /api/markets": { body: [] },
    "GET /api/farms": { body: { items: farms } },
    "GET /api/farms/11/ponds": { body: { items: [pond(21, "P1", 31), pond(22, "P2", null)] } },
    "GET /api/ponds/21/crops": { body: { items: [crop] } },
    "GET /api/ponds/22/crops": { body: { items: [] } },
    "GET /api/crops/31/lots": { body: { items: [lot] } },
    [`POST ${SUBMIT}`]: (request) =>
      submit ? submit(request.body as SampleSubmission) : { status: 201, body: makeSample({ id: 555 }) },
    "GET /api/sample-submissions/555": { body: makeSample({ id: 555 }) },
    ...extra,
  });
}

const render = (route = "/submit-sample") =>
  renderWithProviders(<SubmitSample />, {
    route,
    path: "/submit-sample",
    extraRoutes: [{ path: "/submit-sample/:sampleId", element: <h1>Sample Processing</h1> }],
  });

async function fillSample(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("combobox", { name: /Sample Provider Name/ }));
  await user.click(await screen.findByRole("option", { name: /Lakshmi Farms/ }));
  await user.selectOptions(screen.getByLabelText(/Shrimp Category/), "Tiger Shrimp");
  await user.click(screen.getByLabelText("Allergen Testing"));
}

// The first test pays for the form's lazy imports: on a loaded CI machine that alone nears 5 s.
describe("Submit Sample: farm, pond, purpose and lot", { timeout: 15_000 }, () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("an organisation without farms: no farm or pond to choose, and the sample is sent as before", async () => {
    const { callsTo } = serve([]);
    const user = userEvent.setup();
    render();
    await fillSample(user);
    expect(screen.queryByLabelText("Farm (optional)")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Purpose (optional)")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await waitFor(() => expect(callsTo("POST", SUBMIT)).toHaveLength(1));
    const body = callsTo("POST", SUBMIT)[0]?.body as Record<string, unknown>;
    for (const key of ["pondId", "cropId", "lotId", "purpose"]) expect(body).not.toHaveProperty(key);
  });

  it("farm → pond (its crop now shown) → pre-harvest screening, which needs one of the crop's lots", async () => {
    const { callsTo } = serve([farm]);
    const user = userEvent.setup();
    render();
    await fillSample(user);
    await user.selectOptions(await screen.findByLabelText("Farm (optional)"), "Sri Lakshmi Aqua Farm");
    const pondSelect = await screen.findByLabelText("Pond");
    await within(pondSelect).findByRole("option", { name: "Pond P1" });
    await user.selectOptions(pondSelect, "Pond P1");
    expect(
      await screen.findByText("Crop now: Pacific White Shrimp, stocked on 1 Feb 2026"),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Purpose (optional)"), "Pre-harvest screening");
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    const lotSelect = screen.getByLabelText(/Harvest lot/);
    expect(lotSelect).toHaveAttribute("aria-invalid", "true");
    expect(lotSelect).toHaveAccessibleDescription(messages.preHarvestLotRequired);
    expect(callsTo("POST", SUBMIT)).toHaveLength(0);

    await within(lotSelect).findByRole("option", { name: /7K3M9Q2XAB/ });
    await user.selectOptions(lotSelect, "41");
    expect(lotSelect).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await waitFor(() => expect(callsTo("POST", SUBMIT)).toHaveLength(1));
    expect(callsTo("POST", SUBMIT)[0]?.body).toMatchObject({
      samplerId: 11,
      shrimpCategory: "Tiger Shrimp",
      pondId: 21,
      cropId: 31,
      lotId: 41,
      purpose: "pre_harvest",
    });
  });

  it("a pond without a crop: said so; monitoring is sent with the pond alone", async () => {
    const { callsTo } = serve([farm]);
    const user = userEvent.setup();
    render();
    await fillSample(user);
    await user.selectOptions(await screen.findByLabelText("Farm (optional)"), "Sri Lakshmi Aqua Farm");
    const pondSelect = await screen.findByLabelText("Pond");
    await within(pondSelect).findByRole("option", { name: "Pond P2" });
    await user.selectOptions(pondSelect, "Pond P2");
    expect(await screen.findByText("No crop in this pond now.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Purpose (optional)"), "Monitoring");
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    await waitFor(() => expect(callsTo("POST", SUBMIT)).toHaveLength(1));
    const body = callsTo("POST", SUBMIT)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ pondId: 22, purpose: "monitoring" });
    expect(body).not.toHaveProperty("cropId");
    expect(body).not.toHaveProperty("lotId");
  });

  it("the API's refusal of the link is shown at the pond", async () => {
    serve([farm], () => ({
      status: 400,
      body: {
        error: messages.sampleLinkMismatch,
        code: "validation_failed",
        messageCode: "sample_link_mismatch",
        field: "cropId",
      },
    }));
    const user = userEvent.setup();
    render();
    await fillSample(user);
    await user.selectOptions(await screen.findByLabelText("Farm (optional)"), "Sri Lakshmi Aqua Farm");
    const pondSelect = await screen.findByLabelText("Pond");
    await within(pondSelect).findByRole("option", { name: "Pond P1" });
    await user.selectOptions(pondSelect, "Pond P1");
    await user.click(screen.getByRole("button", { name: "Submit Sample" }));
    expect(await screen.findByText(messages.sampleLinkMismatch)).toBeInTheDocument();
    expect(screen.getByLabelText("Pond")).toHaveAttribute("aria-invalid", "true");
  });

  describe("pre-harvest screening", () => {
    const euLot: Lot = { ...lot, markets: ["EU", "JP"] };
    const markets = {
      "GET /api/markets": {
        body: [
          { code: "EU", name: "European Union" },
          { code: "US", name: "United States" },
          { code: "JP", name: "Japan" },
        ],
      },
      "GET /api/crops/31/lots": { body: { items: [euLot] } },
      "GET /api/lots/41": { body: euLot },
    };
    const market = (code: string) => screen.getByRole("checkbox", { name: new RegExp(`^${code}\\b`) });

    it("choosing it ticks the export residue panel beside what is ticked, and the lot's markets; the customer may untick them", async () => {
      const { callsTo } = serve([farm], undefined, markets);
      const user = userEvent.setup();
      render();
      await fillSample(user);
      await user.click(await screen.findByRole("checkbox", { name: /^US\b/ }));
      // Not one of Tiger Shrimp's own types: under "More tests" until ticked.
      expect(screen.queryByLabelText("Antibiotic Residue Test")).not.toBeInTheDocument();
      await user.selectOptions(await screen.findByLabelText("Farm (optional)"), "Sri Lakshmi Aqua Farm");
      const pondSelect = await screen.findByLabelText("Pond");
      await within(pondSelect).findByRole("option", { name: "Pond P1" });
      await user.selectOptions(pondSelect, "Pond P1");

      await user.selectOptions(screen.getByLabelText("Purpose (optional)"), "Pre-harvest screening");
      expect(screen.getByLabelText("Antibiotic Residue Test")).toBeChecked();
      expect(screen.getByLabelText("Allergen Testing")).toBeChecked();
      expect(market("EU")).not.toBeChecked();

      const lotSelect = screen.getByLabelText(/Harvest lot/);
      await within(lotSelect).findByRole("option", { name: /7K3M9Q2XAB/ });
      await user.selectOptions(lotSelect, "41");
      expect(market("EU")).toBeChecked();
      expect(market("JP")).toBeChecked();
      expect(market("US")).toBeChecked();

      // A new category keeps the pre-harvest panel ticked (its other ticks go, as always).
      await user.selectOptions(screen.getByLabelText(/Shrimp Category/), "Pacific White Shrimp");
      expect(screen.getByLabelText("Antibiotic Residue Test")).toBeChecked();
      expect(screen.queryByLabelText("Allergen Testing")).not.toBeInTheDocument();
      await user.click(screen.getByLabelText("Antibiotic Residue Test"));
      await user.click(screen.getByLabelText("Pathogen Detection"));
      await user.click(market("JP"));
      await user.click(screen.getByRole("button", { name: "Submit Sample" }));
      await waitFor(() => expect(callsTo("POST", SUBMIT)).toHaveLength(1));
      expect(callsTo("POST", SUBMIT)[0]?.body).toMatchObject({
        shrimpCategory: "Pacific White Shrimp",
        testTypes: ["Pathogen Detection"],
        markets: ["US", "EU"],
        lotId: 41,
        purpose: "pre_harvest",
      });
    });

    it("?lot={id}&purpose=pre_harvest (a retest) opens with the lot's farm, pond, crop, lot, species, panel and markets chosen", async () => {
      const { callsTo } = serve([farm], undefined, markets);
      const user = userEvent.setup();
      render("/submit-sample?lot=41&purpose=pre_harvest");
      const lotSelect = await screen.findByLabelText(/Harvest lot/);
      await within(lotSelect).findByRole("option", { name: /7K3M9Q2XAB/ });
      await waitFor(() => expect(lotSelect).toHaveValue("41"));
      expect(screen.getByLabelText("Farm (optional)")).toHaveValue("11");
      await waitFor(() => expect(screen.getByLabelText("Pond")).toHaveValue("21"));
      expect(screen.getByLabelText("Purpose (optional)")).toHaveValue("pre_harvest");
      expect(screen.getByLabelText(/Shrimp Category/)).toHaveValue("Pacific White Shrimp");
      expect(screen.getByLabelText("Antibiotic Residue Test")).toBeChecked();
      expect(market("EU")).toBeChecked();
      expect(market("JP")).toBeChecked();

      await user.click(screen.getByRole("combobox", { name: /Sample Provider Name/ }));
      await user.click(await screen.findByRole("option", { name: /Lakshmi Farms/ }));
      await user.click(screen.getByRole("button", { name: "Submit Sample" }));
      await waitFor(() => expect(callsTo("POST", SUBMIT)).toHaveLength(1));
      expect(callsTo("POST", SUBMIT)[0]?.body).toMatchObject({
        shrimpCategory: "Pacific White Shrimp",
        testTypes: ["Antibiotic Residue Test"],
        markets: ["EU", "JP"],
        pondId: 21,
        cropId: 31,
        lotId: 41,
        purpose: "pre_harvest",
      });
    });

    it("a retest link to a lot that is not found (another organisation's, or deleted) says so and chooses nothing", async () => {
      const { callsTo } = serve([farm], undefined, {
        "GET /api/lots/99": {
          status: 404,
          body: { error: messages.lotNotFound, code: "not_found", messageCode: "lot_not_found" },
        },
      });
      render("/submit-sample?lot=99&purpose=pre_harvest");
      expect(await screen.findByRole("alert")).toHaveTextContent("Harvest lot not found");
      expect(callsTo("GET", "/api/lots/99")).toHaveLength(1);
      expect(screen.getByLabelText("Purpose (optional)")).toHaveValue("");
      expect(screen.queryByLabelText(/Harvest lot/)).not.toBeInTheDocument();
    });
  });
});
