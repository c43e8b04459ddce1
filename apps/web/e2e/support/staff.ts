// The lab's staff API, for journeys that need samples moved along (the lab journey covers the
// console's screens). Every agent added here must be deactivated again: the dispatcher assigns every
// PENDING sample to an active agent every 2 s.
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

/** Issues the report of a TESTING sample, one result per requested test type; answers the report. */
export async function issueReport(
  page: Page,
  headers: StaffHeaders,
  id: number,
  testTypes: readonly string[],
  verdict: "pass" | "fail",
): Promise<{ id: number; certification: string | null }> {
  const issued = await page.request.post(`/api/lab/samples/${id}/report`, {
    headers,
    data: {
      initialInspection: "Received chilled, packaging intact.",
      finalReview: verdict === "pass" ? "Fit for export." : "Not fit for export.",
      tests: testTypes.map((testType) => ({
        testType,
        value: verdict === "pass" ? "Not detected" : "Detected",
        limit: "Not detected",
        method: "qPCR",
        verdict,
      })),
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const report = (await issued.json()) as { id: number; details: { certification: string | null } };
  return { id: report.id, certification: report.details.certification };
}
