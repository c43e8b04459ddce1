// The lab's staff API, for journeys that need samples moved along (the lab journey covers the
// console's screens). Every agent added here must be deactivated again: the dispatcher assigns every
// PENDING sample to an active agent every 2 s.
import { resultValueRange } from "@lab/contracts";
import type { Page } from "playwright-core";
import { expect } from "vitest";

// The demo staff account: the server seeds it when NODE_ENV is not production (apps/api/src/env.ts).
export const STAFF_EMAIL = "lab@aquatest.local";
export const STAFF_PASSWORD = "LabAdmin#2026";

export type StaffHeaders = Record<string, string>;

/** Signs the demo staff member in through the API; answers the Authorization header. */
export async function staffHeaders(page: Page): Promise<StaffHeaders> {
  const login = await page.request.post("/api/lab/login", {
    data: { email: STAFF_EMAIL, password: STAFF_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

export interface AgentInput {
  name: string;
  phone: string;
}

/** Adds an active agent; answers its id. */
export async function addAgent(page: Page, headers: StaffHeaders, agent: AgentInput): Promise<number> {
  const created = await page.request.post("/api/lab/agents", {
    headers,
    data: { ...agent, active: true, coordinates: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

export async function deactivateAgent(
  page: Page,
  headers: StaffHeaders,
  id: number,
  agent: AgentInput,
): Promise<void> {
  const updated = await page.request.put(`/api/lab/agents/${id}`, {
    headers,
    data: { ...agent, active: false },
  });
  expect(updated.status(), await updated.text()).toBe(200);
}

/** Deactivates every active agent of that name (a journey's clean-up). */
export async function deactivateAgentsNamed(page: Page, headers: StaffHeaders, name: string): Promise<void> {
  const read = await page.request.get("/api/lab/agents", { headers });
  expect(read.status(), await read.text()).toBe(200);
  const roster = (await read.json()) as { id: number; name: string; phone: string; active: boolean }[];
  for (const agent of roster.filter((entry) => entry.name === name && entry.active)) {
    await deactivateAgent(page, headers, agent.id, agent);
  }
}

/** The sample's status as staff read it. */
export async function staffSampleStatus(page: Page, headers: StaffHeaders, id: number): Promise<string> {
  const read = await page.request.get(`/api/lab/samples/${id}`, { headers });
  expect(read.status(), await read.text()).toBe(200);
  const body = (await read.json()) as { sample?: { status: string }; status?: string };
  return body.sample?.status ?? body.status ?? "";
}

/**
 * Assigns the agent. The dispatcher may have been quicker (409): then the sample must already be
 * COLLECTING.
 */
export async function assignAgent(
  page: Page,
  headers: StaffHeaders,
  id: number,
  agentId: number,
): Promise<void> {
  const assigned = await page.request.post(`/api/lab/samples/${id}/assign`, { headers, data: { agentId } });
  if (assigned.status() === 409) {
    expect(await staffSampleStatus(page, headers, id)).toBe("COLLECTING");
    return;
  }
  expect(assigned.status(), await assigned.text()).toBe(200);
}

/** Puts a COLLECTING sample back to PENDING. */
export async function unassign(page: Page, headers: StaffHeaders, id: number): Promise<void> {
  const moved = await page.request.post(`/api/lab/samples/${id}/unassign`, { headers });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** COLLECTING → COLLECTED → TESTING. */
export async function collectAndStartTesting(page: Page, headers: StaffHeaders, id: number): Promise<void> {
  for (const status of ["COLLECTED", "TESTING"]) {
    const moved = await page.request.post(`/api/lab/samples/${id}/status`, { headers, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/**
 * Takes a PENDING sample to TESTING through the staff API: adds the agent, assigns it and switches it
 * off again at once (the dispatcher would hand it the other journeys' samples), then COLLECTED and
 * TESTING.
 */
export async function moveToTesting(
  page: Page,
  headers: StaffHeaders,
  id: number,
  agent: AgentInput,
): Promise<void> {
  const agentId = await addAgent(page, headers, agent);
  try {
    await assignAgent(page, headers, id, agentId);
  } finally {
    await deactivateAgent(page, headers, agentId, agent);
  }
  await collectAndStartTesting(page, headers, id);
}

// A second staff member: the two-person rule lets no one release results they entered, so
// journeys enter as the demo account and release as this reviewer.
export const REVIEWER_EMAIL = "reviewer.e2e@aquatest.local";
export const REVIEWER_PASSWORD = "Reviewer#2026e2e";
export const REVIEWER_NAME = "Dr. Meera Pillai";

/** Signs a staff member in through the API; answers the Authorization header. */
export async function staffHeadersOf(page: Page, email: string, password: string): Promise<StaffHeaders> {
  const login = await page.request.post("/api/lab/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

/**
 * Adds a staff member (admin call) unless the e-mail already has an account (an earlier journey of
 * the same server added it); answers nothing: sign in with staffHeadersOf.
 */
export async function ensureStaffMember(
  page: Page,
  adminHeaders: StaffHeaders,
  member: { email: string; name: string; password: string; roles: string[] },
): Promise<void> {
  const added = await page.request.post("/api/lab/staff", { headers: adminHeaders, data: member });
  if (added.status() === 409) return;
  expect(added.status(), await added.text()).toBe(201);
}

/** The reviewer's Authorization header, adding the reviewer first if needed. */
export async function reviewerHeaders(page: Page): Promise<StaffHeaders> {
  await ensureStaffMember(page, await staffHeaders(page), {
    email: REVIEWER_EMAIL,
    name: REVIEWER_NAME,
    password: REVIEWER_PASSWORD,
    roles: ["reviewer"],
  });
  return staffHeadersOf(page, REVIEWER_EMAIL, REVIEWER_PASSWORD);
}

/**
 * Revokes a report the lab's default way, two people: `headers` (the demo account) asks with a reason
 * code and an internal note, the e2e reviewer confirms.
 */
export async function revokeByTwo(
  page: Page,
  headers: StaffHeaders,
  reportId: number,
  body: { reasonCode: string; note?: string },
): Promise<void> {
  const asked = await page.request.post(`/api/lab/reports/${reportId}/revoke`, { headers, data: body });
  expect(asked.status(), await asked.text()).toBe(202);
  const { id } = (await asked.json()) as { id: number };
  const confirmed = await page.request.post(`/api/lab/revocations/${id}/confirm`, {
    headers: await reviewerHeaders(page),
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

interface PanelParameter {
  code: string;
  kind: "quantitative" | "qualitative" | "graded";
  methodRole: "screening" | "confirmatory";
  grades: string[] | null;
  per25g: boolean;
  unit: string | null;
}

export interface ResultInput {
  code: string;
  value?: number;
  qualifier?: string;
}

/** The panel of a sample as staff read it. */
export async function samplePanel(page: Page, headers: StaffHeaders, id: number): Promise<PanelParameter[]> {
  const read = await page.request.get(`/api/lab/samples/${id}`, { headers });
  expect(read.status(), await read.text()).toBe(200);
  return ((await read.json()) as { panel: PanelParameter[] }).panel;
}

/**
 * Nothing detected (or the best grade) for every parameter. A failed sample reads outside every
 * limit: detected, far above any maximum, the worst grade (screenings stay negative: a positive
 * would wait for confirmation).
 */
export function resultsFor(panel: readonly PanelParameter[], verdict: "pass" | "fail"): ResultInput[] {
  return panel.map((parameter): ResultInput => {
    const code = parameter.code;
    const bad = verdict === "fail" && parameter.methodRole !== "screening";
    // A failing reading is the highest the lab accepts in the parameter's unit: above any limit.
    const worst = resultValueRange(parameter).max;
    if (parameter.kind === "graded") {
      const grades = parameter.grades ?? [];
      const grade = bad ? grades[grades.length - 1] : grades[0];
      return grade !== undefined ? { code, qualifier: grade } : { code, value: bad ? worst : 0 };
    }
    if (parameter.kind === "qualitative") {
      if (parameter.per25g) return { code, qualifier: bad ? "present" : "absent" };
      return { code, qualifier: bad ? "detected" : "not_detected" };
    }
    return bad ? { code, value: worst } : { code, qualifier: "not_detected" };
  });
}

/** POST /lab/samples/{id}/results; answers the analysis (its judgement's result once complete). */
export async function enterResults(
  page: Page,
  headers: StaffHeaders,
  id: number,
  results: readonly ResultInput[],
): Promise<{ state: string; judgement: { result: "success" | "failure" | null } }> {
  const entered = await page.request.post(`/api/lab/samples/${id}/results`, {
    headers,
    data: { results },
  });
  expect(entered.status(), await entered.text()).toBe(200);
  return (await entered.json()) as { state: string; judgement: { result: "success" | "failure" | null } };
}

/**
 * Issues the report of a TESTING sample the way the lab does: the demo account (staff A)
 * enters a result for every parameter of the panel, the reviewer (staff B) releases them. Answers
 * the report.
 */
export async function issueReport(
  page: Page,
  headers: StaffHeaders,
  id: number,
  verdict: "pass" | "fail",
): Promise<{ id: number; certification: string | null }> {
  const panel = await samplePanel(page, headers, id);
  expect(panel.length, `sample #${String(id)} has no panel of parameters`).toBeGreaterThan(0);
  const analysis = await enterResults(page, headers, id, resultsFor(panel, verdict));
  expect(analysis.judgement.result).toBe(verdict === "pass" ? "success" : "failure");
  const released = await page.request.post(`/api/lab/samples/${id}/release`, {
    headers: await reviewerHeaders(page),
    data: {},
  });
  expect(released.status(), await released.text()).toBe(201);
  const report = (await released.json()) as { id: number; details: { certification: string | null } };
  return { id: report.id, certification: report.details.certification };
}
