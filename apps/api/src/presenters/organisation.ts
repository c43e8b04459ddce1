import {
  ACTIVITY_KINDS,
  STATE_CODES,
  type ActivityEntry,
  type ActivityPage,
  type Invitation,
  type InvitationPreview,
  type LabMember,
  type LabOrganisationSummary,
  type Member,
  type Organisation,
} from "@lab/contracts";
import type {
  CustomerRow,
  OrganisationActivityRow,
  OrganisationInvitationRow,
  OrganisationRow,
} from "@lab/db";

import { storedLanguage } from "./customer";

const stateOf = (value: string | null): Organisation["state"] =>
  STATE_CODES.find((code) => code === value) ?? null;

export function presentOrganisation(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    gstin: row.gstin,
    state: stateOf(row.state),
    language: storedLanguage(row.language),
    defaultMarkets: row.defaultMarkets,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A member as colleagues see them; when they last signed in only for the organisation's admins. */
export function presentMember(row: CustomerRow, options: { lastSignIn: boolean }): Member {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    role: row.memberRole,
    scope: row.memberScope,
    joinedAt: row.createdAt.toISOString(),
    lastSignInAt: options.lastSignIn && row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
  };
}

export function presentLabMember(row: CustomerRow): LabMember {
  return {
    ...presentMember(row, { lastSignIn: true }),
    removedAt: row.removedAt ? row.removedAt.toISOString() : null,
  };
}

export function presentInvitation(
  row: OrganisationInvitationRow & { invitedByName?: string | null },
): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    scope: row.scope,
    invitedBy: row.invitedByName ?? null,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function presentInvitationPreview(
  row: OrganisationInvitationRow & { organisationName: string },
): InvitationPreview {
  return {
    organisationName: row.organisationName,
    email: row.email,
    role: row.role,
    scope: row.scope,
    expiresAt: row.expiresAt.toISOString(),
  };
}

const kindOf = (value: string): ActivityEntry["kind"] | undefined =>
  ACTIVITY_KINDS.find((kind) => kind === value);

export function presentActivityPage(page: {
  items: OrganisationActivityRow[];
  nextCursor: number | null;
}): ActivityPage {
  return {
    items: page.items.flatMap((row) => {
      const kind = kindOf(row.kind);
      if (!kind) return [];
      return [
        {
          id: row.id,
          at: row.at.toISOString(),
          kind,
          actor: row.actorId === null ? null : { id: row.actorId, fullName: row.actorName },
          subject: row.subjectLabel === null ? null : { id: row.subjectId, label: row.subjectLabel },
          sampleId: row.sampleId,
          details: row.details,
        },
      ];
    }),
    nextCursor: page.nextCursor,
  };
}

export function presentLabOrganisationSummary(
  row: OrganisationRow & { members: number },
): LabOrganisationSummary {
  return { id: row.id, name: row.name, members: row.members, createdAt: row.createdAt.toISOString() };
}
