// Every route of the SPA, once. Later issues add their routes here (spec section 2).
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
  submitSample: { path: "/submit-sample", href: () => "/submit-sample" },
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
  // The reports screens arrive with their issue; the samples screens already link to the list.
  reports: { path: "/reports", href: () => "/reports" },
  devMailbox: { path: "/dev/mailbox", href: () => "/dev/mailbox" },
} as const satisfies Record<string, { path: string; href: (...args: never[]) => string }>;

export type AppPath = (typeof paths)[keyof typeof paths]["path"];
