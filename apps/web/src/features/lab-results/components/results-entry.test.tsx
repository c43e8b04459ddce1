import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { resultMessages, resultRangeWords, type Analysis, type Parameter } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { ResultsEntry } from "./results-entry";
import { CAP, CAP_ELISA, SALM, makeAnalysis, markets } from "@/testing/lab-results-fixtures";

const staff = {
  id: 2,
  email: "anil@aquatest.local",
  name: "Anil Analyst",
  roles: ["analyst" as const],
  language: "en" as const,
};

const PH: Parameter = {
  ...CAP,
  code: "PH",
  name: "pH",
  unit: "pH",
  method: "Electrode",
  lod: null,
  loq: null,
};
const TPC: Parameter = {
  ...CAP,
  code: "TPC",
  name: "Total plate count",
  unit: "cfu/g",
  method: "ISO 4833-1",
  lod: 10,
  loq: 10,
};

const renderEntry = (panel: Parameter[], analysis: Analysis | null = null) =>
  renderWithProviders(
    <ResultsEntry sampleId={100} markets={["EU", "US"]} panel={panel} analysis={analysis} />,
  );

const row = (code: string) => {
  const found = screen.getAllByTestId("result-row").find((element) => element.dataset.code === code);
  if (!found) throw new Error(`no row ${code}`);
  return found;
};
const verdict = (code: string, market: string) => {
  const item = within(row(code))
    .getAllByRole("listitem")
    .find((element) => element.dataset.market === market);
  if (!item) throw new Error(`no ${market} verdict for ${code}`);
  return item;
};

describe("ResultsEntry", () => {
  beforeEach(() => startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" }));
  afterEach(() => resetLabSessionCache());

  it("typing a value above the EU limit shows ✗ Fail for EU and ✓ Pass for US, live, with the limits", async () => {
    mockFetch({
      "GET /api/lab/markets": { body: markets },
      "GET /api/lab/parameters": { body: [CAP, SALM] },
    });
    const user = userEvent.setup();
    renderEntry([CAP, SALM]);
    const value = await screen.findByLabelText("Value (µg/kg)");
    expect(value).toHaveAttribute("inputmode", "decimal");
    expect(within(row("CAP")).getByText("LC-MS/MS · µg/kg · LOD 0.03 · LOQ 0.1")).toBeInTheDocument();
    // Limits come from GET /lab/markets once loaded.
    await waitFor(() => expect(verdict("CAP", "EU")).toHaveTextContent("limit < 0.15"));
    expect(verdict("CAP", "EU")).toHaveTextContent("… Pending");

    await user.type(value, "0.2");
    expect(verdict("CAP", "EU")).toHaveTextContent("EU: ✗ Fail (limit < 0.15)");
    expect(verdict("CAP", "US")).toHaveTextContent("US: ✓ Pass (limit ≤ 0.3)");

    await user.clear(value);
    await user.type(value, "0,12");
    expect(verdict("CAP", "EU")).toHaveTextContent("✓ Pass");

    // Below LOQ: no number to type; the LOQ (0.1) is within both maxima.
    await user.selectOptions(within(row("CAP")).getByLabelText("Result"), "below_loq");
    expect(within(row("CAP")).queryByLabelText("Value (µg/kg)")).not.toBeInTheDocument();
    expect(verdict("CAP", "EU")).toHaveTextContent("✓ Pass");

    // Salmonella is judged per 25 g: present fails EU; the market's overall verdict follows.
    await user.selectOptions(within(row("SALM")).getByLabelText("Result"), "present");
    expect(verdict("SALM", "EU")).toHaveTextContent("✗ Fail");
    const overall = screen.getByRole("list", { name: "Market verdicts so far" });
    expect(within(overall).getByText("EU:").parentElement).toHaveTextContent("✗ Fail");
  });

  it("Save Results posts only what was entered, in panel order, with the note; the answer is shown", async () => {
    const answer = makeAnalysis([CAP, SALM], {
      CAP: { value: 0.2, qualifier: null },
      SALM: { value: null, qualifier: "absent" },
    });
    const { callsTo } = mockFetch({
      "GET /api/lab/markets": { body: markets },
      "GET /api/lab/parameters": { body: [CAP, SALM] },
      "POST /api/lab/samples/100/results": { body: answer },
    });
    const user = userEvent.setup();
    renderEntry([CAP, SALM]);
    await user.selectOptions(
      await screen.findByLabelText("Result", { selector: "#result-SALM-choice" }),
      "absent",
    );
    await user.type(screen.getByLabelText("Value (µg/kg)"), "0.2");
    await user.type(screen.getByLabelText(/Analyst's remark/), "  Duplicate run agreed ");
    await user.click(screen.getByRole("button", { name: "Save Results" }));
    await waitFor(() => expect(callsTo("POST", "/api/lab/samples/100/results")).toHaveLength(1));
    const call = callsTo("POST", "/api/lab/samples/100/results")[0];
    expect(call?.headers.Authorization).toBe("Bearer lab-jwt");
    expect(call?.body).toEqual({
      results: [
        { code: "CAP", value: 0.2 },
        { code: "SALM", qualifier: "absent" },
      ],
      note: "Duplicate run agreed",
    });
    expect(await screen.findByText(/Saved round 1: Awaiting review/)).toBeInTheDocument();
  });

  it("nothing entered: says so and sends nothing; a number that is not one is refused beside its field", async () => {
    const { callsTo } = mockFetch({});
    const user = userEvent.setup();
    renderEntry([CAP, SALM]);
    await user.click(screen.getByRole("button", { name: "Save Results" }));
    expect(await screen.findByText(resultMessages.resultsRequired)).toBeInTheDocument();
    const value = screen.getByLabelText("Value (µg/kg)");
    await user.type(value, "0.1.2");
    expect(value).toHaveAttribute("aria-invalid", "true");
    expect(value).toHaveAccessibleDescription(resultMessages.resultValueInvalid);
    await user.click(screen.getByRole("button", { name: "Save Results" }));
    expect(callsTo("POST", "/api/lab/samples/100/results")).toHaveLength(0);
  });

  const PH_RANGE = "pH: enter a number from 0 to 14 (pH), with at most 2 decimal places";
  const CAP_RANGE =
    "Chloramphenicol: enter a number from 0 to 1,000,000 (µg/kg), with at most 6 decimal places";
  const TPC_RANGE =
    "Total plate count: enter a number from 0 to 10,000,000,000 (cfu/g), with at most 1 decimal place";
  it.each([
    { parameter: PH, typed: "15", message: PH_RANGE },
    { parameter: PH, typed: "7.125", message: PH_RANGE },
    { parameter: PH, typed: "-1", message: PH_RANGE },
    { parameter: CAP, typed: "1e308", message: CAP_RANGE },
    { parameter: CAP, typed: "Infinity", message: CAP_RANGE },
    { parameter: TPC, typed: "-1", message: TPC_RANGE },
  ])(
    "$parameter.code typed as $typed: the server's range message beside the field, and nothing is sent",
    async ({ parameter, typed, message }) => {
      const { callsTo } = mockFetch({});
      const user = userEvent.setup();
      renderEntry([parameter]);
      const value = screen.getByLabelText(`Value (${parameter.unit ?? ""})`);
      await user.type(value, typed);
      expect(value).toHaveAttribute("aria-invalid", "true");
      expect(value).toHaveAccessibleDescription(message);
      expect(message).toBe(resultMessages.resultValueOutOfRange(resultRangeWords(parameter, parameter.name)));
      await user.click(screen.getByRole("button", { name: "Save Results" }));
      expect(callsTo("POST", "/api/lab/samples/100/results")).toHaveLength(0);
    },
  );

  it("a value at the edge of its range is sent", async () => {
    const { callsTo } = mockFetch({
      "POST /api/lab/samples/100/results": {
        body: makeAnalysis([PH], { PH: { value: 14, qualifier: null } }),
      },
    });
    const user = userEvent.setup();
    renderEntry([PH]);
    const value = screen.getByLabelText("Value (pH)");
    await user.type(value, "14");
    expect(value).not.toHaveAttribute("aria-invalid", "true");
    await user.click(screen.getByRole("button", { name: "Save Results" }));
    await waitFor(() => expect(callsTo("POST", "/api/lab/samples/100/results")).toHaveLength(1));
    expect(callsTo("POST", "/api/lab/samples/100/results")[0]?.body).toEqual({
      results: [{ code: "PH", value: 14 }],
    });
  });

  it("a screening positive adds its confirmatory parameter with a Confirmation testing notice", async () => {
    mockFetch({
      "GET /api/lab/markets": { body: markets },
      "GET /api/lab/parameters": { body: [CAP, CAP_ELISA, SALM] },
    });
    const user = userEvent.setup();
    renderEntry([CAP_ELISA]);
    await waitFor(() => expect(verdict("CAP_ELISA", "EU")).toHaveTextContent("limit < 0.15"));
    expect(screen.getAllByTestId("result-row").map((element) => element.dataset.code)).toEqual(["CAP_ELISA"]);
    await user.type(screen.getByLabelText("Value (µg/kg)"), "0.4");
    expect(screen.getAllByTestId("result-row").map((element) => element.dataset.code)).toEqual([
      "CAP_ELISA",
      "CAP",
    ]);
    expect(screen.getByText(/screened positive; enter Chloramphenicol/)).toHaveTextContent(
      "Confirmation testing",
    );
    expect(verdict("CAP_ELISA", "EU")).toHaveTextContent("… Pending");
  });

  it("a field error from the server appears beside the row it names (results.1 → the second posted)", async () => {
    mockFetch({
      "GET /api/lab/markets": { body: markets },
      "POST /api/lab/samples/100/results": {
        status: 400,
        body: {
          error: resultMessages.resultQualifierInvalid,
          code: "validation_error",
          field: "results.1.qualifier",
        },
      },
    });
    const user = userEvent.setup();
    renderEntry([CAP, SALM]);
    await user.type(screen.getByLabelText("Value (µg/kg)"), "0.05");
    await user.selectOptions(within(row("SALM")).getByLabelText("Result"), "absent");
    await user.click(screen.getByRole("button", { name: "Save Results" }));
    expect(await within(row("SALM")).findByText(resultMessages.resultQualifierInvalid)).toBeInTheDocument();
    expect(within(row("CAP")).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("prefills the round's results and shows the reviewer's note after a return", async () => {
    mockFetch({ "GET /api/lab/markets": { body: markets } });
    renderEntry(
      [CAP, SALM],
      makeAnalysis(
        [CAP, SALM],
        { CAP: { value: 0.2, qualifier: null }, SALM: { value: null, qualifier: "absent" } },
        { state: "returned", returnedNote: "Re-run CAP" },
      ),
    );
    expect(screen.getByText("Re-run CAP")).toBeInTheDocument();
    expect(screen.getByLabelText("Value (µg/kg)")).toHaveValue("0.2");
    expect(within(row("SALM")).getByLabelText("Result")).toHaveValue("absent");
    expect(verdict("CAP", "EU")).toHaveTextContent("✗ Fail");
  });

  it("a test type without a panel: says so instead of a form that would pass with nothing", () => {
    mockFetch({});
    renderEntry([]);
    expect(screen.getByText(/No parameters are set up/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save Results" })).not.toBeInTheDocument();
  });
});
