import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import type { StaffRole } from "@lab/contracts";

import { resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { MarketsPage } from "./markets-page";
import { CAP, CAP_ELISA, SALM, markets } from "@/testing/lab-results-fixtures";

const signIn = (roles: StaffRole[]) =>
  startLabSession({
    staff: { id: 1, email: "admin@aquatest.local", name: "Lab Admin", roles, language: "en" },
    accessToken: "lab-jwt",
    expiresIn: 3600,
    tokenType: "Bearer",
  });

const routes = {
  "GET /api/lab/markets": { body: markets },
  "GET /api/lab/parameters": { body: [CAP, CAP_ELISA, SALM] },
  "GET /api/lab/panels": { body: [{ testType: "Antibiotic Residue Test", parameters: [CAP] }] },
};

describe("MarketsPage", () => {
  afterEach(() => resetLabSessionCache());

  it("every staff member reads each market's limits with their reference; only admins edit", async () => {
    signIn(["analyst"]);
    mockFetch(routes);
    renderWithProviders(<MarketsPage />);
    const eu = await screen.findByRole("list", { name: "Limits of EU" });
    await waitFor(() => expect(within(eu).getByText(/Chloramphenicol/)).toBeInTheDocument());
    expect(eu).toHaveTextContent("< 0.15");
    expect(eu).toHaveTextContent("Absent in 25 g");
    expect(await screen.findByRole("listitem", { name: "Antibiotic Residue Test" })).toHaveTextContent(
      "Chloramphenicol (CAP)",
    );
    expect(screen.queryByRole("button", { name: "New Version" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit Panel" })).not.toBeInTheDocument();
  });

  it("an admin adds a version started from the limits in force, changing one maximum", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      ...routes,
      "POST /api/lab/markets/US/versions": {
        status: 201,
        body: { ...markets[1]?.current, id: 7, version: 2, used: false },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MarketsPage />);
    const us = await screen.findByRole("listitem", { name: "US United States" });
    await user.click(within(us).getByRole("button", { name: "New Version" }));
    const form = within(us).getByRole("form", { name: "New version of US" });
    const from = within(form).getByLabelText(/Takes effect on/);
    await user.clear(from);
    await user.type(from, "2026-03-01");
    const max = within(form).getByLabelText("Max");
    await user.clear(max);
    await user.type(max, "0,25");
    await user.click(within(form).getByRole("button", { name: "Save Version" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/markets/US/versions")[0]?.body).toEqual({
        effectiveFrom: "2026-03-01",
        reference: "21 CFR",
        note: "",
        limits: [
          {
            parameter: "CAP",
            kind: "max",
            min: null,
            max: 0.25,
            strict: false,
            grade: null,
            reference: "Test reference",
            effectiveFrom: "2023-01-01",
          },
        ],
      }),
    );
    expect(await screen.findByText("US version 2 added")).toBeInTheDocument();
  });

  it("a new limit without its reference is refused beside its row; a server field error names the row", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      ...routes,
      "POST /api/lab/markets/US/versions": {
        status: 409,
        body: {
          error: "Each limit needs a kind and the values that kind takes",
          code: "validation_error",
          field: "limits.1.max",
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MarketsPage />);
    const us = await screen.findByRole("listitem", { name: "US United States" });
    await user.click(within(us).getByRole("button", { name: "New Version" }));
    const form = within(us).getByRole("form", { name: "New version of US" });
    await user.click(within(form).getByRole("button", { name: "Add Limit" }));
    const rows = within(form).getAllByTestId("limit-row");
    const added = rows[1] as HTMLElement;
    await user.type(within(added).getByLabelText("Parameter"), "salm");
    await user.selectOptions(within(added).getByLabelText("Kind"), "absent_25g");
    await user.click(within(form).getByRole("button", { name: "Save Version" }));
    expect(within(added).getByText("Each limit needs its legal reference")).toBeInTheDocument();
    expect(callsTo("POST", "/api/lab/markets/US/versions")).toHaveLength(0);
    await user.type(within(added).getByLabelText("Legal reference"), "Lab criterion");
    await user.click(within(form).getByRole("button", { name: "Save Version" }));
    expect(
      await within(added).findByText("Each limit needs a kind and the values that kind takes"),
    ).toBeInTheDocument();
    expect(callsTo("POST", "/api/lab/markets/US/versions")[0]?.body).toMatchObject({
      limits: [{ parameter: "CAP" }, { parameter: "SALM", kind: "absent_25g", min: null, max: null }],
    });
  });

  it("an admin edits a panel's codes: PUT with the codes in order; unknown codes are refused", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      ...routes,
      "PUT /api/lab/panels/Antibiotic%20Residue%20Test": {
        body: { testType: "Antibiotic Residue Test", parameters: [CAP, SALM] },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MarketsPage />);
    const panel = await screen.findByRole("listitem", { name: "Antibiotic Residue Test" });
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Limits of EU" })).toHaveTextContent("Chloramphenicol"),
    );
    await user.click(within(panel).getByRole("button", { name: "Edit Panel" }));
    const codes = within(panel).getByLabelText(/Parameter codes/);
    expect(codes).toHaveValue("CAP");
    await user.type(codes, ", nope");
    await user.click(within(panel).getByRole("button", { name: "Save Panel" }));
    expect(within(panel).getByText("Unknown parameter: NOPE")).toBeInTheDocument();
    await user.clear(codes);
    await user.type(codes, "cap, salm");
    await user.click(within(panel).getByRole("button", { name: "Save Panel" }));
    await waitFor(() =>
      expect(callsTo("PUT", "/api/lab/panels/Antibiotic%20Residue%20Test")[0]?.body).toEqual({
        parameters: ["CAP", "SALM"],
      }),
    );
  });

  it("an admin adds a buyer's own market: a bad code is refused, then POST with the customer's number", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      ...routes,
      "POST /api/lab/markets": {
        status: 201,
        body: { code: "BUYER-A", name: "Buyer A", customerId: 7, current: null },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MarketsPage />);
    const form = screen.getByRole("form", { name: "Add market" });
    await user.type(within(form).getByLabelText(/^Code/), "1x");
    await user.type(within(form).getByLabelText(/^Name/), "Buyer A");
    await user.type(within(form).getByLabelText(/Customer number/), "7");
    await user.click(within(form).getByRole("button", { name: "Add Market" }));
    expect(within(form).getByLabelText(/^Code/)).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/api/lab/markets")).toHaveLength(0);
    await user.clear(within(form).getByLabelText(/^Code/));
    await user.type(within(form).getByLabelText(/^Code/), "buyer-a");
    await user.click(within(form).getByRole("button", { name: "Add Market" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/markets")[0]?.body).toEqual({
        code: "BUYER-A",
        name: "Buyer A",
        customerId: 7,
      }),
    );
    expect(await screen.findByText(/Market BUYER-A added/)).toBeInTheDocument();
  });

  it("not an admin: no Add market form", async () => {
    signIn(["reviewer"]);
    mockFetch(routes);
    renderWithProviders(<MarketsPage />);
    await screen.findByRole("list", { name: "Limits of EU" });
    expect(screen.queryByRole("form", { name: "Add market" })).not.toBeInTheDocument();
  });

  it("an admin adds a screening parameter: a bad code is refused; POST with the fields its kind and role use", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({
      ...routes,
      "POST /api/lab/parameters": {
        status: 201,
        body: { ...CAP_ELISA, code: "AOZ_ELISA", name: "AOZ (screening)" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MarketsPage />);
    await user.click(await screen.findByRole("button", { name: "Add Parameter" }));
    const form = screen.getByRole("form", { name: "Add parameter" });
    await user.type(within(form).getByLabelText(/^Code/), "aoz elisa");
    await user.type(within(form).getByLabelText(/^Name/), "AOZ (screening)");
    await user.type(within(form).getByLabelText(/^Unit/), "µg/kg");
    await user.type(within(form).getByLabelText(/^Method\*?$/), "ELISA");
    await user.selectOptions(within(form).getByLabelText("Method role"), "screening");
    await user.type(within(form).getByLabelText("LOD"), "0,1");
    await user.type(within(form).getByLabelText("Cut-off"), "0.3");
    await user.type(within(form).getByLabelText(/Confirmed by/), "aoz");
    await user.click(within(form).getByRole("button", { name: "Save Parameter" }));
    expect(within(form).getByLabelText(/^Code/)).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/api/lab/parameters")).toHaveLength(0);
    await user.clear(within(form).getByLabelText(/^Code/));
    await user.type(within(form).getByLabelText(/^Code/), "aoz_elisa");
    await user.click(within(form).getByRole("button", { name: "Save Parameter" }));
    await waitFor(() =>
      expect(callsTo("POST", "/api/lab/parameters")[0]?.body).toEqual({
        code: "AOZ_ELISA",
        name: "AOZ (screening)",
        kind: "quantitative",
        unit: "µg/kg",
        method: "ELISA",
        methodRole: "screening",
        lod: 0.1,
        loq: null,
        grades: null,
        per25g: false,
        cutoff: 0.3,
        confirmWith: "AOZ",
        prohibited: false,
        prohibitedReference: null,
      }),
    );
    expect(await screen.findByText("Parameter AOZ_ELISA saved")).toBeInTheDocument();
  });

  it("an admin edits a parameter with PUT on its code; the code cannot change", async () => {
    signIn(["admin"]);
    const { callsTo } = mockFetch({ ...routes, "PUT /api/lab/parameters/SALM": { body: SALM } });
    const user = userEvent.setup();
    renderWithProviders(<MarketsPage />);
    await user.click(await screen.findByRole("button", { name: "Edit SALM" }));
    const form = screen.getByRole("form", { name: "Edit parameter SALM" });
    expect(within(form).getByLabelText(/^Code/)).toHaveAttribute("readonly");
    expect(within(form).getByLabelText(/per 25 g/)).toBeChecked();
    await user.clear(within(form).getByLabelText(/^Method\*?$/));
    await user.type(within(form).getByLabelText(/^Method\*?$/), "ISO 6579-1:2017");
    await user.click(within(form).getByRole("button", { name: "Save Parameter" }));
    await waitFor(() =>
      expect(callsTo("PUT", "/api/lab/parameters/SALM")[0]?.body).toMatchObject({
        code: "SALM",
        kind: "qualitative",
        per25g: true,
        method: "ISO 6579-1:2017",
      }),
    );
  });

  it("an admin marks a parameter prohibited: the rule that bans it is required, then PUT with both; the list says Prohibited", async () => {
    signIn(["admin"]);
    const ban = "Prohibited: Reg. (EU) No 37/2010, Annex Table 2";
    const saved = { ...CAP, prohibited: true, prohibitedReference: ban };
    let listed = [CAP, CAP_ELISA, SALM];
    const { callsTo } = mockFetch({
      ...routes,
      "GET /api/lab/parameters": () => ({ body: listed }),
      "PUT /api/lab/parameters/CAP": () => {
        listed = [saved, CAP_ELISA, SALM];
        return { body: saved };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MarketsPage />);
    const list = await screen.findByRole("list", { name: "Parameters" });
    expect(within(list).queryByText("Prohibited")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Edit CAP" }));
    const form = screen.getByRole("form", { name: "Edit parameter CAP" });
    expect(within(form).queryByLabelText(/^Rule that bans it/)).not.toBeInTheDocument();
    await user.click(within(form).getByLabelText(/^Prohibited substance/));
    const reference = within(form).getByLabelText(/^Rule that bans it/);
    await user.click(within(form).getByRole("button", { name: "Save Parameter" }));
    expect(reference).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByText("A prohibited substance needs the rule that bans it")).toBeInTheDocument();
    expect(callsTo("PUT", "/api/lab/parameters/CAP")).toHaveLength(0);

    await user.type(reference, ban);
    await user.click(within(form).getByRole("button", { name: "Save Parameter" }));
    await waitFor(() =>
      expect(callsTo("PUT", "/api/lab/parameters/CAP")[0]?.body).toMatchObject({
        code: "CAP",
        prohibited: true,
        prohibitedReference: ban,
      }),
    );
    const row = (await within(list).findByText("Prohibited")).closest("li") as HTMLElement;
    expect(within(row).getByText("CAP")).toBeInTheDocument();
    expect(within(row).getByText(ban)).toBeInTheDocument();
  });

  it("an admin unticks a prohibited parameter: PUT clears the flag and sends no reference", async () => {
    signIn(["admin"]);
    const banned = { ...CAP, prohibited: true, prohibitedReference: "Reg. (EU) No 37/2010" };
    const { callsTo } = mockFetch({
      ...routes,
      "GET /api/lab/parameters": { body: [banned, SALM] },
      "PUT /api/lab/parameters/CAP": { body: CAP },
    });
    const user = userEvent.setup();
    renderWithProviders(<MarketsPage />);
    await user.click(await screen.findByRole("button", { name: "Edit CAP" }));
    const form = screen.getByRole("form", { name: "Edit parameter CAP" });
    expect(within(form).getByLabelText(/^Prohibited substance/)).toBeChecked();
    expect(within(form).getByLabelText(/^Rule that bans it/)).toHaveValue("Reg. (EU) No 37/2010");
    await user.click(within(form).getByLabelText(/^Prohibited substance/));
    await user.click(within(form).getByRole("button", { name: "Save Parameter" }));
    await waitFor(() =>
      expect(callsTo("PUT", "/api/lab/parameters/CAP")[0]?.body).toMatchObject({
        prohibited: false,
        prohibitedReference: null,
      }),
    );
  });
});
