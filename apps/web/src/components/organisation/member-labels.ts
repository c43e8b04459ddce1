import type { ActivityKind, MemberRole, MemberScope } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

/** Each role's name and what it may do, in the "organisation" namespace. */
export const ROLE_LABELS: Record<MemberRole, MessageKey<"organisation">> = {
  admin: "organisation.role.admin",
  full: "organisation.role.full",
  results: "organisation.role.results",
  billing: "organisation.role.billing",
};

export const ROLE_HINTS: Record<MemberRole, MessageKey<"organisation">> = {
  admin: "organisation.roleHint.admin",
  full: "organisation.roleHint.full",
  results: "organisation.roleHint.results",
  billing: "organisation.roleHint.billing",
};

export const SCOPE_LABELS: Record<MemberScope, MessageKey<"organisation">> = {
  own: "organisation.scope.own",
  all: "organisation.scope.all",
};

/** One sentence per kind of trail entry: {actor}, {subject}, {role}, {scope}, {sample}, … */
export const ACTIVITY_SENTENCES: Record<ActivityKind, MessageKey<"organisation">> = {
  "sample-submitted": "organisation.activity.sampleSubmitted",
  "report-shared": "organisation.activity.reportShared",
  "certificate-downloaded": "organisation.activity.certificateDownloaded",
  "member-invited": "organisation.activity.memberInvited",
  "invitation-resent": "organisation.activity.invitationResent",
  "invitation-revoked": "organisation.activity.invitationRevoked",
  "member-joined": "organisation.activity.memberJoined",
  "member-changed": "organisation.activity.memberChanged",
  "member-removed": "organisation.activity.memberRemoved",
  "member-left": "organisation.activity.memberLeft",
  "member-deactivated": "organisation.activity.memberDeactivated",
  "organisation-updated": "organisation.activity.organisationUpdated",
  "farm-created": "organisation.activity.farmCreated",
  "farm-updated": "organisation.activity.farmUpdated",
  "farm-deleted": "organisation.activity.farmDeleted",
  "pond-created": "organisation.activity.pondCreated",
  "pond-updated": "organisation.activity.pondUpdated",
  "pond-deleted": "organisation.activity.pondDeleted",
  "crop-stocked": "organisation.activity.cropStocked",
  "crop-updated": "organisation.activity.cropUpdated",
  "lot-created": "organisation.activity.lotCreated",
  "lot-updated": "organisation.activity.lotUpdated",
  "share-granted": "organisation.activity.shareGranted",
  "share-revoked": "organisation.activity.shareRevoked",
  "share-received": "organisation.activity.shareReceived",
  "share-withdrawn": "organisation.activity.shareWithdrawn",
};
