import { randomBytes } from "node:crypto";

import {
  SAMPLE_READER_ROLES,
  SAMPLE_WRITER_ROLES,
  STOMP_DESTINATIONS,
  type Customer,
  type MemberRole,
  type MemberScope,
} from "@lab/contracts";
import { Client, type IMessage } from "@stomp/stompjs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { STRONG_PASSWORD, signedInCustomer, startTestApp, uniqueEmail, type TestApp } from "./test/harness";
import { completeWithReport, signedInStaff } from "./test/lab";
import { listRoutes } from "./test/router-routes";
import { samplePayload, submitSample, until } from "./test/samples";

// Every route × every kind of caller: who may reach what, and that no other organisation's rows (nor,
// for scope own, a colleague's samples) ever appear in a body. A route the table does not classify
// fails the test, so a new route cannot skip the walls.

type ActorKey =
  "anon" | "foreign" | "admin" | "fullOwn" | "fullAll" | "resultsOwn" | "resultsAll" | "billing" | "staff";

interface Actor {
  key: ActorKey;
  kind: "anon" | "member" | "staff";
  org?: "home" | "foreign";
  role?: MemberRole;
  scope?: MemberScope;
  id?: number;
  email?: string;
  token?: string;
}

/**
 * ok: 2xx. pass: let through (the body may be refused on its merits: not 401/403/404, under 500).
 * deny: 403 or 404. unauth: 401. staff: a lab route as staff (not 401/403, under 500).
 * public: anything under 500 (only the body's markers are checked).
 */
type Expect = "ok" | "pass" | "deny" | "unauth" | "staff" | "public";

interface Probe {
  label: string;
  /** 0 reads and harmless writes; 1 writes that change shared rows; 2 ends the caller's sessions. */
  phase?: 0 | 1 | 2;
  path: (a: Actor) => string | Promise<string>;
  body?: (a: Actor) => object;
  expect: (a: Actor) => Expect;
  /** A lab route: staff see every organisation there, so their bodies are not checked for markers. */
  lab?: boolean;
  /** Markers an allowed caller's body must hold, so an empty answer cannot pass for a walled one. */
  shows?: (a: Actor) => string[];
}

const tag = randomBytes(4).toString("hex").toUpperCase();
/** Unique strings that only the rows they name carry, so a body containing one holds that row. */
const M = {
  homeOrg: `HOMEORG${tag}`,
  homePerson: `HOMEPERSON${tag}`,
  homeProvider: `HOMEPROVIDER${tag}`,
  ownSample: `HOMEOWNSAMPLE${tag}`,
  adminSample: `HOMEADMINSAMPLE${tag}`,
  foreignOrg: `FOREIGNORG${tag}`,
  foreignPerson: `FOREIGNPERSON${tag}`,
  foreignProvider: `FOREIGNPROVIDER${tag}`,
  foreignSample: `FOREIGNMARKER${tag}`,
  homeFarm: `HOMEFARM${tag}`,
};
const HOME_MARKERS = [M.homeOrg, M.homePerson, M.homeProvider, M.ownSample, M.adminSample, M.homeFarm];
const FOREIGN_MARKERS = [M.foreignOrg, M.foreignPerson, M.foreignProvider, M.foreignSample];

interface Fixture {
  homeOrgId: number;
  foreignOrgId: number;
  ownSampleId: number;
  adminSampleId: number;
  foreignSampleId: number;
  adminReportId: number;
  foreignReportId: number;
  certificate: string;
  checkCode: string;
  homeProviderId: number;
  adminNotificationId: number;
  bystanderId: number;
  leaverId: number;
  labLeaverId: number;
  pendingInvitationId: number;
  agentId: number;
  homeFarmId: number;
  homePondId: number;
  homeCropId: number;
  homeLotId: number;
  homeLotCode: string;
  /** An organisation none of the actors belongs to: the grantee of shares made to be revoked. */
  thirdOrgId: number;
}

let t: TestApp;
let fx: Fixture;
const actors = new Map<ActorKey, Actor>();
const passwords = new Map<ActorKey, string>();
const actor = (key: ActorKey): Actor => {
  const found = actors.get(key);
  if (!found) throw new Error(`no actor ${key}`);
  return found;
};
const ACTOR_KEYS: ActorKey[] = [
  "anon",
  "foreign",
  "admin",
  "fullOwn",
  "fullAll",
  "resultsOwn",
  "resultsAll",
  "billing",
  "staff",
];

// ---------------------------------------------------------------------------------------------------
// Rules

const isReader = (a: Actor) => a.role !== undefined && SAMPLE_READER_ROLES.includes(a.role);
const isWriter = (a: Actor) => a.role !== undefined && SAMPLE_WRITER_ROLES.includes(a.role);
const anyMember = () => true;
const homeMember = (a: Actor) => a.org === "home";
const homeAdmin = (a: Actor) => a.org === "home" && a.role === "admin";

/** A customer-only route: signed out 401, staff and members the predicate refuses 403/404. */
const customer =
  (allowed: (a: Actor) => boolean, ok: Expect = "ok") =>
  (a: Actor): Expect =>
    a.kind === "anon" ? "unauth" : a.kind === "staff" ? "deny" : allowed(a) ? ok : "deny";
const lab = (a: Actor): Expect => (a.kind === "anon" ? "unauth" : a.kind === "staff" ? "staff" : "deny");
const open = (): Expect => "public";

type SampleName = "ownSample" | "adminSample" | "foreignSample";
const SAMPLES: Record<
  SampleName,
  { org: "home" | "foreign"; submitter: ActorKey; id: () => number; marker: string }
> = {
  ownSample: { org: "home", submitter: "fullOwn", id: () => fx.ownSampleId, marker: M.ownSample },
  adminSample: { org: "home", submitter: "admin", id: () => fx.adminSampleId, marker: M.adminSample },
  foreignSample: {
    org: "foreign",
    submitter: "foreign",
    id: () => fx.foreignSampleId,
    marker: M.foreignSample,
  },
};
/** Whether a member sees a sample: same organisation, a reading role, scope all or their own. */
const sees = (a: Actor, name: SampleName): boolean => {
  const sample = SAMPLES[name];
  return a.org === sample.org && isReader(a) && (a.scope === "all" || a.key === sample.submitter);
};

/** The sample markers a reader's list must hold. */
const visibleSampleMarkers = (a: Actor): string[] =>
  (Object.keys(SAMPLES) as SampleName[]).filter((name) => sees(a, name)).map((name) => SAMPLES[name].marker);

/** The markers a caller must never receive from this probe. */
function forbiddenMarkers(a: Actor, probe: Probe): string[] {
  if (a.kind === "staff" && probe.lab === true) return [];
  if (a.kind !== "member") return [...HOME_MARKERS, ...FOREIGN_MARKERS];
  if (a.org === "foreign") return HOME_MARKERS;
  const markers = [...FOREIGN_MARKERS];
  if (a.role === "billing") markers.push(M.homeProvider, M.homeFarm);
  if (!sees(a, "ownSample")) markers.push(M.ownSample);
  if (!sees(a, "adminSample")) markers.push(M.adminSample);
  return markers;
}

// Path helpers: a customer's own id in /customers/{id}; signed out and staff use the admin's.
const selfId = (a: Actor): number => (a.kind === "member" ? a.id : actor("admin").id) ?? 0;
const orgPath = (rest = "") => `/api/organisations/${fx.homeOrgId}${rest}`;

const sampleProbes = (suffix: string): Probe[] =>
  (Object.keys(SAMPLES) as SampleName[]).map((name) => ({
    label: name,
    path: () => `/api/sample-submissions/${SAMPLES[name].id()}${suffix}`,
    expect: customer((a) => sees(a, name)),
    ...(suffix === "" ? { shows: (a: Actor) => (sees(a, name) ? [SAMPLES[name].marker] : []) } : {}),
  }));

const reportProbes = (suffix: string): Probe[] => [
  {
    label: "admin's sample's report",
    path: () => `/api/reports/${fx.adminReportId}${suffix}`,
    expect: customer((a) => sees(a, "adminSample")),
  },
  {
    label: "foreign report",
    path: () => `/api/reports/${fx.foreignReportId}${suffix}`,
    expect: customer((a) => sees(a, "foreignSample")),
  },
];

const VALID_PROVIDER = () => ({ samplerName: M.homeProvider, phoneNumber: "9848022338" });

/** A provider of the home organisation made for one probe, so each deletion has its own row. */
async function throwawayProvider(): Promise<number> {
  const admin = actor("admin");
  const res = await request(t.app)
    .post(`/api/customers/${selfId(admin)}/sample-providers`)
    .auth(admin.token ?? "", { type: "bearer" })
    .send({ samplerName: "Throwaway", phoneNumber: "9848022339" })
    .expect(201);
  return (res.body as { id: number }).id;
}

const providerDelete = (path: string): Probe[] => [
  {
    label: "a home provider",
    phase: 1,
    path: async (a) => `/api/customers/${selfId(a)}${path}/${await throwawayProvider()}`,
    expect: customer((a) => homeMember(a) && isWriter(a)),
  },
];

const providerUpdate = (path: string): Probe[] => [
  {
    label: "the home provider",
    path: (a) => `/api/customers/${selfId(a)}${path}/${fx.homeProviderId}`,
    body: VALID_PROVIDER,
    expect: customer((a) => homeMember(a) && isWriter(a)),
  },
];

const homeReader = (a: Actor) => homeMember(a) && isReader(a);
const homeWriter = (a: Actor) => homeMember(a) && isWriter(a);
const showsFarm = (a: Actor) => (homeReader(a) ? [M.homeFarm] : []);

/** A farm or pond of the home organisation made for one probe, so each deletion has its own row. */
async function throwaway(path: string, body: object): Promise<number> {
  const admin = actor("admin");
  const res = await request(t.app)
    .post(path)
    .auth(admin.token ?? "", { type: "bearer" })
    .send(body)
    .expect(201);
  return (res.body as { id: number }).id;
}
let throwawayPonds = 0;

/** A farm of the home organisation shared with an organisation none of the actors belongs to. */
async function throwawayShare(): Promise<number> {
  const farmId = await throwaway("/api/farms", { name: "Throwaway shared farm" });
  const admin = actor("admin");
  const res = await request(t.app)
    .post(`/api/organisations/${fx.homeOrgId}/shares`)
    .auth(admin.token ?? "", { type: "bearer" })
    .send({
      farmId,
      granteeOrganisationId: fx.thirdOrgId,
      expiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    })
    .expect(201);
  return (res.body as { id: number }).id;
}

/** A farm resource: home readers see it (and the farm's name), home writers change it; no one else. */
const farmRead = (path: () => string): Probe[] => [
  { label: "home", path, expect: customer(homeReader), shows: showsFarm },
];
const farmWrite = (path: () => string, body: object): Probe[] => [
  { label: "home, invalid body", path, body: () => body, expect: customer(homeWriter, "pass") },
];

const publicPost = (path: string, body: object = {}): Probe[] => [
  { label: "public", path: () => path, body: () => body, expect: open },
];
const labProbe = (path: () => string, body?: object, phase: 0 | 1 | 2 = 0): Probe[] => [
  { label: "lab", lab: true, phase, path, ...(body ? { body: () => body } : {}), expect: lab },
];
/** A field agent's route: signed out 401; customers and staff (no actor here is an agent) 403. */
const fieldProbe = (path: () => string, body?: object): Probe[] => [
  {
    label: "field",
    path,
    ...(body ? { body: () => body } : {}),
    expect: (a) => (a.kind === "anon" ? "unauth" : "deny"),
  },
];
const BOGUS_TOKEN = "A".repeat(43);
const NO_SUCH_ID = 987654;

/** Every route of the app, as listRoutes names it, with the requests that probe it. */
const TABLE: Record<string, Probe[]> = {
  // Public: checked only for markers.
  "GET /metrics": [{ label: "public", path: () => "/metrics", expect: open }],
  "GET /api/health": [{ label: "public", path: () => "/api/health", expect: open }],
  "GET /api/ready": [{ label: "public", path: () => "/api/ready", expect: open }],
  "POST /api/customers/register": publicPost("/api/customers/register"),
  "POST /api/customers/login": publicPost("/api/customers/login"),
  "POST /api/auth/send-verification": publicPost("/api/auth/send-verification"),
  "POST /api/auth/resend-verification": publicPost("/api/auth/resend-verification"),
  "POST /api/auth/verify-email": publicPost("/api/auth/verify-email"),
  "POST /api/auth/forgot-password": publicPost("/api/auth/forgot-password"),
  "POST /api/auth/reset-password": publicPost("/api/auth/reset-password"),
  "POST /api/auth/refresh": publicPost("/api/auth/refresh"),
  "POST /api/auth/phone/code": publicPost("/api/auth/phone/code"),
  // Meta's status webhook: its signature, not a session, admits it (not configured here: 404).
  "GET /api/webhooks/whatsapp": [{ label: "public", path: () => "/api/webhooks/whatsapp", expect: open }],
  "POST /api/webhooks/whatsapp": publicPost("/api/webhooks/whatsapp"),
  "POST /api/auth/phone/register": publicPost("/api/auth/phone/register"),
  "POST /api/auth/phone/sign-in": publicPost("/api/auth/phone/sign-in"),
  "POST /api/auth/phone/reset-password": publicPost("/api/auth/phone/reset-password"),
  "POST /api/email/verify-email": publicPost("/api/email/verify-email"),
  "GET /api/mail/unsubscribe": [{ label: "public", path: () => "/api/mail/unsubscribe", expect: open }],
  "POST /api/mail/unsubscribe": publicPost("/api/mail/unsubscribe"),
  "GET /api/certificates/:number": [
    { label: "no code", path: () => `/api/certificates/${fx.certificate}`, expect: open },
    {
      label: "with the check code",
      path: () => `/api/certificates/${fx.certificate}?code=${encodeURIComponent(fx.checkCode)}`,
      expect: open,
    },
  ],
  "POST /api/enquiries": publicPost("/api/enquiries"),
  "POST /api/newsletter/subscriptions": publicPost("/api/newsletter/subscriptions"),
  "POST /api/newsletter/confirm": publicPost("/api/newsletter/confirm"),
  "POST /api/newsletter/unsubscribe": publicPost("/api/newsletter/unsubscribe"),
  "POST /api/invitations/preview": publicPost("/api/invitations/preview", { token: BOGUS_TOKEN }),
  "POST /api/invitations/accept": publicPost("/api/invitations/accept", {
    token: BOGUS_TOKEN,
    fullName: "Nobody",
    password: STRONG_PASSWORD,
  }),
  "POST /api/lab/login": publicPost("/api/lab/login"),
  "POST /api/field/auth/sign-in": publicPost("/api/field/auth/sign-in"),
  "POST /api/field/auth/join": publicPost("/api/field/auth/join", {
    token: BOGUS_TOKEN,
    password: STRONG_PASSWORD,
  }),
  "POST /api/field/auth/refresh": publicPost("/api/field/auth/refresh"),
  "POST /api/lab/forgot-password": publicPost("/api/lab/forgot-password"),
  "POST /api/lab/reset-password": publicPost("/api/lab/reset-password"),

  // Any signed-in account; ends the caller's session.
  "POST /api/auth/logout": [
    {
      label: "own session",
      phase: 2,
      path: () => "/api/auth/logout",
      expect: (a) => (a.kind === "anon" ? "unauth" : "ok"),
    },
  ],

  // The caller's own number: "me" is always the caller, so there is no one else's to reach.
  "POST /api/customers/me/phone": [
    {
      label: "own, invalid body",
      path: () => "/api/customers/me/phone",
      body: () => ({ phone: "" }),
      expect: customer(anyMember, "pass"),
    },
  ],
  "POST /api/customers/me/phone/verify": [
    {
      label: "own, invalid body",
      path: () => "/api/customers/me/phone/verify",
      body: () => ({ phone: "", code: "" }),
      expect: customer(anyMember, "pass"),
    },
  ],

  // A customer's own account: {id} must be the caller.
  "GET /api/customers/:id": [
    { label: "self", path: (a) => `/api/customers/${selfId(a)}`, expect: customer(anyMember) },
    { label: "colleague", path: () => `/api/customers/${fx.bystanderId}`, expect: customer(() => false) },
  ],
  "PUT /api/customers/:id": [
    {
      label: "self, invalid body",
      path: (a) => `/api/customers/${selfId(a)}`,
      body: () => ({ fullName: "" }),
      expect: customer(anyMember, "pass"),
    },
    {
      label: "colleague",
      path: () => `/api/customers/${fx.bystanderId}`,
      body: () => ({ fullName: "Hijack" }),
      expect: customer(() => false),
    },
  ],
  "PUT /api/customers/:id/profile": [
    {
      label: "self, invalid body",
      path: (a) => `/api/customers/${selfId(a)}/profile`,
      body: () => ({ fullName: "" }),
      expect: customer(anyMember, "pass"),
    },
    {
      label: "colleague",
      path: () => `/api/customers/${fx.bystanderId}/profile`,
      body: () => ({ fullName: "Hijack" }),
      expect: customer(() => false),
    },
  ],
  "PUT /api/customers/:id/password": [
    {
      label: "self, invalid body",
      path: (a) => `/api/customers/${selfId(a)}/password`,
      body: () => ({}),
      expect: customer(anyMember, "pass"),
    },
    {
      label: "colleague",
      path: () => `/api/customers/${fx.bystanderId}/password`,
      body: () => ({}),
      expect: customer(() => false),
    },
  ],
  "POST /api/customers/:id/sign-out-all": [
    {
      label: "self",
      phase: 2,
      path: (a) => `/api/customers/${selfId(a)}/sign-out-all`,
      expect: customer(anyMember),
    },
    {
      label: "colleague",
      path: () => `/api/customers/${fx.bystanderId}/sign-out-all`,
      expect: customer(() => false),
    },
  ],

  // Providers: the organisation's, read by reading roles, written by writing roles.
  "GET /api/customers/:id/sample-providers": [
    {
      label: "self",
      path: (a) => `/api/customers/${selfId(a)}/sample-providers`,
      expect: customer(isReader),
      shows: (a) => (a.org === "home" ? [M.homeProvider] : [M.foreignProvider]),
    },
  ],
  "POST /api/customers/:id/sample-providers": [
    {
      label: "self, invalid body",
      path: (a) => `/api/customers/${selfId(a)}/sample-providers`,
      body: () => ({}),
      expect: customer(isWriter, "pass"),
    },
  ],
  "PUT /api/customers/:id/sample-providers-simple/:providerId": providerUpdate("/sample-providers-simple"),
  "PUT /api/customers/:id/sample-providers/id/:providerId": providerUpdate("/sample-providers/id"),
  "DELETE /api/customers/:id/sample-providers/id/:providerId": providerDelete("/sample-providers/id"),
  "DELETE /api/customers/:id/sample-providers/:providerId": providerDelete("/sample-providers"),

  // Places: any member; no organisation data (an invalid query keeps the gazetteer unbuilt).
  "GET /api/places/autocomplete": [
    { label: "no query", path: () => "/api/places/autocomplete", expect: customer(anyMember, "pass") },
  ],
  "GET /api/places/nearest": [
    { label: "no query", path: () => "/api/places/nearest", expect: customer(anyMember, "pass") },
  ],

  // Samples.
  "POST /api/sample-submissions": [
    {
      label: "valid submission",
      path: () => "/api/sample-submissions",
      body: (a) => samplePayload(selfId(a), { samplerName: "Matrix probe" }),
      expect: customer(isWriter),
    },
  ],
  "GET /api/sample-submissions": [
    {
      label: "list",
      path: () => "/api/sample-submissions?size=100",
      expect: customer(isReader),
      shows: visibleSampleMarkers,
    },
    {
      label: "search for every marker",
      path: () => `/api/sample-submissions?q=${tag}`,
      expect: customer(isReader),
      shows: visibleSampleMarkers,
    },
  ],
  "GET /api/sample-submissions/export.pdf": [
    { label: "export", path: () => "/api/sample-submissions/export.pdf", expect: customer(isReader) },
  ],
  "GET /api/sample-submissions/summary": [
    { label: "summary", path: () => "/api/sample-submissions/summary", expect: customer(isReader) },
  ],
  "GET /api/sample-submissions/consumer/:consumerId": [
    {
      label: "self",
      path: (a) => `/api/sample-submissions/consumer/${selfId(a)}`,
      expect: customer(isReader),
    },
    {
      label: "colleague",
      path: () => `/api/sample-submissions/consumer/${actor("admin").id}`,
      expect: customer((a) => a.key === "admin"),
    },
  ],
  "GET /api/sample-submissions/:id": sampleProbes(""),
  "GET /api/sample-submissions/:id/events": sampleProbes("/events"),
  // A sample's custody and photos: its readers, staff, and the agent of its job (none here); the photo
  // asked is none, so even those who see the sample are answered 404.
  "GET /api/samples/:id/custody": (Object.keys(SAMPLES) as SampleName[]).map((name) => ({
    label: name,
    lab: true,
    path: () => `/api/samples/${SAMPLES[name].id()}/custody`,
    expect: (a: Actor): Expect =>
      a.kind === "anon" ? "unauth" : a.kind === "staff" ? "staff" : sees(a, name) ? "ok" : "deny",
  })),
  // A sample's messages: the member's own on a sample they see; staff read them under /lab.
  "GET /api/samples/:id/messages": (Object.keys(SAMPLES) as SampleName[]).map((name) => ({
    label: name,
    path: () => `/api/samples/${SAMPLES[name].id()}/messages`,
    expect: customer((a) => sees(a, name)),
  })),
  "GET /api/samples/:id/photos/:photoId": (Object.keys(SAMPLES) as SampleName[]).map((name) => ({
    label: name,
    lab: true,
    path: () => `/api/samples/${SAMPLES[name].id()}/photos/${NO_SUCH_ID}`,
    expect: (a: Actor): Expect => (a.kind === "anon" ? "unauth" : a.kind === "staff" ? "staff" : "deny"),
  })),
  "POST /api/field/collections": fieldProbe(() => "/api/field/collections", {}),
  // None of the matrix's samples was rejected: a reader is let through to 409, others refused.
  "GET /api/sample-submissions/:id/rejection-notice.pdf": sampleProbes("/rejection-notice.pdf").map(
    (probe) => ({
      ...probe,
      expect: customer((a) => sees(a, probe.label as SampleName), "pass"),
    }),
  ),

  // Reports.
  "GET /api/reports": [{ label: "list", path: () => "/api/reports", expect: customer(isReader) }],
  "GET /api/reports/trend": [
    {
      label: "home provider",
      path: () => `/api/reports/trend?providerId=${fx.homeProviderId}&parameter=PB`,
      expect: customer((a) => homeMember(a) && isReader(a)),
    },
  ],
  "GET /api/reports/:id": reportProbes(""),
  "GET /api/reports/:id/pdf": reportProbes("/pdf"),

  // Notifications: the caller's own; another member's is not found.
  "GET /api/notifications": [{ label: "own", path: () => "/api/notifications", expect: customer(anyMember) }],
  "POST /api/notifications/read-all": [
    { label: "own", phase: 1, path: () => "/api/notifications/read-all", expect: customer(anyMember) },
  ],
  "POST /api/notifications/:id/read": [
    {
      label: "the admin's",
      path: () => `/api/notifications/${fx.adminNotificationId}/read`,
      expect: customer((a) => a.key === "admin"),
    },
  ],
  "DELETE /api/notifications/:id": [
    {
      label: "the admin's",
      phase: 1,
      path: () => `/api/notifications/${fx.adminNotificationId}`,
      expect: customer((a) => a.key === "admin"),
    },
  ],
  "DELETE /api/notifications": [
    { label: "own", phase: 1, path: () => "/api/notifications", expect: customer(anyMember) },
  ],
  // Notice preferences: the caller's own, any member; a valid choice saves, a malformed one is refused.
  "GET /api/notice-preferences": [
    { label: "own", path: () => "/api/notice-preferences", expect: customer(anyMember) },
  ],
  "PUT /api/notice-preferences": [
    {
      label: "own, invalid body",
      path: () => "/api/notice-preferences",
      body: () => ({ smsFallback: true }),
      expect: customer(anyMember, "pass"),
    },
  ],

  // Sharing by e-mail: writing roles, and only samples the member sees.
  "POST /api/ledger/email": (Object.keys(SAMPLES) as SampleName[]).map((name) => ({
    label: name,
    phase: 1 as const,
    path: () => "/api/ledger/email",
    body: () => ({ sampleIds: [SAMPLES[name].id()] }),
    expect: customer((a) => isWriter(a) && sees(a, name), "ok"),
  })),

  "GET /api/markets": [{ label: "choices", path: () => "/api/markets", expect: customer(anyMember) }],

  // The organisation: its own members only; managed by its admins.
  "GET /api/organisations/:id": [
    { label: "home", path: () => orgPath(), expect: customer(homeMember), shows: () => [M.homeOrg] },
    {
      label: "foreign",
      path: () => `/api/organisations/${fx.foreignOrgId}`,
      expect: customer((a) => a.org === "foreign"),
    },
  ],
  "PUT /api/organisations/:id": [
    {
      label: "home, invalid body",
      path: () => orgPath(),
      body: () => ({ name: "" }),
      expect: customer(homeAdmin, "pass"),
    },
  ],
  "GET /api/organisations/:id/members": [
    { label: "home", path: () => orgPath("/members"), expect: customer(homeMember) },
  ],
  "PATCH /api/organisations/:id/members/:memberId": [
    {
      label: "a colleague, invalid body",
      path: () => orgPath(`/members/${fx.bystanderId}`),
      body: () => ({ role: "emperor" }),
      expect: customer(homeAdmin, "pass"),
    },
  ],
  "DELETE /api/organisations/:id/members/:memberId": [
    {
      label: "a colleague",
      phase: 1,
      path: () => orgPath(`/members/${fx.leaverId}`),
      expect: customer(homeAdmin),
    },
  ],
  "GET /api/organisations/:id/invitations": [
    { label: "home", path: () => orgPath("/invitations"), expect: customer(homeAdmin) },
  ],
  "POST /api/organisations/:id/invitations": [
    {
      label: "home, invalid body",
      path: () => orgPath("/invitations"),
      body: () => ({}),
      expect: customer(homeAdmin, "pass"),
    },
  ],
  "POST /api/organisations/:id/invitations/:invitationId/resend": [
    {
      label: "pending",
      path: () => orgPath(`/invitations/${fx.pendingInvitationId}/resend`),
      expect: customer(homeAdmin),
    },
  ],
  "DELETE /api/organisations/:id/invitations/:invitationId": [
    {
      label: "pending",
      phase: 1,
      path: () => orgPath(`/invitations/${fx.pendingInvitationId}`),
      expect: customer(homeAdmin),
    },
  ],
  "GET /api/organisations/:id/activity": [
    { label: "home", path: () => orgPath("/activity"), expect: customer(homeAdmin) },
  ],
  // Shares of the organisation's farms and lots: read by all but billing, granted and revoked by admins.
  "GET /api/organisations/:id/shares": [
    { label: "home", path: () => orgPath("/shares"), expect: customer(homeReader) },
  ],
  "POST /api/organisations/:id/shares": [
    {
      label: "home, invalid body",
      path: () => orgPath("/shares"),
      body: () => ({}),
      expect: customer(homeAdmin, "pass"),
    },
  ],
  "DELETE /api/organisations/:id/shares/:shareId": [
    {
      label: "a share of a home farm with a third organisation",
      phase: 1,
      path: async () => orgPath(`/shares/${await throwawayShare()}`),
      expect: customer(homeAdmin),
    },
  ],
  // What other organisations share: none with anyone here, so every sample id is not found.
  "GET /api/shared": [{ label: "list", path: () => "/api/shared", expect: customer(isReader) }],
  "GET /api/shared/samples/:id": [
    {
      label: "home sample",
      path: () => `/api/shared/samples/${fx.adminSampleId}`,
      expect: customer(() => false),
    },
    {
      label: "foreign sample",
      path: () => `/api/shared/samples/${fx.foreignSampleId}`,
      expect: customer(() => false),
    },
  ],
  "GET /api/shared/samples/:id/report.pdf": [
    {
      label: "home sample",
      path: () => `/api/shared/samples/${fx.adminSampleId}/report.pdf`,
      expect: customer(() => false),
    },
  ],

  // Farms, ponds, crops and lots: the organisation's own; read by all but billing, changed by admin/full.
  "GET /api/farms": [
    { label: "list", path: () => "/api/farms", expect: customer(isReader), shows: showsFarm },
  ],
  "POST /api/farms": [
    { label: "invalid body", path: () => "/api/farms", body: () => ({}), expect: customer(isWriter, "pass") },
  ],
  "GET /api/farms/:id": farmRead(() => `/api/farms/${fx.homeFarmId}`),
  "PUT /api/farms/:id": farmWrite(() => `/api/farms/${fx.homeFarmId}`, { name: "" }),
  "DELETE /api/farms/:id": [
    {
      label: "a home farm",
      phase: 1,
      path: async () => `/api/farms/${await throwaway("/api/farms", { name: "Throwaway" })}`,
      expect: customer(homeWriter),
    },
  ],
  "GET /api/farms/:id/ponds": farmRead(() => `/api/farms/${fx.homeFarmId}/ponds`),
  "POST /api/farms/:id/ponds": farmWrite(() => `/api/farms/${fx.homeFarmId}/ponds`, { code: "" }),
  "GET /api/ponds/:id": farmRead(() => `/api/ponds/${fx.homePondId}`),
  "PUT /api/ponds/:id": farmWrite(() => `/api/ponds/${fx.homePondId}`, { code: "" }),
  "DELETE /api/ponds/:id": [
    {
      label: "a home pond",
      phase: 1,
      path: async () =>
        `/api/ponds/${await throwaway(`/api/farms/${fx.homeFarmId}/ponds`, { code: `T${(throwawayPonds += 1)}` })}`,
      expect: customer(homeWriter),
    },
  ],
  "GET /api/ponds/:id/crops": farmRead(() => `/api/ponds/${fx.homePondId}/crops`),
  "POST /api/ponds/:id/crops": farmWrite(() => `/api/ponds/${fx.homePondId}/crops`, { species: "Lobster" }),
  "GET /api/crops/:id": farmRead(() => `/api/crops/${fx.homeCropId}`),
  "PUT /api/crops/:id": farmWrite(() => `/api/crops/${fx.homeCropId}`, { species: "Lobster" }),
  "GET /api/crops/:id/lots": farmRead(() => `/api/crops/${fx.homeCropId}/lots`),
  // The crop's samples name no farm: its readers get 200, everyone else 403/404.
  "GET /api/crops/:id/samples": [
    { label: "home", path: () => `/api/crops/${fx.homeCropId}/samples`, expect: customer(homeReader) },
  ],
  "POST /api/crops/:id/lots": farmWrite(() => `/api/crops/${fx.homeCropId}/lots`, {}),
  "GET /api/lots": [{ label: "list", path: () => "/api/lots", expect: customer(isReader), shows: showsFarm }],
  "GET /api/lots/:id": farmRead(() => `/api/lots/${fx.homeLotId}`),
  "PUT /api/lots/:id": farmWrite(() => `/api/lots/${fx.homeLotId}`, { quantityKg: -1 }),
  "GET /api/lots/:code/card.pdf": [
    { label: "home", path: () => `/api/lots/${fx.homeLotCode}/card.pdf`, expect: customer(homeReader) },
  ],
  // The gate: public, and no farm name, person or address in its answer.
  "GET /api/lots/:code/check": [
    { label: "public", path: () => `/api/lots/${fx.homeLotCode}/check`, expect: open },
  ],
  "POST /api/lots/check": [
    {
      label: "public",
      path: () => "/api/lots/check",
      body: () => ({ codes: [fx.homeLotCode] }),
      expect: open,
    },
  ],

  // The lab: staff only (customer tokens 403).
  "GET /api/lab/enquiries": labProbe(() => "/api/lab/enquiries"),
  "POST /api/lab/enquiries/:id/handled": labProbe(() => `/api/lab/enquiries/${NO_SUCH_ID}/handled`, {}),
  "GET /api/lab/staff/me": labProbe(() => "/api/lab/staff/me"),
  "GET /api/lab/staff": labProbe(() => "/api/lab/staff"),
  "POST /api/lab/staff": labProbe(() => "/api/lab/staff", {}),
  "PATCH /api/lab/staff/:id": labProbe(() => `/api/lab/staff/${NO_SUCH_ID}`, {}),
  "GET /api/lab/parameters": labProbe(() => "/api/lab/parameters"),
  "POST /api/lab/parameters": labProbe(() => "/api/lab/parameters", {}),
  "PUT /api/lab/parameters/:code": labProbe(() => "/api/lab/parameters/PB", {}),
  "GET /api/lab/panels": labProbe(() => "/api/lab/panels"),
  "PUT /api/lab/panels/:testType": labProbe(() => "/api/lab/panels/Allergen%20Testing", {}),
  "GET /api/lab/markets": labProbe(() => "/api/lab/markets"),
  "POST /api/lab/markets": labProbe(() => "/api/lab/markets", {}),
  "GET /api/lab/markets/:code/versions": labProbe(() => "/api/lab/markets/EU/versions"),
  "POST /api/lab/markets/:code/versions": labProbe(() => "/api/lab/markets/EU/versions", {}),
  "PUT /api/lab/markets/:code/versions/:version": labProbe(() => "/api/lab/markets/EU/versions/1", {}),
  "PUT /api/lab/me": labProbe(() => "/api/lab/me", { name: "" }),
  "PUT /api/lab/password": labProbe(() => "/api/lab/password", {}),
  "POST /api/lab/sign-out-all": labProbe(() => "/api/lab/sign-out-all", undefined, 2),
  "GET /api/lab/samples": labProbe(() => "/api/lab/samples"),
  "GET /api/lab/samples/:id": labProbe(() => `/api/lab/samples/${fx.ownSampleId}`),
  "POST /api/lab/samples/:id/assign": labProbe(() => `/api/lab/samples/${fx.ownSampleId}/assign`, {}),
  "POST /api/lab/samples/:id/unassign": labProbe(() => `/api/lab/samples/${NO_SUCH_ID}/unassign`, {}),
  "POST /api/lab/samples/:id/status": labProbe(() => `/api/lab/samples/${fx.ownSampleId}/status`, {}),
  "GET /api/lab/samples/:id/messages": labProbe(() => `/api/lab/samples/${fx.ownSampleId}/messages`),
  "GET /api/lab/samples/:id/labels.pdf": labProbe(() => `/api/lab/samples/${fx.ownSampleId}/labels.pdf`),
  "GET /api/lab/labels/blank.pdf": labProbe(() => "/api/lab/labels/blank.pdf?count=1"),
  "GET /api/lab/reception/:code": labProbe(() => `/api/lab/reception/${fx.ownSampleId}`),
  "POST /api/lab/reception/:code": labProbe(() => `/api/lab/reception/${fx.ownSampleId}`, {}),
  "GET /api/lab/agents": labProbe(() => "/api/lab/agents"),
  "POST /api/lab/agents/:agentId/invitation": labProbe(() => `/api/lab/agents/${fx.agentId}/invitation`, {}),
  // A field agent's own calls: no customer or staff token opens them.
  "POST /api/field/auth/sign-out": fieldProbe(() => "/api/field/auth/sign-out", {}),
  "GET /api/field/me": fieldProbe(() => "/api/field/me"),
  "GET /api/field/jobs": fieldProbe(() => "/api/field/jobs"),
  "POST /api/field/jobs/:sampleId/accept": fieldProbe(() => `/api/field/jobs/${fx.ownSampleId}/accept`, {}),
  "POST /api/field/jobs/:sampleId/decline": fieldProbe(() => `/api/field/jobs/${fx.ownSampleId}/decline`, {}),
  "POST /api/field/jobs/:sampleId/handover": fieldProbe(
    () => `/api/field/jobs/${fx.ownSampleId}/handover`,
    {},
  ),
  "POST /api/lab/agents": labProbe(() => "/api/lab/agents", {}),
  "PUT /api/lab/agents/:agentId": labProbe(() => `/api/lab/agents/${fx.agentId}`, {}),
  "POST /api/lab/samples/:id/results": labProbe(() => `/api/lab/samples/${fx.ownSampleId}/results`, {}),
  "POST /api/lab/samples/:id/release": labProbe(() => `/api/lab/samples/${NO_SUCH_ID}/release`, {}),
  "POST /api/lab/samples/:id/return": labProbe(() => `/api/lab/samples/${NO_SUCH_ID}/return`, {}),
  "POST /api/lab/reports/:id/revoke": labProbe(() => `/api/lab/reports/${fx.adminReportId}/revoke`, {}),
  "GET /api/lab/revocations": labProbe(() => "/api/lab/revocations"),
  "POST /api/lab/revocations/:id/confirm": labProbe(() => `/api/lab/revocations/${NO_SUCH_ID}/confirm`),
  "POST /api/lab/revocations/:id/cancel": labProbe(() => `/api/lab/revocations/${NO_SUCH_ID}/cancel`),
  "GET /api/lab/settings": labProbe(() => "/api/lab/settings"),
  "PUT /api/lab/settings": labProbe(() => "/api/lab/settings", { revocationApprovals: "many" }),
  "GET /api/lab/organisations": labProbe(() => `/api/lab/organisations?q=${tag}`),
  "GET /api/lab/organisations/:id": labProbe(() => `/api/lab/organisations/${fx.homeOrgId}`),
  "POST /api/lab/organisations/:id/members/:memberId/deactivate": labProbe(
    () => `/api/lab/organisations/${fx.homeOrgId}/members/${fx.labLeaverId}/deactivate`,
    {},
    1,
  ),
  "GET /api/lab/organisations/:id/activity": labProbe(
    () => `/api/lab/organisations/${fx.homeOrgId}/activity`,
  ),
};

const PROBE_COUNT = Object.values(TABLE).reduce((sum, probes) => sum + probes.length, 0);
const ROUTE_COUNT = Object.keys(TABLE).length;
const MATRIX = `${ROUTE_COUNT} routes (${PROBE_COUNT} probes) × ${ACTOR_KEYS.length} actors = ${PROBE_COUNT * ACTOR_KEYS.length} requests`;

// ---------------------------------------------------------------------------------------------------
// Fixture

const bearer = (who: { token?: string | undefined }) => ({ Authorization: `Bearer ${who.token ?? ""}` });

async function invitationToken(email: string): Promise<string> {
  await t.smtp.waitFor((mail) => mail.to.includes(email));
  const mine = t.smtp.mails.filter((mail) => mail.to.includes(email));
  const token = /\/invitation#token=([A-Za-z0-9_-]{43})/.exec(mine[mine.length - 1]?.text ?? "")?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

async function invite(
  admin: Actor,
  orgId: number,
  role: MemberRole,
  scope: MemberScope,
  fullName: string,
): Promise<{ id: number; token: string; email: string }> {
  const email = uniqueEmail("member");
  await request(t.app)
    .post(`/api/organisations/${orgId}/invitations`)
    .set(bearer(admin))
    .send({ email, role, scope })
    .expect(201);
  const accepted = await request(t.app)
    .post("/api/invitations/accept")
    .send({ token: await invitationToken(email), fullName, password: STRONG_PASSWORD })
    .expect(201);
  const body = accepted.body as { customer: Customer; accessToken: string };
  return { id: body.customer.id, token: body.accessToken, email };
}

async function adminOf(fullName: string, orgName: string): Promise<Actor & { orgId: number }> {
  const who = await signedInCustomer(t, fullName);
  const me = await request(t.app).get(`/api/customers/${who.id}`).set(bearer(who)).expect(200);
  const orgId = (me.body as Customer).organisation.id;
  await request(t.app)
    .put(`/api/organisations/${orgId}`)
    .set(bearer(who))
    .send({ name: orgName })
    .expect(200);
  return { key: "admin", kind: "member", role: "admin", scope: "all", ...who, orgId };
}

async function buildFixture(): Promise<void> {
  const home = await adminOf(M.homePerson, M.homeOrg);
  const foreignAdmin = await adminOf(M.foreignPerson, M.foreignOrg);
  const third = await adminOf("Third Party Processor", "Third Party Exports");
  actors.set("anon", { key: "anon", kind: "anon" });
  actors.set("admin", { ...home, org: "home" });
  actors.set("foreign", { ...foreignAdmin, key: "foreign", org: "foreign" });
  passwords.set("admin", STRONG_PASSWORD);
  passwords.set("foreign", STRONG_PASSWORD);
  const members: [ActorKey, MemberRole, MemberScope][] = [
    ["fullOwn", "full", "own"],
    ["fullAll", "full", "all"],
    ["resultsOwn", "results", "own"],
    ["resultsAll", "results", "all"],
    ["billing", "billing", "all"],
  ];
  for (const [key, role, scope] of members) {
    const who = await invite(home, home.orgId, role, scope, `Member ${key}`);
    actors.set(key, { key, kind: "member", org: "home", role, scope, ...who });
    passwords.set(key, STRONG_PASSWORD);
  }
  // Targets that are nobody's caller: another member's account, and two members to remove.
  const bystander = await invite(home, home.orgId, "results", "all", "Bystander");
  const leaver = await invite(home, home.orgId, "full", "own", "Leaver");
  const labLeaver = await invite(home, home.orgId, "full", "own", "Lab Leaver");
  const pending = await request(t.app)
    .post(`/api/organisations/${home.orgId}/invitations`)
    .set(bearer(home))
    .send({ email: uniqueEmail("pending"), role: "results", scope: "own" })
    .expect(201);

  const staff = await signedInStaff(t, { roles: ["analyst", "reviewer", "admin"] });
  actors.set("staff", { key: "staff", kind: "staff", ...staff });
  passwords.set("staff", "LabStaff#2026");

  const provider = async (who: Actor, samplerName: string) =>
    (
      (
        await request(t.app)
          .post(`/api/customers/${who.id ?? 0}/sample-providers`)
          .set(bearer(who))
          .send({ samplerName, phoneNumber: "9848022338" })
          .expect(201)
      ).body as { id: number }
    ).id;
  const homeProviderId = await provider(home, M.homeProvider);
  await provider(foreignAdmin, M.foreignProvider);

  const submit = (who: Actor, samplerName: string) =>
    submitSample(
      t.app,
      { id: who.id ?? 0, token: who.token ?? "" },
      {
        samplerName,
        emailAddress: uniqueEmail("contact"),
      },
    );
  const own = await submit(actor("fullOwn"), M.ownSample);
  const adminSample = await submit(home, M.adminSample);
  const foreignSample = await submit(foreignAdmin, M.foreignSample);
  const adminReport = await completeWithReport(t, staff.token, adminSample.id);
  const foreignReport = await completeWithReport(t, staff.token, foreignSample.id);
  const reportBody = await request(t.app).get(`/api/reports/${adminReport.id}`).set(bearer(home)).expect(200);
  const notes = await request(t.app).get("/api/notifications").set(bearer(home)).expect(200);
  const note = (notes.body as { id: number }[])[0];
  if (!note) throw new Error("the admin has no notification");
  const agent = await request(t.app)
    .post("/api/lab/agents")
    .auth(staff.token, { type: "bearer" })
    .send({ name: "Suresh", phone: "9000000091" })
    .expect(201);

  const made = async (path: string, body: object) =>
    (await request(t.app).post(path).set(bearer(home)).send(body).expect(201)).body as {
      id: number;
      code: string;
    };
  const farm = await made("/api/farms", { name: M.homeFarm, mpedaEnrolment: "AP/WG/2024/1234" });
  const pond = await made(`/api/farms/${farm.id}/ponds`, { code: "P1" });
  const crop = await made(`/api/ponds/${pond.id}/crops`, {
    species: "Pacific White Shrimp",
    stockedOn: "2026-01-10",
    noTreatments: true,
  });
  const lot = await made(`/api/crops/${crop.id}/lots`, { expectedOn: "2026-04-20", buyerName: M.homeFarm });

  fx = {
    homeFarmId: farm.id,
    homePondId: pond.id,
    homeCropId: crop.id,
    homeLotId: lot.id,
    homeLotCode: lot.code,
    thirdOrgId: third.orgId,
    homeOrgId: home.orgId,
    foreignOrgId: foreignAdmin.orgId,
    ownSampleId: own.id,
    adminSampleId: adminSample.id,
    foreignSampleId: foreignSample.id,
    adminReportId: adminReport.id,
    foreignReportId: foreignReport.id,
    certificate: adminReport.details.certification,
    checkCode: String((reportBody.body as { checkCode: string | null }).checkCode ?? ""),
    homeProviderId,
    adminNotificationId: note.id,
    bystanderId: bystander.id,
    leaverId: leaver.id,
    labLeaverId: labLeaver.id,
    pendingInvitationId: (pending.body as { id: number }).id,
    agentId: (agent.body as { id: number }).id,
  };
}

beforeAll(async () => {
  t = await startTestApp({ realtime: {} });
  await buildFixture();
}, 120_000);
afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------------------------------
// Requests

/** A fresh token for a probe that ends the caller's sessions, so the others keep theirs. */
async function freshToken(a: Actor): Promise<string | undefined> {
  if (a.kind === "anon") return undefined;
  const password = passwords.get(a.key) ?? "";
  const res =
    a.kind === "staff"
      ? await request(t.app).post("/api/lab/login").send({ email: a.email, password }).expect(200)
      : await request(t.app).post("/api/customers/login").send({ email: a.email, password }).expect(200);
  return (res.body as { accessToken: string }).accessToken;
}

const matches = (expected: Expect, status: number): boolean => {
  if (status >= 500) return false;
  switch (expected) {
    case "ok":
      return status >= 200 && status < 300;
    case "pass":
      return ![401, 403, 404].includes(status);
    case "deny":
      return status === 403 || status === 404;
    case "unauth":
      return status === 401;
    case "staff":
      return status !== 401 && status !== 403;
    case "public":
      return true;
  }
};

async function send(route: string, probe: Probe, a: Actor): Promise<string[]> {
  const method = route.slice(0, route.indexOf(" ")).toLowerCase() as
    "get" | "post" | "put" | "patch" | "delete";
  const path = await probe.path(a);
  const token = probe.phase === 2 ? await freshToken(a) : a.token;
  let req = request(t.app)[method](path);
  if (token) req = req.set("Authorization", `Bearer ${token}`);
  const body = probe.body?.(a);
  const res = await (body === undefined ? req : req.send(body));
  const problems: string[] = [];
  const where = `${route} [${probe.label}] as ${a.key}`;
  const expected = probe.expect(a);
  if (!matches(expected, res.status)) problems.push(`${where}: expected ${expected}, got ${res.status}`);
  // JSON and text bodies as sent on the wire; binary bodies (PDFs) have no text to search.
  const text = typeof res.text === "string" ? res.text : "";
  const leaked = forbiddenMarkers(a, probe).filter((marker) => text.includes(marker));
  if (leaked.length > 0) problems.push(`${where}: body holds ${leaked.join(", ")} (${res.status})`);
  if (expected === "ok" && probe.shows) {
    const missing = probe.shows(a).filter((marker) => !text.includes(marker));
    if (missing.length > 0) problems.push(`${where}: body lacks ${missing.join(", ")}`);
  }
  return problems;
}

/** Runs tasks a few at a time: PGlite answers one query at a time and the machine has two cores. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (task) results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------------
// STOMP

function stompClient(token: string): Client {
  return new Client({
    webSocketFactory: () =>
      new WebSocket(`${t.baseUrl.replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"]),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
}

function connect(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(frame.headers["message"]));
    client.activate();
  });
}

interface Heard {
  samples: string[];
  notes: string[];
}

/** Subscribes to the samples topic and the caller's notifications; answers the bodies received. */
async function listen(client: Client, userId: number): Promise<Heard> {
  const heard: Heard = { samples: [], notes: [] };
  client.subscribe(STOMP_DESTINATIONS.samples, (message: IMessage) => heard.samples.push(message.body));
  client.subscribe(STOMP_DESTINATIONS.notifications(userId), (message: IMessage) =>
    heard.notes.push(message.body),
  );
  // A receipt proves the subscriptions are in place before anything is published.
  await new Promise<void>((resolve) => {
    const receipt = `ready-${userId}`;
    client.watchForReceipt(receipt, () => resolve());
    client.subscribe(STOMP_DESTINATIONS.shutdown, () => undefined, { receipt });
  });
  return heard;
}

describe("isolation matrix", () => {
  // First: the matrix's last phase ends every caller's sessions.
  it("STOMP: a sample change reaches the organisation's all-scope readers only; another's notifications are refused", async () => {
    const clients: Client[] = [];
    try {
      const listeners = new Map<ActorKey, Heard>();
      for (const key of [
        "admin",
        "fullAll",
        "resultsAll",
        "fullOwn",
        "resultsOwn",
        "billing",
        "foreign",
      ] as const) {
        const who = actor(key);
        const client = stompClient(who.token ?? "");
        clients.push(client);
        await connect(client);
        listeners.set(key, await listen(client, who.id ?? 0));
      }

      // Another member's user destination: an ERROR frame, whoever asks.
      for (const key of ["fullOwn", "foreign"] as const) {
        const client = stompClient(actor(key).token ?? "");
        clients.push(client);
        await connect(client);
        const error = new Promise<string>((resolve) => {
          client.onStompError = (frame) => resolve(frame.headers["message"] ?? "");
        });
        client.subscribe(STOMP_DESTINATIONS.notifications(actor("admin").id ?? 0), () => undefined);
        expect(await error).toBe("You may subscribe only to your own notifications");
      }

      const live = `${M.adminSample}LIVE`;
      const admin = actor("admin");
      const sample = await submitSample(
        t.app,
        { id: admin.id ?? 0, token: admin.token ?? "" },
        {
          samplerName: live,
        },
      );
      await request(t.app)
        .post(`/api/lab/samples/${sample.id}/assign`)
        .set(bearer(actor("staff")))
        .send({ agentId: fx.agentId })
        .expect(200);
      const heard = (key: ActorKey): Heard => listeners.get(key) ?? { samples: [], notes: [] };
      const aboutSample = (key: ActorKey) => heard(key).samples.filter((body) => body.includes(live));
      const aboutNote = (key: ActorKey) =>
        heard(key).notes.filter((body) => body.includes(`"sampleId":${String(sample.id)}`));
      for (const key of ["admin", "fullAll", "resultsAll"] as const) {
        await until(() => aboutSample(key).some((body) => body.includes('"COLLECTING"')));
        await until(() => aboutNote(key).some((body) => body.includes("sample_assigned")));
      }
      // Time for a wrongly routed frame to arrive before asserting that none did.
      await new Promise((resolve) => setTimeout(resolve, 600));
      for (const key of ["fullOwn", "resultsOwn", "billing", "foreign"] as const) {
        const forbidden = key === "foreign" ? HOME_MARKERS : [M.adminSample];
        const frames = [...heard(key).samples, ...heard(key).notes];
        expect({
          key,
          samples: aboutSample(key),
          notes: aboutNote(key),
          leaks: frames.filter((body) => forbidden.some((marker) => body.includes(marker))),
        }).toEqual({ key, samples: [], notes: [], leaks: [] });
      }
    } finally {
      await Promise.all(clients.map((client) => client.deactivate()));
    }
  }, 30_000);

  it("every route of the router is classified", () => {
    // The dev mailbox is development's own window on what would have been sent; production never
    // mounts it (the dev-mailbox tests check that), so it is no part of the walls checked here.
    const routes = listRoutes(t.app).filter((route) => !route.split(" ")[1]?.startsWith("/dev/"));
    expect(routes.length).toBeGreaterThan(50);
    const unclassified = routes.filter((route) => !(route in TABLE));
    const stale = Object.keys(TABLE).filter((route) => !routes.includes(route));
    expect({ unclassified, stale }).toEqual({ unclassified: [], stale: [] });
  });

  it(`HTTP: ${MATRIX}; each answers per role, scope and organisation and holds no foreign row`, async () => {
    console.log(`isolation matrix: ${MATRIX}`);
    const problems: string[] = [];
    for (const phase of [0, 1, 2] as const) {
      const tasks = Object.entries(TABLE).flatMap(([route, probes]) =>
        probes
          .filter((probe) => (probe.phase ?? 0) === phase)
          .flatMap((probe) => ACTOR_KEYS.map((key) => () => send(route, probe, actor(key)))),
      );
      // Writes to shared rows and session endings go one at a time, in the table's order.
      for (const found of await pool(tasks, phase === 0 ? 4 : 1)) problems.push(...found);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
