import { createHash } from "node:crypto";

import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useParams } from "react-router";

import type { CertificateFull, CertificateSummary } from "@lab/contracts";

import { setLanguage } from "@/lib/i18n/i18n";
import { mockFetch, type MockRequest } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeCertificate, makeCertificateSummary, makeParameterLine } from "@/testing/report-fixtures";

import { PDF_CHANGED, PDF_GENUINE, PDF_ISSUED_REVOKED } from "./pdf-check";
import {
  CODE_MISMATCH,
  FULL_RESULTS_NEED_CODE,
  NUMBER_REQUIRED,
  VerifyCertificate,
} from "./verify-certificate";

/** A small stand-in for the issued PDF and its real SHA-256. */
const issuedBytes = new TextEncoder().encode("%PDF-1.7 certificate NSP-CERT-2026-007 %%EOF");
const issuedSha = createHash("sha256").update(issuedBytes).digest("hex");
const CODE = "4F3A91C20B7DE5A1";
const PATH = "/api/certificates/NSP-CERT-2026-007";

const certifiedCertificate = (overrides: Partial<CertificateFull> = {}) =>
  makeCertificate({
    sha256: issuedSha,
    markets: [
      { code: "EU", name: "European Union", buyer: false, version: 3, verdict: "pass" },
      { code: "US", name: "United States", buyer: false, version: 1, verdict: "fail" },
    ],
    parameters: [makeParameterLine()],
    ...overrides,
  });

/**
 * The lab's answer as the API gives it: the full certificate for the right code or the issued PDF's
 * hash, the summary for the number alone, flagged when a code or hash was given and did not match.
 */
const lab =
  (full: CertificateFull, summary: Partial<CertificateSummary> = {}) =>
  (request: MockRequest) => {
    const code = request.query.get("code");
    const sha256 = request.query.get("sha256");
    if (code === CODE || sha256 === full.sha256) return { body: full };
    return {
      body: makeCertificateSummary({
        status: full.status,
        replacedBy: full.replacedBy,
        mismatch: code !== null || sha256 !== null,
        ...summary,
      }),
    };
  };

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

describe("VerifyCertificate with the check code (the QR code's link)", () => {
  it("the code in the link's fragment is sent and opens the full certificate: verdict, date, lab, result, category, tests; no token", async () => {
    const { callsTo } = mockFetch({ [`GET ${PATH}`]: lab(makeCertificate()) });
    render(`/verify/NSP-CERT-2026-007#c=${CODE.toLowerCase()}`);
    const verdict = await screen.findByRole("region", { name: "Verification result" });
    expect(within(verdict).getByRole("heading", { name: "Genuine and Valid" })).toBeInTheDocument();
    expect(screen.getByText("NSP-CERT-2026-007")).toBeInTheDocument();
    expect(screen.getByText("Issue Date")).toBeInTheDocument();
    expect(screen.getByText("AquaTest Laboratory")).toBeInTheDocument();
    expect(screen.getByText("Test Passed")).toBeInTheDocument();
    expect(screen.getByText("Tiger Shrimp")).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /Viral Disease Screening/ })).toBeInTheDocument();
    const [call] = callsTo("GET", PATH);
    expect(call?.query.get("code")).toBe(CODE);
    expect(call?.headers.Authorization).toBeUndefined();
    expect(screen.getByLabelText("Check code (optional)")).toHaveValue("4F3A-91C2-0B7D-E5A1");
    expect(screen.queryByText(FULL_RESULTS_NEED_CODE)).not.toBeInTheDocument();
  });

  it("revoked: red verdict with the date and the reason worded from its code", async () => {
    mockFetch({
      [`GET ${PATH}`]: lab(
        makeCertificate({
          status: "revoked",
          revokedAt: "2026-02-05T10:00:00Z",
          revokedReasonCode: "sample_mislabelled",
          revokedReason: "The sample was mislabelled or mixed up",
        }),
      ),
    });
    render(`/verify/NSP-CERT-2026-007#c=${CODE}`);
    const verdict = await screen.findByRole("region", { name: "Verification result" });
    expect(within(verdict).getByRole("heading", { name: "Certificate Revoked" })).toBeInTheDocument();
    expect(verdict).toHaveTextContent(/revoked on .*2026/);
    expect(verdict).toHaveTextContent("Reason: The sample was mislabelled or mixed up");
    expect(verdict.className).toMatch(/red/);
  });

  it("certified: markets with verdict words, the parameter table with an outside-limit mark, the PDF's SHA-256", async () => {
    mockFetch({ [`GET ${PATH}`]: lab(certifiedCertificate()) });
    render(`/verify/NSP-CERT-2026-007#c=${CODE}`);
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

  it("a buyer's own specification reads 'Buyer specification' on the chips and in the table, never its alias", async () => {
    const line = makeParameterLine();
    mockFetch({
      [`GET ${PATH}`]: lab(
        certifiedCertificate({
          markets: [
            { code: "EU", name: "European Union", buyer: false, version: 3, verdict: "pass" },
            { code: "BUYER-1", name: "Buyer specification", buyer: true, version: 1, verdict: "pass" },
          ],
          parameters: [
            {
              ...line,
              markets: line.markets.map((market, index) =>
                index === 1 ? { ...market, code: "BUYER-1" } : market,
              ),
            },
          ],
        }),
      ),
    });
    render(`/verify/NSP-CERT-2026-007#c=${CODE}`);
    const chips = await screen.findByRole("list", { name: "Market verdicts" });
    expect(within(chips).getByText("Buyer specification ✓ Pass")).toBeInTheDocument();
    expect(screen.getByText("✓ Within Buyer specification limit")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("BUYER-1");
  });

  it("revoked and replaced: a link to the replacement certificate", async () => {
    mockFetch({
      [`GET ${PATH}`]: lab(
        certifiedCertificate({
          status: "revoked",
          revokedAt: "2026-02-05T10:00:00Z",
          revokedReasonCode: "result_error",
          revokedReason: "A result was wrong",
          replacedBy: "NSP-CERT-2026-012",
        }),
      ),
    });
    render(`/verify/NSP-CERT-2026-007#c=${CODE}`);
    const verdict = await screen.findByRole("region", { name: "Verification result" });
    expect(verdict).toHaveTextContent("Reason: A result was wrong");
    expect(within(verdict).getByRole("link", { name: "NSP-CERT-2026-012" })).toHaveAttribute(
      "href",
      "/verify/NSP-CERT-2026-012",
    );
  });

  it("tamper check: the issued bytes are genuine, one changed byte is not; nothing more is sent", async () => {
    const { spy } = mockFetch({ [`GET ${PATH}`]: lab(certifiedCertificate()) });
    const user = userEvent.setup();
    render(`/verify/NSP-CERT-2026-007#c=${CODE}`);
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
    // The full answer had the hash: only the certificate lookup went out.
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("tamper check by drag and drop: a dropped genuine PDF is confirmed", async () => {
    mockFetch({ [`GET ${PATH}`]: lab(certifiedCertificate()) });
    render(`/verify/NSP-CERT-2026-007#c=${CODE}`);
    const zone = await screen.findByTestId("pdf-drop-zone");
    fireEvent.drop(zone, { dataTransfer: { files: [pdfFile(issuedBytes, "dropped.pdf")] } });
    expect(await screen.findByText(PDF_GENUINE)).toBeInTheDocument();
  });

  it("no stored SHA-256 (an old certificate): no tamper check offered", async () => {
    mockFetch({ [`GET ${PATH}`]: lab(makeCertificate()) });
    render(`/verify/NSP-CERT-2026-007#c=${CODE}`);
    await screen.findByRole("region", { name: "Verification result" });
    expect(screen.queryByLabelText("Choose PDF to check")).not.toBeInTheDocument();
  });
});

describe("VerifyCertificate without the check code", () => {
  it("the number alone: the standing, the issue date and the lab, and a line that the full results need the code or the PDF", async () => {
    const { callsTo } = mockFetch({ [`GET ${PATH}`]: lab(certifiedCertificate()) });
    render("/verify/NSP-CERT-2026-007");
    const verdict = await screen.findByRole("region", { name: "Verification result" });
    expect(within(verdict).getByRole("heading", { name: "Genuine and Valid" })).toBeInTheDocument();
    expect(screen.getByText("Issue Date")).toBeInTheDocument();
    expect(screen.getByText("AquaTest Laboratory")).toBeInTheDocument();
    expect(screen.getByText(FULL_RESULTS_NEED_CODE)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Market verdicts" })).not.toBeInTheDocument();
    expect(screen.queryByText("Test Passed")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect([...(callsTo("GET", PATH)[0]?.query.keys() ?? [])]).toEqual([]);
  });

  it("revoked, the number alone: says revoked and by what it was replaced, without a reason", async () => {
    mockFetch({
      [`GET ${PATH}`]: lab(
        certifiedCertificate({
          status: "revoked",
          replacedBy: "NSP-CERT-2026-012",
          revokedReasonCode: "other",
        }),
      ),
    });
    render("/verify/NSP-CERT-2026-007");
    const verdict = await screen.findByRole("region", { name: "Verification result" });
    expect(within(verdict).getByRole("heading", { name: "Certificate Revoked" })).toBeInTheDocument();
    expect(within(verdict).getByRole("link", { name: "NSP-CERT-2026-012" })).toBeInTheDocument();
    expect(verdict).not.toHaveTextContent("Reason");
  });

  it("file check of a revoked certificate: the issued file is 'as issued, and REVOKED' with the date, reason and replacement, never genuine; a stamped copy is not the issued file", async () => {
    mockFetch({
      [`GET ${PATH}`]: lab(
        certifiedCertificate({
          status: "revoked",
          revokedAt: "2026-02-05T10:00:00Z",
          revokedReasonCode: "result_error",
          revokedReason: "A result was wrong",
          replacedBy: "NSP-CERT-2026-012",
        }),
      ),
    });
    const user = userEvent.setup();
    render(`/verify/NSP-CERT-2026-007#c=${CODE}`);
    const input = await screen.findByLabelText("Choose PDF to check");
    await user.upload(input, pdfFile(issuedBytes, "certificate.pdf"));
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(`${PDF_ISSUED_REVOKED} on 5 Feb 2026 (A result was wrong).`);
    expect(status).toHaveTextContent("It was replaced by NSP-CERT-2026-012.");
    expect(screen.queryByText(PDF_GENUINE)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/byte-for-byte|genuine/i);

    const stamped = new TextEncoder().encode("%PDF-1.7 certificate NSP-CERT-2026-007 REVOKED %%EOF");
    await user.upload(input, pdfFile(stamped, "NSP-CERT-2026-007-REVOKED.pdf"));
    expect(await screen.findByText(PDF_CHANGED)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(PDF_ISSUED_REVOKED))).not.toBeInTheDocument();
  });

  it("the number alone of a revoked certificate: the issued file opens it as 'as issued, and REVOKED', never genuine", async () => {
    mockFetch({
      [`GET ${PATH}`]: lab(
        certifiedCertificate({
          status: "revoked",
          revokedAt: "2026-02-05T10:00:00Z",
          revokedReasonCode: "other",
        }),
      ),
    });
    const user = userEvent.setup();
    render("/verify/NSP-CERT-2026-007");
    const input = await screen.findByLabelText("Choose PDF to check");
    await user.upload(input, pdfFile(issuedBytes, "certificate.pdf"));
    expect(await screen.findByRole("table", { name: "Results on the certificate" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      `${PDF_ISSUED_REVOKED} on 5 Feb 2026 (Withdrawn by the laboratory).`,
    );
    expect(document.body).not.toHaveTextContent(/byte-for-byte|genuine/i);
  });

  it("a wrong code: the summary and a notice that the code did not match", async () => {
    mockFetch({ [`GET ${PATH}`]: lab(certifiedCertificate()) });
    render("/verify/NSP-CERT-2026-007#c=0000000000000000");
    expect(await screen.findByRole("alert")).toHaveTextContent(CODE_MISMATCH);
    expect(screen.getByText(FULL_RESULTS_NEED_CODE)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("the PDF a visitor holds: its hash goes to the lab and opens the full certificate; another file does not", async () => {
    const { callsTo } = mockFetch({ [`GET ${PATH}`]: lab(certifiedCertificate()) });
    const user = userEvent.setup();
    render("/verify/NSP-CERT-2026-007");
    const input = await screen.findByLabelText("Choose PDF to check");
    const changed = issuedBytes.slice();
    changed[10] = (changed[10] ?? 0) ^ 1;
    await user.upload(input, pdfFile(changed, "edited.pdf"));
    expect(await screen.findByText(PDF_CHANGED)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();

    await user.upload(input, pdfFile(issuedBytes, "certificate.pdf"));
    expect(await screen.findByRole("table", { name: "Results on the certificate" })).toBeInTheDocument();
    expect(screen.getByText(PDF_GENUINE)).toBeInTheDocument();
    expect(callsTo("GET", PATH).map((call) => call.query.get("sha256"))).toEqual([
      null,
      expect.stringMatching(/^[0-9a-f]{64}$/),
      issuedSha,
    ]);
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
});

describe("the verify form", () => {
  it("number required; then /verify/{NUMBER} (upper-cased) and its summary", async () => {
    mockFetch({ [`GET ${PATH}`]: lab(certifiedCertificate()) });
    const user = userEvent.setup();
    const { router } = render("/verify");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText(NUMBER_REQUIRED)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Certification Number"), " nsp-cert-2026-007 ");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/verify/NSP-CERT-2026-007"));
    expect(router.state.location.hash).toBe("");
    expect(await screen.findByText(FULL_RESULTS_NEED_CODE)).toBeInTheDocument();
    expect(screen.getByLabelText("Certification Number")).toHaveValue("NSP-CERT-2026-007");
  });

  it("a code typed with dashes in lower case goes into the fragment and opens the full certificate; a malformed one is refused", async () => {
    mockFetch({ [`GET ${PATH}`]: lab(certifiedCertificate()) });
    const user = userEvent.setup();
    const { router } = render("/verify");
    await user.type(screen.getByLabelText("Certification Number"), "NSP-CERT-2026-007");
    const code = screen.getByLabelText("Check code (optional)");
    await user.type(code, "4f3a-91c2-0b7d");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText(/Enter the 16 letters \(A–F\) and digits/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/verify");
    await user.type(code, "-e5a1");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.hash).toBe(`#c=${CODE}`));
    expect(await screen.findByRole("table", { name: "Results on the certificate" })).toBeInTheDocument();
  });
});

describe("VerifyCertificate in Hindi", () => {
  it("the form, the verdict, the reason, markets, parameters and the PDF check read in Hindi", async () => {
    mockFetch({
      [`GET ${PATH}`]: lab(
        certifiedCertificate({
          status: "revoked",
          revokedAt: "2026-02-05T10:00:00Z",
          revokedReasonCode: "result_error",
          revokedReason: "A result was wrong",
          replacedBy: "NSP-CERT-2026-012",
        }),
      ),
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
    expect(
      await screen.findByText("पूरे परिणाम देखने के लिए प्रमाणपत्र पर छपा जाँच कोड या स्वयं PDF फ़ाइल चाहिए।"),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("जाँच कोड (वैकल्पिक)"), CODE);
    await user.click(screen.getByRole("button", { name: "पुष्टि करें" }));
    const chips = await screen.findByRole("list", { name: "बाज़ार निर्णय" });
    const verdict = screen.getByRole("region", { name: "पुष्टि का परिणाम" });
    expect(within(verdict).getByRole("heading", { name: "प्रमाणपत्र रद्द" })).toBeInTheDocument();
    expect(verdict).toHaveTextContent("कारण: एक परिणाम गलत था");
    expect(verdict).toHaveTextContent("इसकी जगह: NSP-CERT-2026-012");
    expect(within(chips).getByText("EU ✓ उत्तीर्ण")).toBeInTheDocument();
    expect(within(chips).getByText("US ✗ अनुत्तीर्ण")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "प्रमाणपत्र पर परिणाम" });
    const row = within(table).getByRole("row", { name: /क्लोरैम्फेनिकॉल \(CAP\)/ });
    expect(within(row).getByText("✗ EU सीमा से बाहर")).toBeInTheDocument();
    expect(screen.getByText("जाँच उत्तीर्ण")).toBeInTheDocument();
    const input = screen.getByLabelText("जाँचने के लिए PDF चुनें");
    await user.upload(input, pdfFile(issuedBytes, "certificate.pdf"));
    // The certificate is revoked: its issued file is said to be that, never "genuine".
    expect(
      await screen.findByText(
        /यह जारी किया गया प्रमाणपत्र ही है, पर इसे .+ को रद्द कर दिया गया \(एक परिणाम गलत था\)/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText("यह PDF बाइट-दर-बाइट वही प्रमाणपत्र है जो प्रयोगशाला ने जारी किया।"),
    ).not.toBeInTheDocument();
  });
});
