import type { CustomerRow, ReportRow, SampleRow } from "@lab/db";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";

import { embeddedFontNames, pdfPages, pdfTitle } from "../test/pdf-text";
import { buildReportPdf, certificateQr, LAB, reportPdfFileName, verifyUrl } from "./report-pdf";

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
  email: "venkata.ramana@example.in",
  fullName: "వెంకట రమణ",
  company: "Sri Lakshmi Aqua Farms 🦐",
  phoneNumber: "+919440012345",
  address: null,
  passwordHash: "x",
  emailVerifiedAt: at,
  defaultMarkets: [],
  createdAt: at,
  updatedAt: at,
};
const sample: SampleRow = {
  id: 4711,
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
  assigned: "",
  testingEta: null,
  createdAt: at,
  updatedAt: at,
  searchText: null,
  markets: [],
  resultRound: 1,
};
const report: ReportRow = {
  id: 321,
  sampleId: 4711,
  customerId: 7,
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

describe("buildReportPdf (pdfkit, Noto fonts)", () => {
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
    expect(reportPdfFileName(failed)).toBe("test-report-R-321.pdf");
    expect(reportPdfFileName(report)).toBe("NSP-CERT-2026-042.pdf");
    expect(await pdfTitle(await buildReportPdf(input))).toBe("Certificate of Analysis NSP-CERT-2026-042");
  });

  it("revoked certificate: says REVOKED, when and why", async () => {
    const revoked = {
      ...report,
      status: "revoked" as const,
      revokedAt: at,
      revokedReason: "Sample mislabelled",
    };
    const text = (await pdfPages(await buildReportPdf({ ...input, report: revoked }))).join("\n");
    expect(text).toContain("REVOKED");
    expect(text).toContain("Revoked on 14 Mar 2026: Sample mislabelled");
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
