import { revocationReasonOf, type RevocationReason } from "@lab/contracts";
import {
  labSettingChanges,
  labSettings,
  reports,
  revocationRequests,
  staff,
  type Executor,
  type ReportRow,
  type RevocationRequestRow,
  type StaffRow,
  type Tx,
} from "@lab/db";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";

import { conflict, forbidden, notFound, unauthorized } from "../../lib/app-error";
import type { DomainContext } from "../context";
import { labSettingsRow } from "./lab-settings";
import { revokeReport } from "./reports";
import { requireRole } from "../staff/staff-roles";

// Withdrawing a certificate is as serious as issuing one: only a reviewer or an admin may, and by
// default a second one confirms (the first asks). An admin may let one person revoke alone; every
// change of that setting is kept with who made it.

/** Revocation actions (ask, confirm, cancel) one staff member may take per hour. */
export const REVOCATION_ACTIONS_PER_HOUR = 10;

const ONE_PERSON_REVOCATION = "onePersonRevocation";
const SCREENING_VALID_DAYS = "screeningValidDays";
const COLLECTION_RADIUS_M = "collectionRadiusM";
const INTERNATIONAL_PHONES = "internationalPhones";

const requestNotFound = () => notFound("revocationRequestNotFound");

/**
 * The signed-in member, if they may revoke: an active reviewer or admin. Read per call, so a role taken
 * away takes effect at once.
 */
async function requireRevoker(executor: Executor, staffId: number): Promise<StaffRow> {
  const [member] = await executor.select().from(staff).where(eq(staff.id, staffId));
  if (!member) throw unauthorized("authRequired");
  if (!member.active) throw forbidden("staffDeactivated", "staff_deactivated");
  if (!member.roles.includes("reviewer") && !member.roles.includes("admin"))
    throw forbidden("revokeRoleRequired");
  return member;
}

async function onePersonRevocation(executor: Executor): Promise<boolean> {
  return (await labSettingsRow(executor)).onePersonRevocation;
}

async function lockValidReport(tx: Tx, reportId: number): Promise<ReportRow> {
  const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for("update");
  if (!report) throw notFound("reportNotFound");
  if (report.status === "revoked") throw conflict("reportAlreadyRevoked");
  return report;
}

async function openRequestOf(executor: Executor, reportId: number) {
  const [open] = await executor
    .select({ id: revocationRequests.id })
    .from(revocationRequests)
    .where(and(eq(revocationRequests.reportId, reportId), isNull(revocationRequests.outcome)));
  return open;
}

/** A revocation request with what the console shows beside it. */
export interface RevocationRequestView {
  request: RevocationRequestRow;
  report: { id: number; sampleId: number; certification: string | null };
  requestedBy: { id: number; name: string };
  decidedBy: { id: number; name: string } | null;
}

async function views(
  executor: Executor,
  rows: readonly RevocationRequestRow[],
): Promise<RevocationRequestView[]> {
  if (rows.length === 0) return [];
  const staffIds = [
    ...new Set(rows.flatMap((row) => [row.requestedBy, row.decidedBy]).filter((id) => id !== null)),
  ];
  const [people, reported] = await Promise.all([
    executor.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds)),
    executor
      .select({ id: reports.id, sampleId: reports.sampleId, certification: reports.certification })
      .from(reports)
      .where(
        inArray(
          reports.id,
          rows.map((row) => row.reportId),
        ),
      ),
  ]);
  const person = (id: number) => ({ id, name: people.find((one) => one.id === id)?.name ?? "" });
  return rows.flatMap((request) => {
    const report = reported.find((one) => one.id === request.reportId);
    if (!report) return [];
    return [
      {
        request,
        report,
        requestedBy: person(request.requestedBy),
        decidedBy: request.decidedBy === null ? null : person(request.decidedBy),
      },
    ];
  });
}

async function viewOf(executor: Executor, row: RevocationRequestRow): Promise<RevocationRequestView> {
  const [view] = await views(executor, [row]);
  if (!view) throw requestNotFound();
  return view;
}

export type AskOutcome =
  { kind: "requested"; request: RevocationRequestView } | { kind: "revoked"; report: ReportRow };

/**
 * A reviewer or admin asks for a report's revocation. Under the two-person rule (the default) this
 * opens a request and the report stays valid until a different reviewer or admin confirms; under
 * one-person revocation the report is revoked at once, recorded as asked and confirmed by the same
 * person.
 */
export async function askRevocation(
  ctx: DomainContext,
  reportId: number,
  input: { reasonCode: RevocationReason; note: string },
  staffId: number,
): Promise<AskOutcome> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx, effects): Promise<AskOutcome> => {
    const member = await requireRevoker(tx, staffId);
    const report = await lockValidReport(tx, reportId);
    // The report's row lock makes this check and the insert one step for concurrent asks.
    if (await openRequestOf(tx, reportId)) throw conflict("revocationAlreadyRequested");
    const alone = await onePersonRevocation(tx);
    const [request] = await tx
      .insert(revocationRequests)
      .values({
        reportId,
        reasonCode: input.reasonCode,
        note: input.note,
        requestedBy: member.id,
        requestedAt: now,
        ...(alone ? { outcome: "confirmed" as const, decidedBy: member.id, decidedAt: now } : {}),
      })
      .returning();
    if (!request) throw new Error("insert returned no row");
    if (!alone) return { kind: "requested", request: await viewOf(tx, request) };
    const person = { id: member.id, name: member.name };
    const revoked = await revokeReport(
      tx,
      effects,
      report,
      { reasonCode: input.reasonCode, note: input.note, requestedBy: person, confirmedBy: person },
      now,
    );
    return { kind: "revoked", report: revoked };
  });
}

/** Locks an open request; a decided one is 409, an unknown one 404. */
async function lockOpenRequest(tx: Tx, requestId: number): Promise<RevocationRequestRow> {
  const [request] = await tx
    .select()
    .from(revocationRequests)
    .where(eq(revocationRequests.id, requestId))
    .for("update");
  if (!request) throw requestNotFound();
  if (request.outcome !== null) throw conflict("revocationRequestClosed");
  return request;
}

/**
 * A second reviewer or admin confirms an open request: the report is revoked as it always was
 * (replacement round, the customer told, the event audited). The request's row lock lets exactly
 * one of two simultaneous confirmations through; the other finds it decided (409).
 */
export async function confirmRevocation(
  ctx: DomainContext,
  requestId: number,
  staffId: number,
): Promise<RevocationRequestView> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx, effects) => {
    const member = await requireRevoker(tx, staffId);
    const request = await lockOpenRequest(tx, requestId);
    if (request.requestedBy === member.id) throw forbidden("revocationSamePerson", "same_person");
    const report = await lockValidReport(tx, request.reportId);
    const [requester] = await tx
      .select({ id: staff.id, name: staff.name })
      .from(staff)
      .where(eq(staff.id, request.requestedBy));
    if (!requester) throw requestNotFound();
    await revokeReport(
      tx,
      effects,
      report,
      {
        reasonCode: revocationReasonOf(request.reasonCode),
        note: request.note,
        requestedBy: requester,
        confirmedBy: { id: member.id, name: member.name },
      },
      now,
    );
    const [decided] = await tx
      .update(revocationRequests)
      .set({ outcome: "confirmed", decidedBy: member.id, decidedAt: now })
      .where(eq(revocationRequests.id, request.id))
      .returning();
    if (!decided) throw new Error("update returned no row");
    return viewOf(tx, decided);
  });
}

/** The requester withdraws their request, or another reviewer or admin turns it down; the report stands. */
export async function cancelRevocation(
  ctx: DomainContext,
  requestId: number,
  staffId: number,
): Promise<RevocationRequestView> {
  return ctx.unitOfWork(async (tx) => {
    const member = await requireRevoker(tx, staffId);
    const request = await lockOpenRequest(tx, requestId);
    const [decided] = await tx
      .update(revocationRequests)
      .set({ outcome: "cancelled", decidedBy: member.id, decidedAt: ctx.now() })
      .where(eq(revocationRequests.id, request.id))
      .returning();
    if (!decided) throw new Error("update returned no row");
    return viewOf(tx, decided);
  });
}

/** The open requests, oldest first; of one sample when `sampleId` is given. */
export async function listOpenRevocations(
  ctx: DomainContext,
  filter: { sampleId?: number | undefined } = {},
): Promise<RevocationRequestView[]> {
  const rows = await ctx.db
    .select({ request: revocationRequests })
    .from(revocationRequests)
    .innerJoin(reports, eq(reports.id, revocationRequests.reportId))
    .where(
      and(
        isNull(revocationRequests.outcome),
        filter.sampleId === undefined ? undefined : eq(reports.sampleId, filter.sampleId),
      ),
    )
    .orderBy(asc(revocationRequests.requestedAt), asc(revocationRequests.id));
  return views(
    ctx.db,
    rows.map((row) => row.request),
  );
}

/** The lab's settings and their audit trail, newest change first. */
export type LabSettingChangeView = {
  id: number;
  changedBy: { id: number; name: string } | null;
  changedAt: Date;
} & (
  | { setting: typeof ONE_PERSON_REVOCATION; value: boolean }
  | { setting: typeof SCREENING_VALID_DAYS; value: number }
  | { setting: typeof COLLECTION_RADIUS_M; value: number }
  | { setting: typeof INTERNATIONAL_PHONES; value: boolean }
);
export interface LabSettingsView {
  onePersonRevocation: boolean;
  screeningValidDays: number;
  collectionRadiusM: number;
  internationalPhones: boolean;
  history: LabSettingChangeView[];
}

async function settingsView(executor: Executor): Promise<LabSettingsView> {
  const [current, changes] = await Promise.all([
    labSettingsRow(executor),
    executor
      .select({ change: labSettingChanges, name: staff.name })
      .from(labSettingChanges)
      .leftJoin(staff, eq(staff.id, labSettingChanges.changedBy))
      .where(
        inArray(labSettingChanges.setting, [
          ONE_PERSON_REVOCATION,
          SCREENING_VALID_DAYS,
          COLLECTION_RADIUS_M,
          INTERNATIONAL_PHONES,
        ]),
      )
      .orderBy(desc(labSettingChanges.changedAt), desc(labSettingChanges.id)),
  ]);
  return {
    ...current,
    history: changes.map(({ change, name }): LabSettingChangeView => {
      const common = {
        id: change.id,
        changedBy: change.changedBy !== null && name !== null ? { id: change.changedBy, name } : null,
        changedAt: change.changedAt,
      };
      if (change.setting === SCREENING_VALID_DAYS)
        return { ...common, setting: SCREENING_VALID_DAYS, value: Number(change.value) };
      if (change.setting === COLLECTION_RADIUS_M)
        return { ...common, setting: COLLECTION_RADIUS_M, value: Number(change.value) };
      if (change.setting === INTERNATIONAL_PHONES)
        return { ...common, setting: INTERNATIONAL_PHONES, value: change.value === true };
      return { ...common, setting: ONE_PERSON_REVOCATION, value: change.value === true };
    }),
  };
}

/** Any staff member may read the rules in force and their history (the console says which applies). */
export const getLabSettings = (ctx: DomainContext): Promise<LabSettingsView> => settingsView(ctx.db);

/** What an admin changes: one setting or several, in one step. */
export interface LabSettingsChange {
  onePersonRevocation?: boolean | undefined;
  screeningValidDays?: number | undefined;
  collectionRadiusM?: number | undefined;
  internationalPhones?: boolean | undefined;
}

/**
 * Only an admin changes the settings; each setting given is kept in the trail with its author, even
 * when its value stays.
 */
export async function updateLabSettings(
  ctx: DomainContext,
  change: LabSettingsChange,
  staffId: number,
): Promise<LabSettingsView> {
  const member = await requireRole(ctx, staffId, "admin");
  const now = ctx.now();
  const set = {
    ...(change.onePersonRevocation === undefined ? {} : { onePersonRevocation: change.onePersonRevocation }),
    ...(change.screeningValidDays === undefined ? {} : { screeningValidDays: change.screeningValidDays }),
    ...(change.collectionRadiusM === undefined ? {} : { collectionRadiusM: change.collectionRadiusM }),
    ...(change.internationalPhones === undefined ? {} : { internationalPhones: change.internationalPhones }),
    updatedBy: member.id,
    updatedAt: now,
  };
  const trail = [
    ...(change.onePersonRevocation === undefined
      ? []
      : [{ setting: ONE_PERSON_REVOCATION, value: change.onePersonRevocation }]),
    ...(change.screeningValidDays === undefined
      ? []
      : [{ setting: SCREENING_VALID_DAYS, value: change.screeningValidDays }]),
    ...(change.collectionRadiusM === undefined
      ? []
      : [{ setting: COLLECTION_RADIUS_M, value: change.collectionRadiusM }]),
    ...(change.internationalPhones === undefined
      ? []
      : [{ setting: INTERNATIONAL_PHONES, value: change.internationalPhones }]),
  ];
  return ctx.unitOfWork(async (tx) => {
    await tx
      .insert(labSettings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: labSettings.id, set });
    if (trail.length > 0)
      await tx
        .insert(labSettingChanges)
        .values(trail.map((line) => ({ ...line, changedBy: member.id, changedAt: now })));
    return settingsView(tx);
  });
}
