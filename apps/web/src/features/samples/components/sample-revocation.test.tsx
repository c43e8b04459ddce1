import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { logout, startSession } from "@/lib/auth";
import { setLanguage } from "@/lib/i18n/i18n";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { SampleTimeline } from "./sample-timeline";

const render = (id: string) =>
  renderWithProviders(<SampleTimeline sampleId={id} />, {
    route: `/timeline/${id}`,
    path: "/timeline/:id",
  });

const revokedAt = "2026-03-04T10:00:00.000Z";

describe("a completed sample whose certificate was revoked", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => logout());

  it("revoked, no replacement yet: the Revoked state with its date and number", async () => {
    mockFetch({
      "GET /api/sample-submissions/9": {
        body: makeSample({ id: 9, status: "COMPLETED", reportId: 41, reportRevocation: "revoked" }),
      },
      "GET /api/sample-submissions/9/events": { body: [] },
      "GET /api/reports/41": {
        body: makeReport({
          id: 41,
          sampleId: 9,
          status: "revoked",
          revokedAt,
          revokedReason: "Wrong sample",
        }),
      },
    });
    render("9");
    const state = await screen.findByRole("status", { name: "Certificate revoked" });
    expect(within(state).getByText("Revoked")).toBeInTheDocument();
    expect(await within(state).findByText("Certificate NSP-CERT-2026-007")).toBeInTheDocument();
    expect(within(state).getByText(/^Revoked on .*2026.*no longer valid\.$/)).toBeInTheDocument();
    expect(within(state).getByText("No replacement certificate has been issued yet.")).toBeInTheDocument();
  });

  it("replaced: the revoked certificate's date and number, and the replacement's number", async () => {
    mockFetch({
      "GET /api/sample-submissions/9": {
        body: makeSample({ id: 9, status: "COMPLETED", reportId: 42, reportRevocation: "replaced" }),
      },
      "GET /api/sample-submissions/9/events": { body: [] },
      "GET /api/reports/42": {
        body: makeReport({
          id: 42,
          sampleId: 9,
          details: { ...makeReport().details, certification: "NSP-CERT-2026-008" },
          replaces: { id: 41, certification: "NSP-CERT-2026-007" },
        }),
      },
      "GET /api/reports/41": {
        body: makeReport({
          id: 41,
          sampleId: 9,
          status: "revoked",
          revokedAt,
          replacedBy: { id: 42, certification: "NSP-CERT-2026-008" },
        }),
      },
    });
    render("9");
    const state = await screen.findByRole("status", { name: "Certificate revoked" });
    expect(within(state).getByText("Revoked")).toBeInTheDocument();
    expect(within(state).getByText("Report replaced")).toBeInTheDocument();
    expect(await within(state).findByText("Replaced by certificate NSP-CERT-2026-008.")).toBeInTheDocument();
    expect(within(state).getByText("Certificate NSP-CERT-2026-007")).toBeInTheDocument();
    expect(await within(state).findByText(/^Revoked on .*2026/)).toBeInTheDocument();
  });

  it("a valid certificate: no revocation state", async () => {
    mockFetch({
      "GET /api/sample-submissions/9": {
        body: makeSample({ id: 9, status: "COMPLETED", reportId: 41, reportRevocation: null }),
      },
      "GET /api/sample-submissions/9/events": { body: [] },
    });
    render("9");
    expect(await screen.findByRole("region", { name: "Current Status" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Certificate revoked" })).not.toBeInTheDocument();
  });

  it("reads in the reader's language (Telugu)", async () => {
    mockFetch({
      "GET /api/sample-submissions/9": {
        body: makeSample({ id: 9, status: "COMPLETED", reportId: 41, reportRevocation: "revoked" }),
      },
      "GET /api/sample-submissions/9/events": { body: [] },
      "GET /api/reports/41": { body: makeReport({ id: 41, sampleId: 9, status: "revoked", revokedAt }) },
    });
    await act(async () => {
      await setLanguage("te");
    });
    render("9");
    expect(await screen.findByRole("status", { name: "సర్టిఫికెట్ రద్దు చేయబడింది" })).toBeInTheDocument();
  });
});
