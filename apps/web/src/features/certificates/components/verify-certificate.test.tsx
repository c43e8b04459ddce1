import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useParams } from "react-router";

import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeCertificate } from "@/testing/report-fixtures";

import { NUMBER_REQUIRED, VerifyCertificate } from "./verify-certificate";

function Page() {
  const { number = "" } = useParams();
  return <VerifyCertificate key={number} number={number} />;
}

const render = (path: string) => renderWithProviders(<Page />, { route: path, path: "/verify/:number?" });

describe("VerifyCertificate", () => {
  it("genuine and valid: green verdict, number, issue date, result, category and tests; no token sent", async () => {
    const { callsTo } = mockFetch({ "GET /api/certificates/NSP-CERT-2026-007": { body: makeCertificate() } });
    render("/verify/NSP-CERT-2026-007");
    const verdict = await screen.findByRole("region", { name: "Verification result" });
    expect(within(verdict).getByRole("heading", { name: "Genuine and Valid" })).toBeInTheDocument();
    expect(screen.getByText("NSP-CERT-2026-007")).toBeInTheDocument();
    expect(screen.getByText("Issue Date")).toBeInTheDocument();
    expect(screen.getByText("Test Passed")).toBeInTheDocument();
    expect(screen.getByText("Tiger Shrimp")).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /Viral Disease Screening/ })).toBeInTheDocument();
    expect(callsTo("GET", "/api/certificates/NSP-CERT-2026-007")[0]?.headers.Authorization).toBeUndefined();
  });

  it("revoked: red verdict with the date and the reason", async () => {
    mockFetch({
      "GET /api/certificates/NSP-CERT-2026-007": {
        body: makeCertificate({
          status: "revoked",
          revokedAt: "2026-02-05T10:00:00Z",
          revokedReason: "Sample mislabelled",
        }),
      },
    });
    render("/verify/NSP-CERT-2026-007");
    const verdict = await screen.findByRole("region", { name: "Verification result" });
    expect(within(verdict).getByRole("heading", { name: "Certificate Revoked" })).toBeInTheDocument();
    expect(verdict).toHaveTextContent(/revoked on .*2026/);
    expect(verdict).toHaveTextContent("Reason: Sample mislabelled");
    expect(verdict.className).toMatch(/red/);
  });

  it("unknown number: the laboratory's 404 message", async () => {
    mockFetch({
      "GET /api/certificates/NSP-CERT-2026-999": {
        status: 404,
        body: { error: "No certificate with this number was issued by the laboratory", code: "not_found" },
      },
    });
    render("/verify/NSP-CERT-2026-999");
    const verdict = await screen.findByRole("region", { name: "Verification result" });
    expect(within(verdict).getByRole("heading", { name: "Certificate Not Found" })).toBeInTheDocument();
    expect(verdict).toHaveTextContent("No certificate with this number was issued by the laboratory");
  });

  it("the form: required, then goes to /verify/{NUMBER} (upper-cased) and checks it", async () => {
    mockFetch({ "GET /api/certificates/NSP-CERT-2026-007": { body: makeCertificate() } });
    const user = userEvent.setup();
    const { router } = render("/verify");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText(NUMBER_REQUIRED)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Certification Number"), " nsp-cert-2026-007 ");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/verify/NSP-CERT-2026-007"));
    expect(await screen.findByRole("heading", { name: "Genuine and Valid" })).toBeInTheDocument();
    expect(screen.getByLabelText("Certification Number")).toHaveValue("NSP-CERT-2026-007");
  });
});
