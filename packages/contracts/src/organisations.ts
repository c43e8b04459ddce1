import { z } from "zod";

import { FARM_ACTIVITY_KINDS } from "./farms";
import { LANGUAGE_CODES } from "./languages";
import { ADDRESS_MAX, COMPANY_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, tooLong } from "./limits";
import { messages } from "./messages";
import { isPasswordValid } from "./password";
import { marketListSchema } from "./results";
import { SHARE_ACTIVITY_KINDS } from "./shares";
import { text } from "./text";

/**
 * What a member may do in their organisation: `admin` everything plus members and the organisation's
 * details; `full` providers, submissions, samples, reports and sharing; `results` reads samples and
 * reports only; `billing` the organisation's details (and later its invoices), no samples.
 */
export const MEMBER_ROLES = ["admin", "full", "results", "billing"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Which samples a member sees: `own` those they submitted, `all` every sample of the organisation. */
export const MEMBER_SCOPES = ["own", "all"] as const;
export type MemberScope = (typeof MEMBER_SCOPES)[number];

/** Roles that see samples, reports and their notifications. */
export const SAMPLE_READER_ROLES: readonly MemberRole[] = ["admin", "full", "results"];
/** Roles that submit samples, edit providers and share reports. */
export const SAMPLE_WRITER_ROLES: readonly MemberRole[] = ["admin", "full"];

export const canReadSamples = (role: MemberRole): boolean => SAMPLE_READER_ROLES.includes(role);
export const canWriteSamples = (role: MemberRole): boolean => SAMPLE_WRITER_ROLES.includes(role);

/** An invitation lasts this long; a re-sent one starts again. */
export const INVITATION_TTL_DAYS = 7;

/**
 * India's states and union territories by their GST state code: the first two digits of a GSTIN
 * name the state it was registered in.
 */
export const INDIAN_STATES = [
  { code: "01", name: "Jammu and Kashmir" },
  { code: "02", name: "Himachal Pradesh" },
  { code: "03", name: "Punjab" },
  { code: "04", name: "Chandigarh" },
  { code: "05", name: "Uttarakhand" },
  { code: "06", name: "Haryana" },
  { code: "07", name: "Delhi" },
  { code: "08", name: "Rajasthan" },
  { code: "09", name: "Uttar Pradesh" },
  { code: "10", name: "Bihar" },
  { code: "11", name: "Sikkim" },
  { code: "12", name: "Arunachal Pradesh" },
  { code: "13", name: "Nagaland" },
  { code: "14", name: "Manipur" },
  { code: "15", name: "Mizoram" },
  { code: "16", name: "Tripura" },
  { code: "17", name: "Meghalaya" },
  { code: "18", name: "Assam" },
  { code: "19", name: "West Bengal" },
  { code: "20", name: "Jharkhand" },
  { code: "21", name: "Odisha" },
  { code: "22", name: "Chhattisgarh" },
  { code: "23", name: "Madhya Pradesh" },
  { code: "24", name: "Gujarat" },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu" },
  { code: "27", name: "Maharashtra" },
  { code: "29", name: "Karnataka" },
  { code: "30", name: "Goa" },
  { code: "31", name: "Lakshadweep" },
  { code: "32", name: "Kerala" },
  { code: "33", name: "Tamil Nadu" },
  { code: "34", name: "Puducherry" },
  { code: "35", name: "Andaman and Nicobar Islands" },
  { code: "36", name: "Telangana" },
  { code: "37", name: "Andhra Pradesh" },
  { code: "38", name: "Ladakh" },
] as const;
export type StateCode = (typeof INDIAN_STATES)[number]["code"];
export const STATE_CODES = INDIAN_STATES.map((state) => state.code) as [StateCode, ...StateCode[]];

const GSTIN_CHARSET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// State code, PAN (5 letters, 4 digits, a letter), the entity's number, Z, the check character.
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's check character: a base-36 Luhn over its first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARSET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET.charAt((36 - (sum % 36)) % 36);
}

/** A GSTIN of the right shape, a known state code and the right check character. */
export function isValidGstin(value: string): boolean {
  if (!GSTIN_SHAPE.test(value)) return false;
  if (!STATE_CODES.some((code) => value.startsWith(code))) return false;
  return gstinCheckCharacter(value.slice(0, 14)) === value.charAt(14);
}

export const memberRoleSchema = z.enum(MEMBER_ROLES, { error: messages.memberRoleInvalid });
export const memberScopeSchema = z.enum(MEMBER_SCOPES, { error: messages.memberScopeInvalid });

const gstin = text(messages.gstinInvalid)
  .trim()
  .toUpperCase()
  .max(15, messages.gstinInvalid)
  .refine(isValidGstin, messages.gstinInvalid);

/** The organisation as its members and the lab see it. */
export const organisationSchema = z.object({
  id: z.number().int(),
  /** The spec's `company`. */
  name: z.string(),
  address: z.string().nullable(),
  gstin: z.string().nullable(),
  /** GST state code (two digits), for tax and the place of supply. */
  state: z.enum(STATE_CODES).nullable(),
  language: z.enum(LANGUAGE_CODES),
  defaultMarkets: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** PUT /organisations/{id}: only the fields sent change; null clears an optional one. */
export const updateOrganisationRequestSchema = z
  .object({
    name: text(messages.organisationNameRequired)
      .trim()
      .min(1, messages.organisationNameRequired)
      .max(COMPANY_MAX, tooLong("Name", COMPANY_MAX))
      .optional(),
    address: text().trim().max(ADDRESS_MAX, tooLong("Address", ADDRESS_MAX)).nullable().optional(),
    gstin: z
      .union([gstin, z.literal("").transform(() => null), z.null()], { error: messages.gstinInvalid })
      .optional(),
    state: z.enum(STATE_CODES, { error: messages.stateInvalid }).nullable().optional(),
    language: z.enum(LANGUAGE_CODES, { error: messages.languageInvalid }).optional(),
    defaultMarkets: marketListSchema.optional(),
  })
  .strip()
  .refine((value) => value.gstin == null || value.state == null || value.gstin.startsWith(value.state), {
    message: messages.gstinStateMismatch,
    path: ["gstin"],
  });
export type UpdateOrganisationRequest = z.input<typeof updateOrganisationRequestSchema>;

/** A member as the organisation's members see them. */
export const memberSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  /** null for a member who signed up with a mobile number and gave no address. */
  email: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  scope: z.enum(MEMBER_SCOPES),
  joinedAt: z.string(),
  /** Shown to the organisation's admins and the lab; null for others and before a first sign-in. */
  lastSignInAt: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** PATCH /organisations/{id}/members/{memberId} */
export const updateMemberRequestSchema = z
  .object({ role: memberRoleSchema.optional(), scope: memberScopeSchema.optional() })
  .strip()
  .refine((value) => value.role !== undefined || value.scope !== undefined, {
    message: messages.memberChangeRequired,
  });
export type UpdateMemberRequest = z.input<typeof updateMemberRequestSchema>;

const inviteEmail = text(messages.invalidEmailAddress)
  .trim()
  .max(EMAIL_MAX, messages.invalidEmailFormat)
  .pipe(z.email({ error: messages.invalidEmailFormat }))
  .transform((value) => value.toLowerCase());

/** POST /organisations/{id}/invitations */
export const createInvitationRequestSchema = z
  .object({ email: inviteEmail, role: memberRoleSchema, scope: memberScopeSchema })
  .strip();
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  scope: z.enum(MEMBER_SCOPES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  lastSentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The invitation link's token: 32 random bytes, base64url. */
const invitationToken = text(messages.invitationInvalid)
  .trim()
  .min(1, messages.invitationInvalid)
  .max(100, messages.invitationInvalid);

/** POST /invitations/preview: what the accept page shows before the invitee chooses a password. */
export const invitationTokenRequestSchema = z.object({ token: invitationToken }).strip();
export type InvitationTokenRequest = z.input<typeof invitationTokenRequestSchema>;

export const invitationPreviewSchema = z.object({
  organisationName: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  scope: z.enum(MEMBER_SCOPES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /invitations/accept: creates the invitee's account; answers the sign-in body. */
export const acceptInvitationRequestSchema = z
  .object({
    token: invitationToken,
    fullName: text(messages.nameRequired)
      .trim()
      .min(1, messages.nameRequired)
      .max(NAME_MAX, tooLong("Name", NAME_MAX)),
    password: text(messages.passwordWeak)
      .max(PASSWORD_MAX, messages.passwordWeak)
      .refine(isPasswordValid, messages.passwordWeak),
    language: z.enum(LANGUAGE_CODES, { error: messages.languageInvalid }).optional(),
    remember: z.boolean({ error: messages.invitationInvalid }).optional(),
  })
  .strip();
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/** What the trail records of the organisation, its members and what it shares. */
export const ACTIVITY_KINDS = [
  "sample-submitted",
  "report-shared",
  "certificate-downloaded",
  "member-invited",
  "invitation-resent",
  "invitation-revoked",
  "member-joined",
  "member-changed",
  "member-removed",
  "member-left",
  "member-deactivated",
  "organisation-updated",
  ...FARM_ACTIVITY_KINDS,
  ...SHARE_ACTIVITY_KINDS,
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** Who did it: a member, or null for the lab's staff. */
  actor: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  /** The member it was done to (invited, changed, removed), when there is one. */
  subject: z.object({ id: z.number().int().nullable(), label: z.string() }).nullable(),
  sampleId: z.number().int().nullable(),
  /** Kind-specific facts: the role and scope given, the report's certificate number, recipients … */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextCursor: z.number().int().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityQuerySchema = z
  .object({
    before: z.coerce
      .number({ error: messages.cursorInvalid })
      .int(messages.cursorInvalid)
      .min(1, messages.cursorInvalid)
      .max(2_147_483_647, messages.cursorInvalid)
      .optional(),
    limit: z.coerce
      .number({ error: messages.cursorInvalid })
      .int(messages.cursorInvalid)
      .min(1, messages.cursorInvalid)
      .max(100, messages.cursorInvalid)
      .default(50),
  })
  .strip();

/** What every signed-in answer says of the member's place in their organisation. */
export const membershipSchema = z.object({
  organisation: z.object({ id: z.number().int(), name: z.string() }),
  role: z.enum(MEMBER_ROLES),
  scope: z.enum(MEMBER_SCOPES),
});
export type Membership = z.infer<typeof membershipSchema>;

/** GET /lab/organisations: the lab's customers, found by name or by a member's name or address. */
export const labOrganisationSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.number().int(),
  createdAt: z.string(),
});
export type LabOrganisationSummary = z.infer<typeof labOrganisationSummarySchema>;

export const labOrganisationQuerySchema = z
  .object({ q: text(messages.searchTextInvalid).trim().max(100, messages.searchTextTooLong).default("") })
  .strip();

/** A member as the lab sees them: removed ones too, with when. */
export const labMemberSchema = memberSchema.extend({ removedAt: z.string().nullable() });
export type LabMember = z.infer<typeof labMemberSchema>;

/** GET /lab/organisations/{id} */
export const labOrganisationSchema = z.object({
  organisation: organisationSchema,
  members: z.array(labMemberSchema),
});
export type LabOrganisation = z.infer<typeof labOrganisationSchema>;
