import { createHash } from "node:crypto";

import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useParams } from "react-router";

import { setLanguage } from "@/lib/i18n/i18n";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeCertificate, makeParameterLine } from "@/testing/report-fixtures";

import { PDF_CHANGED, PDF_GENUINE } from "./pdf-check";
import { NUMBER_REQUIRED, VerifyCertificate } from "./verify-certificate";

/** A small stand-in for the issued PDF and its real SHA-256. */
const issuedBytes = new TextEncoder().encode("%PDF-1.7 certificate NSP-CERT-2026-007 %%EOF");
const issuedSha = createHash("sha256").update(issuedBytes).digest("hex");

const certifiedCertificate = (overrides: Parameters<typeof makeCertificate>[0] = {}) =>
  makeCertificate({
    sha256: issuedSha,
    markets: [
      { code: "EU", name: "European Union", version: 3, verdict: "pass" },
      { code: "US", name: "United States", version: 1, verdict: "fail" },
    ],
    parameters: [makeParameterLine()],
    ...overrides,
  });

/** A File whose arrayBuffer() works under jsdom (its Blob lacks it on some versions). */
function pdfFile(bytes: Uint8Array<ArrayBuffer>, name: string): File {
  const file = new File([bytes], name, { type: "application/pdf" });
  Object.defineProperty(file, "arrayBuffer", { value: () => Promise.resolve(bytes.slice().buffer) });
  return file;
}

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

  it("certified: markets with verdict words, the parameter table with an outside-limit mark, the PDF's SHA-256", async () => {
    mockFetch({ "GET /api/certificates/NSP-CERT-2026-007": { body: certifiedCertificate() } });
    render("/verify/NSP-CERT-2026-007");
    const chips = await screen.findByRole("list", { name: "Market verdicts" });
    expect(within(chips).getByText("EU ✓ Pass")).toBeInTheDocument();
    expect(within(chips).getByText("US ✗ Fail")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Results on the certificate" });
    const row = within(table).getByRole("row", { name: /Chloramphenicol/ });
    expect(row).toHaveTextContent("0.05 / 0.1");
    expect(within(row).getByText("✗ Outside EU limit")).toHaveClass("text-red-900");
    expect(within(row).getByText("✓ Within US limit")).toBeInTheDocument();
    expect(screen.getByText(issuedSha)).toBeInTheDocument();
    // The old per-test-type table gives way to the parameters.
    expect(screen.queryByRole("row", { name: /Viral Disease Screening/ })).not.toBeInTheDocument();
  });

  it("revoked and replaced: the reason and a link to the replacement certificate", async () => {
    mockFetch({
      "GET /api/certificates/NSP-CERT-2026-007": {
        body: certifiedCertificate({
          status: "revoked",
          revokedAt: "2026-02-05T10:00:00Z",
          revokedReason: "Wrong pond recorded",
          replacedBy: "NSP-CERT-2026-012",
        }),
      },
    });
    render("/verify/NSP-CERT-2026-007");
    const verdict = await screen.findByRole("region", { name: "Verification result" });
    expect(verdict).toHaveTextContent("Reason: Wrong pond recorded");
    expect(within(verdict).getByRole("link", { name: "NSP-CERT-2026-012" })).toHaveAttribute(
      "href",
      "/verify/NSP-CERT-2026-012",
    );
  });

  it("tamper check: the issued bytes are genuine, one changed byte is not; the file is never sent", async () => {
    const { spy } = mockFetch({
      "GET /api/certificates/NSP-CERT-2026-007": { body: certifiedCertificate() },
    });
    const user = userEvent.setup();
    render("/verify/NSP-CERT-2026-007");
    const input = await screen.findByLabelText("Choose PDF to check");
    await user.upload(input, pdfFile(issuedBytes, "certificate.pdf"));
    expect(await screen.findByText(PDF_GENUINE)).toBeInTheDocument();
    expect(screen.queryByText(PDF_CHANGED)).not.toBeInTheDocument();

    const changed = issuedBytes.slice();
    changed[10] = (changed[10] ?? 0) ^ 1;
    await user.upload(input, pdfFile(changed, "edited.pdf"));
    expect(await screen.findByText(PDF_CHANGED)).toBeInTheDocument();
    expect(screen.queryByText(PDF_GENUINE)).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("edited.pdf");
    // Only the certificate lookup went out.
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("tamper check by drag and drop: a dropped genuine PDF is confirmed", async () => {
    mockFetch({ "GET /api/certificates/NSP-CERT-2026-007": { body: certifiedCertificate() } });
    render("/verify/NSP-CERT-2026-007");
    const zone = await screen.findByTestId("pdf-drop-zone");
    fireEvent.drop(zone, { dataTransfer: { files: [pdfFile(issuedBytes, "dropped.pdf")] } });
    expect(await screen.findByText(PDF_GENUINE)).toBeInTheDocument();
  });

  it("no stored SHA-256 (an old certificate): no tamper check offered", async () => {
    mockFetch({ "GET /api/certificates/NSP-CERT-2026-007": { body: makeCertificate() } });
    render("/verify/NSP-CERT-2026-007");
    await screen.findByRole("region", { name: "Verification result" });
    expect(screen.queryByLabelText("Choose PDF to check")).not.toBeInTheDocument();
  });

  it("in Hindi: the form, the verdict, markets, parameters and the PDF check read in Hindi", async () => {
    mockFetch({
      "GET /api/certificates/NSP-CERT-2026-007": {
        body: certifiedCertificate({
          status: "revoked",
          revokedAt: "2026-02-05T10:00:00Z",
          revokedReason: "Wrong pond recorded",
          replacedBy: "NSP-CERT-2026-012",
        }),
      },
    });
    await act(async () => {
      await setLanguage("hi");
    });
    const user = userEvent.setup();
    render("/verify");
    expect(screen.getByRole("heading", { name: "प्रमाणपत्र की पुष्टि करें" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "पुष्टि करें" }));
    expect(screen.getByText("रिपोर्ट पर छपी प्रमाणपत्र संख्या डालें।")).toBeInTheDocument();
    await user.type(screen.getByLabelText("प्रमाणपत्र संख्या"), "NSP-CERT-2026-007");
    await user.click(screen.getByRole("button", { name: "पुष्टि करें" }));
    const verdict = await screen.findByRole("region", { name: "पुष्टि का परिणाम" });
    expect(within(verdict).getByRole("heading", { name: "प्रमाणपत्र रद्द" })).toBeInTheDocument();
    expect(verdict).toHaveTextContent("कारण: Wrong pond recorded");
    expect(verdict).toHaveTextContent("इसकी जगह: NSP-CERT-2026-012");
    expect(within(verdict).getByRole("link", { name: "NSP-CERT-2026-012" })).toHaveAttribute(
      "href",
      "/verify/NSP-CERT-2026-012",
    );
    const chips = screen.getByRole("list", { name: "बाज़ार निर्णय" });
    expect(within(chips).getByText("EU ✓ उत्तीर्ण")).toBeInTheDocument();
    expect(within(chips).getByText("US ✗ अनुत्तीर्ण")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "प्रमाणपत्र पर परिणाम" });
    const row = within(table).getByRole("row", { name: /क्लोरैम्फेनिकॉल \(CAP\)/ });
    expect(within(row).getByText("✗ EU सीमा से बाहर")).toBeInTheDocument();
    expect(screen.getByText("जाँच उत्तीर्ण")).toBeInTheDocument();
    const input = screen.getByLabelText("जाँचने के लिए PDF चुनें");
    await user.upload(input, pdfFile(issuedBytes, "certificate.pdf"));
    expect(
      await screen.findByText("यह PDF बाइट-दर-बाइट वही प्रमाणपत्र है जो प्रयोगशाला ने जारी किया।"),
    ).toBeInTheDocument();
  });
});
