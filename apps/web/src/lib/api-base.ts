/** Where the portal's API answers, on the page's own origin. Free of imports: the entry chunk uses it. */
export const API_BASE = "/api";
