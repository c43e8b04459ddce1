// Every route of the SPA, once: a new screen adds its route here (docs/architecture.md).
export const paths = {
  home: { path: "/", href: () => "/" },
  login: { path: "/login", href: () => "/login" },
  privacy: { path: "/privacy", href: () => "/privacy" },
  terms: { path: "/terms", href: () => "/terms" },
  careers: { path: "/careers", href: () => "/careers" },
  blog: { path: "/blog", href: () => "/blog" },
  dashboard: { path: "/dashboard", href: () => "/dashboard" },
  customers: { path: "/customers", href: () => "/customers" },
  profile: { path: "/profile", href: () => "/profile" },
  // The member's organisation: its details, its members and invitations (admins), its trail (admins).
  organisation: { path: "/profile/organisation", href: () => "/profile/organisation" },
  members: { path: "/profile/members", href: () => "/profile/members" },
  activity: { path: "/profile/activity", href: () => "/profile/activity" },
  // The invitation mail's link (public); its token travels in the fragment, never to a server log.
  invitation: { path: "/invitation", href: () => "/invitation" },
  // The organisation's farms; a farm's page holds its ponds, crops and harvest lots.
  farms: { path: "/farms", href: () => "/farms" },
  farm: {
    path: "/farms/:farmId",
    href: (farmId: number | string) => `/farms/${encodeURIComponent(String(farmId))}`,
  },
  // Public: one harvest lot's check (the lot card's QR opens it), and a processor's receiving desk.
  lotCheck: {
    path: "/lots/:code",
    href: (code: string) => `/lots/${encodeURIComponent(code)}`,
  },
  gate: { path: "/gate", href: () => "/gate" },
  // Farms and lots other organisations share with the member's, and one shared sample's results.
  shared: { path: "/shared", href: () => "/shared" },
  sharedSample: {
    path: "/shared/samples/:sampleId",
    href: (sampleId: number | string) => `/shared/samples/${encodeURIComponent(String(sampleId))}`,
  },
  submitSample: { path: "/submit-sample", href: () => "/submit-sample" },
  // The Sample Processing view of a submitted sample: its own URL, so a reload keeps it.
  sampleProcessing: {
    path: "/submit-sample/:sampleId",
    href: (sampleId: number | string) => `/submit-sample/${encodeURIComponent(String(sampleId))}`,
  },
  samples: {
    path: "/samples",
    href: (query: { status?: string; highlight?: number | string } = {}) => {
      const params = new URLSearchParams();
      if (query.status) params.set("status", query.status);
      if (query.highlight !== undefined) params.set("highlight", String(query.highlight));
      const search = params.toString();
      return search ? `/samples?${search}` : "/samples";
    },
  },
  timeline: {
    path: "/timeline/:sampleId",
    href: (sampleId: number | string) => `/timeline/${encodeURIComponent(String(sampleId))}`,
  },
  ledger: { path: "/ledger", href: () => "/ledger" },
  reports: { path: "/reports", href: () => "/reports" },
  report: {
    path: "/report/:reportId",
    href: (reportId: number | string) => `/report/${encodeURIComponent(String(reportId))}`,
  },
  // Public certificate check; the number is optional (the form alone at /verify).
  verify: {
    path: "/verify/:number?",
    href: (number?: string) => (number ? `/verify/${encodeURIComponent(number)}` : "/verify"),
  },
  // The page behind the unsubscribe link of shared-report mail (public; only its button opts out).
  unsubscribe: {
    path: "/unsubscribe",
    href: (link?: { e: string; s: string }) =>
      link ? `/unsubscribe?${new URLSearchParams(link).toString()}` : "/unsubscribe",
  },
  // The newsletter mail's links (double opt-in): confirm on opening, unsubscribe behind a button.
  newsletterConfirm: { path: "/newsletter/confirm", href: () => "/newsletter/confirm" },
  newsletterUnsubscribe: { path: "/newsletter/unsubscribe", href: () => "/newsletter/unsubscribe" },
  // The lab staff console: its own sign-in and session, so a staff token never reaches customer calls.
  lab: { path: "/lab", href: () => "/lab" },
  labLogin: { path: "/lab/login", href: () => "/lab/login" },
  labSample: {
    path: "/lab/samples/:sampleId",
    href: (sampleId: number | string) => `/lab/samples/${encodeURIComponent(String(sampleId))}`,
  },
  labAgents: { path: "/lab/agents", href: () => "/lab/agents" },
  // The lab's customers: organisations, their members (deactivate one) and their trail.
  labCustomers: { path: "/lab/customers", href: () => "/lab/customers" },
  labCustomer: {
    path: "/lab/customers/:organisationId",
    href: (organisationId: number | string) => `/lab/customers/${encodeURIComponent(String(organisationId))}`,
  },
  labEnquiries: { path: "/lab/enquiries", href: () => "/lab/enquiries" },
  // Staff accounts and roles (admins), markets' limits and panels (all staff; admins edit).
  labStaff: { path: "/lab/staff", href: () => "/lab/staff" },
  labMarkets: { path: "/lab/markets", href: () => "/lab/markets" },
  // Revocation requests waiting for a second person, and the lab's revocation rule.
  labRevocations: { path: "/lab/revocations", href: () => "/lab/revocations" },
  // Reception: a container label scanned opens its sample, which is checked and accepted or rejected.
  labReception: { path: "/lab/reception", href: () => "/lab/reception" },
  // The field agent's app (a PWA for the phone): its own sign-in and session, jobs, the collection form.
  field: { path: "/field", href: () => "/field" },
  fieldSignIn: { path: "/field/sign-in", href: () => "/field/sign-in" },
  // The invitation link staff give an agent: /field/join?token=…
  fieldJoin: { path: "/field/join", href: () => "/field/join" },
  fieldJob: {
    path: "/field/jobs/:sampleId",
    href: (sampleId: number | string, query: { edit?: string } = {}) =>
      `/field/jobs/${encodeURIComponent(String(sampleId))}${query.edit ? `?edit=${encodeURIComponent(query.edit)}` : ""}`,
  },
  devMailbox: { path: "/dev/mailbox", href: () => "/dev/mailbox" },
} as const satisfies Record<string, { path: string; href: (...args: never[]) => string }>;

export type AppPath = (typeof paths)[keyof typeof paths]["path"];
