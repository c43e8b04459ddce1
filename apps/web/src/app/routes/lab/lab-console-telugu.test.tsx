import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { getLanguage, setLanguage } from "@/lib/i18n/i18n";
import { getLabSession, parseStaff, resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample } from "@/testing/sample-fixtures";

import { LabLoginForm } from "@/features/lab-auth/components/lab-login-form";
import { LabShell } from "@/features/lab-auth/components/lab-shell";
import { ResultsEntry } from "@/features/lab-results/components/results-entry";
import { CAP, SALM, markets } from "@/testing/lab-results-fixtures";
import { SampleQueue } from "@/features/lab-samples/components/sample-queue";

// The console in Telugu, and the member's language saved in their staff account.
const staff = {
  id: 2,
  email: "anil@aquatest.local",
  name: "Anil Analyst",
  roles: ["analyst" as const, "reviewer" as const],
  language: "en" as const,
};

const verdict = (code: string, market: string) => {
  const row = screen.getAllByTestId("result-row").find((element) => element.dataset.code === code);
  if (!row) throw new Error(`no row ${code}`);
  const item = within(row)
    .getAllByRole("listitem")
    .find((element) => element.dataset.market === market);
  if (!item) throw new Error(`no ${market} verdict for ${code}`);
  return item;
};

describe("lab console in Telugu", () => {
  beforeEach(() => startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" }));
  afterEach(() => resetLabSessionCache());

  it("the queue: title, views, count and rows in Telugu", async () => {
    mockFetch({
      "GET /api/lab/samples": {
        body: {
          items: [
            { ...makeSample({ id: 321, status: "PENDING" }), customerName: "Asha Verma", company: null },
          ],
          total: 1,
          page: 1,
          size: 20,
        },
      },
    });
    await act(async () => {
      await setLanguage("te");
    });
    renderWithProviders(<SampleQueue />, { route: "/lab", path: "/lab" });
    expect(await screen.findByRole("heading", { name: "నమూనాల వరుస" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "సమీక్ష కోసం వేచి ఉన్నవి" })).toBeInTheDocument();
    expect(await screen.findByText("1 నమూనా")).toBeInTheDocument();
    expect(screen.getByText("నమూనా #321")).toBeInTheDocument();
    expect(screen.getByLabelText("స్థితి")).toBeInTheDocument();
    expect(screen.queryByText("Sample Queue")).not.toBeInTheDocument();
  });

  it("results entry: the live verdicts read ఉత్తీర్ణం / విఫలం", async () => {
    mockFetch({
      "GET /api/lab/markets": { body: markets },
      "GET /api/lab/parameters": { body: [CAP, SALM] },
    });
    await act(async () => {
      await setLanguage("te");
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ResultsEntry sampleId={100} markets={["EU", "US"]} panel={[CAP, SALM]} analysis={null} />,
    );
    const value = await screen.findByLabelText("విలువ (µg/kg)");
    await waitFor(() => expect(verdict("CAP", "EU")).toHaveTextContent("పరిమితి < 0.15"));
    expect(verdict("CAP", "EU")).toHaveTextContent("… పెండింగ్");
    await user.type(value, "0.2");
    expect(verdict("CAP", "EU")).toHaveTextContent("EU: ✗ విఫలం (పరిమితి < 0.15)");
    expect(verdict("CAP", "US")).toHaveTextContent("US: ✓ ఉత్తీర్ణం (పరిమితి ≤ 0.3)");
    expect(screen.getByRole("button", { name: "ఫలితాలను భద్రపరచండి" })).toBeInTheDocument();
  });

  it("the header's language picker saves the choice with PUT /lab/me and keeps it in the session", async () => {
    const { callsTo } = mockFetch({
      "GET /api/lab/staff/me": { status: 404, body: { error: "Not found" } },
      "PUT /api/lab/me": { body: { ...staff, language: "te" } },
    });
    const user = userEvent.setup();
    const session = getLabSession();
    if (!session) throw new Error("no lab session");
    renderWithProviders(
      <LabShell session={session}>
        <p>console</p>
      </LabShell>,
      { route: "/lab", path: "/lab" },
    );
    await user.selectOptions(screen.getByLabelText("Language"), "te");
    await waitFor(() => expect(callsTo("PUT", "/api/lab/me")).toHaveLength(1));
    expect(callsTo("PUT", "/api/lab/me")[0]?.body).toEqual({ language: "te" });
    expect(await screen.findByRole("button", { name: "సైన్ అవుట్" })).toBeInTheDocument();
    await waitFor(() => expect(getLabSession()?.staff.language).toBe("te"));
  });

  it("sign-in applies the language saved in the member's account", async () => {
    resetLabSessionCache();
    mockFetch({
      "POST /api/lab/login": {
        body: {
          staff: { ...staff, language: "te" },
          accessToken: "lab-jwt",
          expiresIn: 3600,
          tokenType: "Bearer",
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LabLoginForm />, {
      route: "/lab/login",
      path: "/lab/login",
      extraRoutes: [{ path: "/lab", element: <h1>Lab console</h1> }],
    });
    expect(getLanguage()).toBe("en");
    await user.type(screen.getByLabelText("Email"), "anil@aquatest.local");
    await user.type(screen.getByLabelText("Password"), "LabAdmin#2026");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/lab"));
    expect(getLanguage()).toBe("te");
    expect(document.documentElement.lang).toBe("te");
  });

  it("a stored staff member keeps their language; one stored without a language reads English", () => {
    expect(parseStaff({ ...staff, language: "ta" })?.language).toBe("ta");
    expect(parseStaff({ id: 1, email: "a@b.in", name: "A", roles: [] })?.language).toBe("en");
    expect(parseStaff({ ...staff, language: "xx" })?.language).toBe("en");
  });
});
