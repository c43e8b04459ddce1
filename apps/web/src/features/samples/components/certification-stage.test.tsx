import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { logout, startSession } from "@/lib/auth";
import { setLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { CertificationStage } from "./certification-stage";

const completed = makeSample({ id: 100, status: "COMPLETED", reportId: 41 });
const markets = (eu: "pass" | "fail", us: "pass" | "fail") => [
  { code: "EU", name: "European Union", specVersionId: 3, version: 3, verdict: eu },
  { code: "US", name: "United States", specVersionId: 5, version: 1, verdict: us },
];
const show = (sample = completed) =>
  renderWithProviders(
    <p>
      <CertificationStage sample={sample} />
    </p>,
  );

describe("the timeline's last stage follows the report's outcome", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(async () => {
    logout();
    await act(async () => {
      await setLanguage("en");
    });
  });

  it("before a report: the stage's description", async () => {
    show(makeSample({ id: 100, status: "TESTING", reportId: null }));
    expect(await screen.findByText("Results are reviewed and the report is certified.")).toBeInTheDocument();
  });

  it("EU passed, US failed: certified for EU, not for US", async () => {
    mockFetch({
      "GET /api/reports/41": {
        body: makeReport({
          result: "failure",
          markets: markets("pass", "fail"),
          certifiedMarkets: ["EU"],
          notCertifiedMarkets: ["US"],
        }),
      },
    });
    show();
    expect(await screen.findByText("Results reviewed: certified for EU, not for US.")).toBeInTheDocument();
  });

  it("every market passed: certified for all of them", async () => {
    mockFetch({ "GET /api/reports/41": { body: makeReport({ markets: markets("pass", "pass") }) } });
    show();
    expect(await screen.findByText("Results reviewed: certified for EU, US.")).toBeInTheDocument();
  });

  it("no market passed: a test report, never 'the report is certified'", async () => {
    mockFetch({
      "GET /api/reports/41": {
        body: makeReport({
          result: "failure",
          details: { ...makeReport().details, certification: null },
          markets: markets("fail", "fail"),
        }),
      },
    });
    show();
    expect(
      await screen.findByText("Results reviewed: test report issued, no market passed."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/report is certified/)).not.toBeInTheDocument();
  });

  it("in Telugu", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    mockFetch({
      "GET /api/reports/41": {
        body: makeReport({
          result: "failure",
          markets: markets("pass", "fail"),
          certifiedMarkets: ["EU"],
          notCertifiedMarkets: ["US"],
        }),
      },
    });
    show();
    expect(await screen.findByText("ఫలితాలు సమీక్షించబడ్డాయి: EU కోసం ధ్రువీకరించబడింది, US కోసం కాదు.")).toBeInTheDocument();
  });
});
