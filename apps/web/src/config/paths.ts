// Every route of the SPA, once. Later issues add their routes here (spec section 2).
export const paths = {
  home: { path: "/", href: () => "/" },
  login: { path: "/login", href: () => "/login" },
  privacy: { path: "/privacy", href: () => "/privacy" },
  terms: { path: "/terms", href: () => "/terms" },
  careers: { path: "/careers", href: () => "/careers" },
  blog: { path: "/blog", href: () => "/blog" },
  dashboard: { path: "/dashboard", href: () => "/dashboard" },
  profile: { path: "/profile", href: () => "/profile" },
  devMailbox: { path: "/dev/mailbox", href: () => "/dev/mailbox" },
} as const satisfies Record<string, { path: string; href: (...args: never[]) => string }>;

export type AppPath = (typeof paths)[keyof typeof paths]["path"];
