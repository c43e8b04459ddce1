import type { NotificationRow } from "@lab/db";
import { translatorFor } from "@lab/i18n/node";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { legacyDatabase, migrationTagOf, type LegacyDatabase } from "../../test/legacy-database";
import { renderNotice } from "./notification-kinds";

// Migration 0017 turns stored English notification texts into kinds and parameters. The
// database is brought to 0016 statement by statement, given rows as the API wrote them before, then 0017 runs.

/** [title, message, type, data] as the API stored them before 0017. */
const OLD_ROWS: [string, string, string, Record<string, unknown>][] = [
  [
    "Sample Submitted",
    "Sample #12 has been submitted. An agent will be assigned within 30 seconds.",
    "sample_status_change",
    { stage: "submitted" },
  ],
  [
    "Agent Assigned",
    "Suresh Babu will collect sample #12.",
    "sample_assigned",
    { stage: "agent-assigned", agent: "Suresh Babu" },
  ],
  // An older row without the agent in its data: read back from the message.
  [
    "Agent Changed",
    "Kiran will now collect sample #12.",
    "sample_agent_changed",
    { stage: "agent-assigned" },
  ],
  ["Agent Unassigned", "Sample #12 is waiting for a new agent.", "sample_unassigned", { stage: "submitted" }],
  [
    "Sample Collected",
    "Sample #12 has been collected and is on its way to the laboratory.",
    "sample_status_change",
    { stage: "agent-assigned" },
  ],
  ["Testing Started", "Sample #12 is being tested.", "sample_status_change", { stage: "testing" }],
  [
    "Testing Complete",
    "The report for sample #12 is now available.",
    "sample_completed",
    { stage: "completed" },
  ],
  [
    "Report Replaced",
    "The report for sample #12 was replaced by NSP-CERT-2026-004.",
    "report_replaced",
    { stage: "completed", reportId: 5 },
  ],
  [
    "Report Replaced",
    "The report for sample #12 was replaced by a new report.",
    "report_replaced",
    { stage: "completed", reportId: 6 },
  ],
  [
    "Report Revoked",
    "The report for sample #12 (NSP-CERT-2026-003) was revoked: Wrong value: entered 12 (not 1.2) was revoked: twice",
    "report_revoked",
    { stage: "completed", reportId: 4 },
  ],
  [
    "Report Revoked",
    "The report for sample #12 was revoked: typo",
    "report_revoked",
    { stage: "completed", reportId: 7 },
  ],
  ["Lab Closed", "The laboratory is closed on Monday.", "announcement", {}],
];

let legacy: LegacyDatabase;
const query = <T>(statement: ReturnType<typeof sql>) => legacy.query<T>(statement);

beforeAll(async () => {
  legacy = await legacyDatabase("0017_");
});
afterAll(async () => {
  await legacy.close();
});

describe("migration 0017: notifications become a kind with parameters", () => {
  it("derives every old row's parameters from its text, drops the text, and renders the same English", async () => {
    expect(migrationTagOf("0017_")).toBe("0017_notification_params");
    const [customer] = await query<{ id: number }>(
      sql`insert into customers (email, full_name, password_hash) values ('old@example.in', 'Old Farm', 'x') returning id`,
    );
    for (const [title, message, type, data] of OLD_ROWS) {
      await legacy.database.db.execute(
        sql`insert into notifications (customer_id, type, title, message, data) values (${customer?.id}, ${type}, ${title}, ${message}, ${JSON.stringify(data)}::jsonb)`,
      );
    }

    await legacy.migrate();

    const columns = (
      await query<{ column_name: string }>(
        sql`select column_name from information_schema.columns where table_name = 'notifications' order by column_name`,
      )
    ).map((row) => row.column_name);
    expect(columns).not.toContain("title");
    expect(columns).not.toContain("message");

    const rows = await query<{ type: string; data: NotificationRow["data"] }>(
      sql`select id, type, data from notifications order by id`,
    );
    expect(rows.map((row) => row.data)).toEqual([
      { stage: "submitted", notice: "sampleSubmitted" },
      { stage: "agent-assigned", agent: "Suresh Babu", notice: "agentAssigned" },
      { stage: "agent-assigned", agent: "Kiran", notice: "agentChanged" },
      { stage: "submitted", notice: "agentUnassigned" },
      { stage: "agent-assigned", notice: "sampleCollected" },
      { stage: "testing", notice: "testingStarted" },
      { stage: "completed", notice: "testingComplete" },
      { stage: "completed", reportId: 5, notice: "reportReplaced", certification: "NSP-CERT-2026-004" },
      { stage: "completed", reportId: 6, notice: "reportReplaced" },
      {
        stage: "completed",
        reportId: 4,
        notice: "reportRevoked",
        certification: "NSP-CERT-2026-003",
        reason: "Wrong value: entered 12 (not 1.2) was revoked: twice",
      },
      { stage: "completed", reportId: 7, notice: "reportRevoked", reason: "typo" },
      { notice: "legacy", title: "Lab Closed", message: "The laboratory is closed on Monday." },
    ]);

    // Read in English, every migrated row says exactly what it said before; in Telugu, its own words.
    const english = translatorFor("en");
    rows.forEach((row, index) => {
      const [title, message] = OLD_ROWS[index] ?? [];
      expect(renderNotice({ type: row.type, data: row.data, sampleId: 12 }, english)).toEqual({
        title,
        message,
      });
    });
    const revoked = rows[9];
    expect(revoked && renderNotice({ ...revoked, sampleId: 12 }, translatorFor("te"))).toEqual({
      title: "నివేదిక రద్దు చేయబడింది",
      message:
        "నమూనా #12 నివేదిక (NSP-CERT-2026-003) రద్దు చేయబడింది: Wrong value: entered 12 (not 1.2) was revoked: twice",
    });
  });
});
