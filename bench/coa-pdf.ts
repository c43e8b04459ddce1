// Certificate of analysis render time and size, in-process: N renders (default 200) of a realistic
// report (Telugu, Devanagari and Latin names with diacritics, six tests), p50/p95/max and the PDF size.
// Run: pnpm --filter @lab/bench coa-pdf [N]
import type { CustomerRow, ReportRow, SampleRow } from "@lab/db";

import { buildReportPdf } from "@lab/api/report-pdf";

const runs = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 200);

const at = new Date("2026-03-14T09:30:00Z");
const customer: CustomerRow = {
  id: 7,
  organisationId: 7,
  memberRole: "admin",
  memberScope: "all",
  removedAt: null,
  lastSignInAt: null,
  email: "venkata.ramana@example.in",
  fullName: "వెంకట రమణ (Venkata Ramana)",
  company: "Sri Lakshmi Aqua Farms · लक्ष्मी देवी",
  phoneNumber: "+919440012345",
  phoneVerifiedAt: null,
  address: "Plot 12, Godāvari Road, Bhimavaram",
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
  samplerLocation: "Amalāpuram, East Godāvari, Andhra Pradesh",
  lat: 16.58,
  lng: 82.0,
  shrimpCategory: "Vannamei (Litopenaeus vannamei)",
  testTypes: ["Viral Disease Screening", "Antibiotic Residue", "Water Quality"],
  shrimpSubCategory: "Viral Disease Screening, Antibiotic Residue, Water Quality",
  phoneNumber: "+919440012345",
  emailAddress: "lakshmi@example.in",
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
    initialInspection: "Sample received chilled at 4 °C, 30 post-larvae, active, no visible lesions.",
    labResults: {
      viralScreening: "WSSV, IHHNV, EHP: not detected by PCR (≤ 10 copies/µL).",
      bacterialAnalysis: "Vibrio count 1.2 × 10³ CFU/g, within the limit ✓",
      parasiteCheck: "No Zoothamnium or gregarines seen.",
      geneticMarkers: "SPF line markers present.",
      waterQuality: "pH 7.9, salinity 18 ppt, ammonia 0.05 mg/L.",
    },
    finalReview: "Fit for stocking. Reviewed by the quality manager.",
  },
  tests: [
    {
      testType: "WSSV (PCR)",
      value: "Not detected",
      unit: "",
      limit: "Not detected",
      method: "OIE PCR",
      verdict: "pass",
    },
    {
      testType: "IHHNV (PCR)",
      value: "Not detected",
      unit: "",
      limit: "Not detected",
      method: "OIE PCR",
      verdict: "pass",
    },
    {
      testType: "EHP (PCR)",
      value: "Not detected",
      unit: "",
      limit: "Not detected",
      method: "Nested PCR",
      verdict: "pass",
    },
    {
      testType: "Vibrio count",
      value: "1.2 × 10³",
      unit: "CFU/g",
      limit: "≤ 10⁴",
      method: "TCBS plate",
      verdict: "pass",
    },
    {
      testType: "Chloramphenicol",
      value: "< 0.1",
      unit: "µg/kg",
      limit: "≤ 0.3",
      method: "LC-MS/MS",
      verdict: "pass",
    },
    {
      testType: "pH",
      value: "7.9",
      unit: "",
      limit: "≥ 7.5 and ≤ 8.5",
      method: "APHA 4500-H",
      verdict: "pass",
    },
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

// Warm up: module loading, font parsing and JIT.
for (let i = 0; i < 5; i += 1) await buildReportPdf(input);
const times: number[] = [];
let size = 0;
// CPU time too: on a shared machine the wall-clock tail mostly measures the other processes.
const cpuStart = process.cpuUsage();
for (let i = 0; i < runs; i += 1) {
  const start = performance.now();
  const pdf = await buildReportPdf(input);
  times.push(performance.now() - start);
  size = pdf.length;
}
const cpu = process.cpuUsage(cpuStart);
times.sort((a, b) => a - b);
const pct = (p: number) => (times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(1);
console.log(
  `certificate of analysis, ${runs} renders: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms; ` +
    `size ${(size / 1024).toFixed(1)} KB; CPU ${((cpu.user + cpu.system) / 1000 / runs).toFixed(1)} ms a render`,
);
