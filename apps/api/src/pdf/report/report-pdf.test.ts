import type { CustomerRow, ReportRow, SampleRow } from "@lab/db";
import jsQR from "jsqr";
import QRCode from "qrcode";
import { describe, expect, it, vi } from "vitest";

import { marketSummary } from "@lab/contracts";

import { testEnv } from "../../env";
import { coaInput } from "../../test/coa-fixture";
import { embeddedFontNames, hasPdftoppm, pdfPages, pdfTitle, renderPages, rgba } from "../../test/pdf-text";
import { coordinates, LAB, reportPdfFileName } from "./identity";
import { buildReportPdf } from "./report-pdf";
import { indiaTime } from "./sheet";
import { certificateQr, verifyQrUrl, verifyUrl } from "./verify";

/** Draws a QR code's modules as pixels, 4 px a module with a module of quiet zone, and decodes them. */
function decodeModules(qr: ReturnType<typeof certificateQr>): string | undefined {
  const scale = 4;
  const side = (qr.size + 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - 1;
      const column = Math.floor(x / scale) - 1;
      if (row >= 0 && column >= 0 && row < qr.size && column < qr.size && qr.dark(row, column)) {
        pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }
  }
  return jsQR(pixels, side, side)?.data;
}

describe("the check code on a certificate", () => {
  it("prints the report's check code in groups of four under the certification number", async () => {
    const text = (await pdfPages(await buildReportPdf(input))).join("\n");
    expect(text).toContain("Certification No.: NSP-CERT-2026-042\nCheck code: 4F3A-91C2-0B7D-E5A1");
    expect(text).toContain(
      "The full results open there with the check code printed under the certificate number.",
    );
  });

  it("the QR code drawn on the certificate decodes to the public check with the code in the URL's fragment", async () => {
    const create = vi.spyOn(QRCode, "create");
    try {
      await buildReportPdf(input);
      const [url] = create.mock.calls.map(([text]) => String(text));
      expect(url).toBe("https://portal.aquatest.in/verify/NSP-CERT-2026-042#c=4F3A91C20B7DE5A1");
      expect(decodeModules(certificateQr(url ?? ""))).toBe(url);
    } finally {
      create.mockRestore();
    }
    expect(verifyQrUrl("https://portal.aquatest.in/", "NSP-CERT-2026-042", "4F3A91C20B7DE5A1")).toBe(
      "https://portal.aquatest.in/verify/NSP-CERT-2026-042#c=4F3A91C20B7DE5A1",
    );
  });
});

describe("certificate QR code", () => {
  it("the modules drawn on the certificate decode to the public check of the certification number", () => {
    const url = verifyUrl("https://portal.aquatest.in/", "NSP-CERT-2026-042");
    expect(url).toBe("https://portal.aquatest.in/verify/NSP-CERT-2026-042");
    // Rasterised as the PDF draws it: 4 px a module, a module of quiet zone.
    const qr = certificateQr(url);
    const scale = 4;
    const side = (qr.size + 2) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1) {
        const row = Math.floor(y / scale) - 1;
        const column = Math.floor(x / scale) - 1;
        if (row >= 0 && column >= 0 && row < qr.size && column < qr.size && qr.dark(row, column)) {
          pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
        }
      }
    }
    expect(jsQR(pixels, side, side)?.data).toBe(url);
  });
});

const at = new Date("2026-03-14T09:30:00Z");
const customer: CustomerRow = {
  id: 7,
  organisationId: 7,
  memberRole: "admin",
  memberScope: "all",
  removedAt: null,
  lastSignInAt: null,
  email: "venkata.ramana@example.in",
  fullName: "వెంకట రమణ",
  company: "Sri Lakshmi Aqua Farms 🦐",
  phoneNumber: "+919440012345",
  phoneVerifiedAt: null,
  address: null,
  passwordHash: "x",
  emailVerifiedAt: at,
  defaultMarkets: [],
  language: "en",
  smsFallback: true,
  createdAt: at,
  updatedAt: at,
};
const sample: SampleRow = {
  id: 4711,
  organisationId: 7,
  customerId: 7,
  providerId: null,
  status: "COMPLETED",
  samplerName: "లక్ష్మీ దేవి",
  samplerLocation: "Amalāpuram, East Godāvari",
  lat: null,
  lng: null,
  shrimpCategory: "Vannamei",
  testTypes: ["Water Quality"],
  shrimpSubCategory: "Water Quality",
  phoneNumber: "+919440012345",
  emailAddress: null,
  agentId: null,
  agentAcceptedAt: null,
  assigned: "",
  testingEta: null,
  createdAt: at,
  updatedAt: at,
  searchText: null,
  markets: [],
  resultRound: 1,
  pondId: null,
  cropId: null,
  lotId: null,
  purpose: null,
  collectorNotes: null,
};
const report: ReportRow = {
  id: 321,
  sampleId: 4711,
  customerId: 7,
  organisationId: 7,
  result: "success",
  details: {
    initialInspection: "Received from लक्ष्मी देवी and தமிழ்செல்வி, checked by সুব্রত.",
    labResults: {
      viralScreening: "Not detected ✓",
      bacterialAnalysis: "",
      parasiteCheck: "",
      geneticMarkers: "",
      waterQuality: "Pond at Godāvari delta 🐟",
    },
    finalReview: "Fit for stocking.",
  },
  tests: [
    { testType: "pH", value: "7.9", unit: "", limit: "≥ 7.5 and ≤ 8.5", method: "APHA", verdict: "pass" },
  ],
  certification: "NSP-CERT-2026-042",
  status: "valid",
  revokedReason: null,
  revokedAt: null,
  revokedReasonCode: null,
  revokedBy: null,
  revocationConfirmedBy: null,
  checkCode: "4F3A91C20B7DE5A1",
  issuedBy: 1,
  round: 1,
  analystId: null,
  analysedAt: null,
  testingStartedAt: null,
  markets: [],
  parameters: [],
  remarks: null,
  replacesId: null,
  replacedById: null,
  completedAt: at,
};
const input = {
  report,
  sample,
  customer,
  signatory: "Dr. Suresh Reddy",
  publicUrl: "https://portal.aquatest.in",
};

const squash = (text: string) => text.replace(/\s+/g, "");
const sorted = (text: string) => [...squash(text)].sort().join("");

describe("buildReportPdf, a report issued before certified results (free-text tests)", () => {
  it("certificate: names in Telugu, Devanagari, Tamil and Bengali, emoji, ≥ ≤ ✓ and ā read back from the PDF", async () => {
    const pdf = await buildReportPdf(input);
    const text = (await pdfPages(pdf)).join("\n");
    expect(text).toContain("Certificate of Analysis");
    expect(text).toContain("NSP-CERT-2026-042");
    expect(text).toContain(LAB.address);
    // Characters drawn in logical order come back as typed.
    expect(text).toContain("लक्ष्मी देवी");
    expect(text).toContain("সুব্রত");
    expect(text).toContain("Godāvari");
    expect(text).toContain("Amalāpuram");
    expect(text).toContain("≥ 7.5 and ≤ 8.5");
    expect(text).toContain("Not detected ✓");
    expect(text).toContain("🦐");
    expect(text).toContain("🐟");
    // pdf.js puts a space where a Telugu vowel sign's positioning moves the pen (poppler's pdftotext
    // gives "వెంకట రమణ" exactly): compared without spaces.
    expect(squash(text)).toContain("వెంకటరమణ");
    // A vowel sign or subjoined consonant drawn before or after its letter comes back in the glyphs'
    // visual order (pdf.js ignores ActualText): లక్ష్మీ reads as లక్షీ్మ, செ as ெச. The glyphs are the
    // right ones, and a reader shows the shaped name; the extracted text holds exactly its characters.
    expect(text).toContain("లక్షీ్మ దేవి");
    expect(sorted("లక్షీ్మ దేవి")).toBe(sorted("లక్ష్మీ దేవి"));
    expect(text).toContain("தமிழ்ெசல்வி");
    expect(sorted("தமிழ்ெசல்வி")).toBe(sorted("தமிழ்செல்வி"));
    // Never the jsPDF garbage of the issue.
    expect(text).not.toMatch(/"e|"d|Godvari/);
  });

  it("embeds subsets only: every font's name has a subset tag, and the file stays small", async () => {
    const pdf = await buildReportPdf(input);
    const fonts = embeddedFontNames(pdf);
    expect(fonts.length).toBeGreaterThanOrEqual(6);
    for (const name of fonts) expect(name).toMatch(/^[A-Z]{6}\+Noto/);
    expect(new Set(fonts.map((name) => name.replace(/^[A-Z]+\+/, "")))).toEqual(
      new Set([
        "NotoSans-Regular",
        "NotoSans-Bold",
        "NotoSansTelugu-Regular",
        "NotoSansDevanagari-Regular",
        "NotoSansTamil-Regular",
        "NotoSansBengali-Regular",
        "NotoSansMath-Regular",
        "NotoEmoji-Regular",
      ]),
    );
    // The fonts drawn with weigh over 1.5 MB as files (Noto Emoji alone 0.55 MB).
    expect(pdf.length).toBeLessThan(80_000);
  });

  it("failed test: titled Test Report with its report number, no certificate wording, QR or verify link", async () => {
    const failed = { ...report, result: "failure" as const, certification: null };
    const pdf = await buildReportPdf({ ...input, report: failed });
    const text = (await pdfPages(pdf)).join("\n");
    expect(await pdfTitle(pdf)).toBe("Test Report R-321");
    expect(text).toContain("Test Report");
    expect(text).toContain("Report No.: R-321");
    expect(text).toContain("Test Failed");
    expect(text).not.toContain("Certificate of Analysis");
    expect(text).not.toContain("Certification No.");
    expect(text).not.toContain("/verify/");
    expect(text).not.toContain("Check code");
    expect(reportPdfFileName(failed)).toBe("test-report-R-321.pdf");
    expect(reportPdfFileName(report)).toBe("NSP-CERT-2026-042.pdf");
    expect(await pdfTitle(await buildReportPdf(input))).toBe("Certificate of Analysis NSP-CERT-2026-042");
  });

  it("revoked certificate: says REVOKED, when and why in the fixed reason's words, never staff's internal note", async () => {
    const revoked = {
      ...report,
      status: "revoked" as const,
      revokedAt: at,
      revokedReasonCode: "sample_mislabelled",
      revokedReason: "Tank 4 label swapped by the night shift",
    };
    const text = (await pdfPages(await buildReportPdf({ ...input, report: revoked }))).join("\n");
    expect(text).toContain("REVOKED");
    expect(text).toContain("Revoked on 14 Mar 2026: The sample was mislabelled or mixed up");
    expect(text).not.toContain("night shift");
  });

  it("long texts flow onto a second page; each page names the certificate and says Page n of 2", async () => {
    const long = {
      ...report,
      details: {
        ...report.details,
        initialInspection: "Long text. ".repeat(150),
        finalReview: "లక్ష్మీ దేవి ".repeat(120),
      },
    };
    const pages = await pdfPages(await buildReportPdf({ ...input, report: long }));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain("Certificate of Analysis NSP-CERT-2026-042 · Page 1 of 2");
    expect(pages[1]).toContain("Certificate of Analysis NSP-CERT-2026-042 · Page 2 of 2");
    expect(pages[1]).toContain("Authorised signatory: Dr. Suresh Reddy");
  });

  it("a long name without spaces wraps inside its cell and every character stays on the page", async () => {
    const long = "Averyveryverylongcompanynamewithoutanyspacesatallthatkeepsgoingandgoing";
    const pdf = await buildReportPdf({ ...input, customer: { ...customer, company: long } });
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain("Page 1 of 1");
    expect(squash(pages[0] ?? "")).toContain(long);
    expect(pages[0]).not.toContain(long);
  });
});

describe("certificate of analysis from certified results (parameters judged per market)", () => {
  it("formats: the pond's coordinates with hemispheres, India time, the market summary in marks", () => {
    expect(coordinates(16.5449, 81.5212)).toBe("16.5449° N, 81.5212° E");
    expect(coordinates(-8.5, -35.25)).toBe("8.5000° S, 35.2500° W");
    expect(coordinates(null, 81.5)).toBeNull();
    expect(indiaTime(new Date("2026-03-16T10:45:00Z"))).toBe("16 Mar 2026, 16:15 IST");
    expect(
      marketSummary([
        { code: "EU", name: "European Union", specVersionId: 1, version: 1, verdict: "pass" },
        { code: "JP", name: "Japan", specVersionId: 3, version: 1, verdict: "fail" },
      ]),
    ).toBe("EU ✓ · JP ✗");
  });

  it("prints every section: lab, customer, provider, pond, collection, reception, test period, results per market, specifications, analyst and reviewer", async () => {
    const pdf = await buildReportPdf(coaInput());
    const pages = await pdfPages(pdf);
    const text = pages.join("\n");
    const flat = squash(text);
    // The lab and its accreditation.
    expect(text).toContain(LAB.name);
    expect(text).toContain(LAB.accreditation);
    expect(text).toContain("Certificate of Analysis");
    expect(text).toContain("Certification No.: NSP-CERT-2026-042");
    expect(text).toContain("Issued: 16 Mar 2026, 16:15 IST");
    // Customer (Telugu), company (Hindi), provider and sample.
    expect(flat).toContain("వెంకటరమణ");
    expect(text).toContain("लक्ष्मी एक्वा");
    expect(text).toContain("(+91 94400 12345)");
    expect(text).toContain("#4711 · Vannamei");
    expect(text).toContain("16.5449° N, 81.5212° E");
    expect(text).toContain("Amalāpuram, East Godāvari");
    expect(flat).toContain(
      squash("Antibiotic Residue Test, Chemical Residue Analysis, Heavy Metal Analysis"),
    );
    // Collection by the agent, reception, the test period (India time).
    expect(text).toContain("Ravi Kumar, 14 Mar 2026, 10:50 IST");
    expect(text).toContain("Received 14 Mar 2026, 16:35 IST");
    expect(flat).toContain(squash("15 Mar 2026, 09:30 IST – 16 Mar 2026, 11:45 IST"));
    // The parameter table: parameter, method, unit, LOD/LOQ, result, and each market's limit and verdict.
    expect(text).toMatch(/Parameter Method Unit LOD \/\s+LOQ\s+Result EU limit EU US limit US JP limit JP/);
    expect(text).toMatch(/Chloramphenicol LC-MS\/MS [µμ]g\/kg 0\.03 \/ 0\.1 Not detected < 0\.15 ✓ Pass/);
    expect(text).toMatch(
      /Tetracyclines \(sum\) LC-MS\/MS [µμ]g\/kg 5 \/ 10 10\.5 ≤ 100 ✓ Pass — — ≤ 200 ✓ Pass/,
    );
    // µ (micro sign) and μ (Greek mu) share a glyph; pdf.js maps it back to either.
    expect(text).toMatch(/[µμ]g\/kg/);
    expect(text).toContain("Absent in 25 g");
    // Each of the ~23 lines is there once (the table runs over a page).
    expect(text.match(/Vibrio spp\./g)).toHaveLength(1);
    // The verdicts at a glance and in words, the overall result, remarks.
    expect(text).toContain("EU ✓ · US ✓ · JP ✓ — Passed for EU, US, JP");
    expect(text).toContain("Certifies: European Union (EU), United States (US), Japan (JP)");
    expect(text).not.toContain("Does not certify");
    expect(text).not.toContain("Outside a limit");
    expect(text).toContain("European Union ✓ Pass · United States ✓ Pass · Japan ✓ Pass");
    expect(text).toContain("Passed: every result meets the limits of every judged market");
    expect(text).toContain("Sample received chilled at 4 °C; results ≤ LOQ reported as measured.");
    // The specification versions judged against, without the seed's "the lab must confirm" note.
    expect(text).toContain("Specifications judged against");
    expect(text).toContain(
      "European Union (EU) v3 2023-05-25 EU food law for fishery products placed on the Union market",
    );
    expect(text).toContain("Japan (JP) v1 2006-05-29 Food Sanitation Act, positive list system");
    expect(text.toLowerCase()).not.toContain("must confirm");
    // Analyst and reviewer by name and India time (pdf.js reads Indic glyphs in visual order).
    expect(text).toMatch(/Analysed by: .+, 16 Mar 2026, 11:45 IST/);
    expect(sorted(/Analysed by: (.+), 16 Mar/.exec(text)?.[1] ?? "")).toBe(sorted("प्रिया शर्मा"));
    expect(text).toMatch(/Reviewed and released by: .+, 16 Mar 2026, 16:15 IST/);
    expect(sorted(/released by: (.+), 16 Mar/.exec(text)?.[1] ?? "")).toBe(sorted("డా. సురేష్ రెడ్డి"));
    expect(text).toContain(`Check this certificate at https://portal.aquatest.in/verify/NSP-CERT-2026-042`);
    // No free-text sections of the old reports.
    expect(text).not.toContain("Initial inspection");
  });

  it("a failing parameter: ✗ Fail in its market's column, the market ✗, a test report without certificate number", async () => {
    const input = coaInput({ fail: ["CAP"] });
    const pdf = await buildReportPdf(input);
    const text = (await pdfPages(pdf)).join("\n");
    expect(input.report.certification).toBeNull();
    expect(await pdfTitle(pdf)).toBe("Test Report R-321");
    expect(text).toMatch(/Chloramphenicol LC-MS\/MS [µμ]g\/kg 0\.03 \/ 0\.1 1000000 < 0\.15 ✗ Fail/);
    expect(text).toContain("EU ✗ · US ✗ · JP ✗ — Not passed for EU, US, JP");
    expect(text).toContain("No judged market passed: this test report carries no certificate number.");
    expect(text).toContain("Failed: a result exceeds a limit of a judged market");
    expect(text).not.toContain("/verify/");
    expect(text).not.toContain("Certifies:");
  });

  it("one market passed, one failed: a certificate whose first page names the markets it certifies and not, and the failing parameter with its value and limit", async () => {
    // AOZ 0.4 µg/kg: under the EU reference point (< 0.5), detected for the US (none tolerated).
    const input = coaInput({ markets: ["EU", "US"], values: { AOZ: { value: 0.4, qualifier: null } } });
    expect(input.report.markets.map((market) => `${market.code} ${market.verdict}`)).toEqual([
      "EU pass",
      "US fail",
    ]);
    expect(input.report.result).toBe("failure");
    const pdf = await buildReportPdf(input);
    expect(await pdfTitle(pdf)).toBe("Certificate of Analysis NSP-CERT-2026-042");
    const [first = ""] = await pdfPages(pdf);
    expect(first).toContain("Certificate of Analysis");
    expect(first).toContain("Certification No.: NSP-CERT-2026-042");
    expect(first).toContain("Certifies: European Union (EU)");
    expect(first).toContain("Does not certify: United States (US)");
    expect(first).toContain("EU ✓ · US ✗ — Passed for EU · Not for US");
    expect(first).toMatch(
      /Outside a limit\nAOZ \(furazolidone metabolite\): 0\.4 [µμ]g\/kg, US limit Not detected/,
    );
    const text = (await pdfPages(pdf)).join("\n");
    expect(squash(text)).toContain(
      squash("Certified for European Union (EU) only: a result exceeds a limit of United States (US)"),
    );
  });

  it("a prohibited substance seen at all says so in words beside its value", async () => {
    const input = coaInput();
    const lines = input.report.parameters.map((line) =>
      line.code === "CAP" ? { ...line, prohibitedDetected: true } : line,
    );
    const text = (
      await pdfPages(await buildReportPdf({ ...input, report: { ...input.report, parameters: lines } }))
    ).join("\n");
    // The result column is narrow: the words wrap.
    expect(text).toMatch(/Prohibited\s+substance\s+detected/);
    const clean = (await pdfPages(await buildReportPdf(coaInput()))).join("\n");
    expect(clean).not.toMatch(/Prohibited\s+substance/);
  });

  it("a replacement says which revoked report it replaces", async () => {
    const text = (await pdfPages(await buildReportPdf(coaInput({ replaces: "NSP-CERT-2026-017" })))).join(
      "\n",
    );
    expect(text).toContain("Replaces NSP-CERT-2026-017, which was revoked. This certificate supersedes it.");
  });

  it("five markets: three side by side, the other two in a continued table; page x of y and the reproduction note on every page", async () => {
    const pages = await pdfPages(await buildReportPdf(coaInput({ markets: ["EU", "US", "JP", "CN", "IN"] })));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain(
        `Certificate of Analysis NSP-CERT-2026-042 · Page ${index + 1} of ${pages.length}`,
      );
      expect(page).toContain("Not to be reproduced except in full");
    });
    const text = pages.join("\n");
    expect(text).toContain("Results (continued): China, India (domestic)");
    expect(text).toMatch(/Parameter Result CN limit CN IN limit IN/);
    expect(text.match(/Vibrio spp\./g)).toHaveLength(2);
    // The table's header is repeated on the page it continues on, never left alone at a page's end.
    for (const page of pages) {
      const lines = page.trim().split("\n");
      const beforeFooter = lines[lines.length - 2] ?? "";
      expect(beforeFooter).not.toMatch(/^Parameter |^Results|Specifications judged against/);
    }
  });
});

// pdftoppm (poppler-utils) renders pages as a viewer does; CI must have it, elsewhere it may be missing.
const poppler = hasPdftoppm();
if (!poppler) {
  if (testEnv.ci)
    throw new Error("CI=true: pdftoppm (poppler-utils) is required for the rendered-page tests");
  console.warn("notice: pdftoppm not found; the rendered-page tests of the certificate are skipped");
}

describe.runIf(poppler)("certificate of analysis rendered by poppler (pdftoppm)", () => {
  it("every page has ink, the page count matches pdf.js, and the QR code on page 1 decodes to the public check", async () => {
    const pdf = await buildReportPdf(coaInput({ markets: ["EU", "US", "JP", "CN"] }));
    const rendered = renderPages(pdf, 150);
    expect(rendered).toHaveLength((await pdfPages(pdf)).length);
    expect(rendered.length).toBeGreaterThanOrEqual(2);
    for (const page of rendered) {
      // A4 at 150 dpi, and some dark pixels (text) on a white page.
      expect(Math.abs(page.width - (595.28 / 72) * 150)).toBeLessThan(1.5);
      expect(Math.abs(page.height - (841.89 / 72) * 150)).toBeLessThan(1.5);
      const dark = page.gray.reduce((sum, value) => sum + (value < 128 ? 1 : 0), 0);
      expect(dark / page.gray.length).toBeGreaterThan(0.002);
      expect(page.gray[0]).toBe(255);
    }
    const [first] = rendered;
    if (!first) throw new Error("no page");
    expect(jsQR(rgba(first), first.width, first.height)?.data).toBe(
      "https://portal.aquatest.in/verify/NSP-CERT-2026-042#c=4F3A91C20B7DE5A1",
    );
  });

  it("a failed test's report has no QR code to decode", async () => {
    const [first] = renderPages(await buildReportPdf(coaInput({ fail: ["CAP"] })), 150);
    if (!first) throw new Error("no page");
    expect(jsQR(rgba(first), first.width, first.height)).toBeNull();
  });
});
