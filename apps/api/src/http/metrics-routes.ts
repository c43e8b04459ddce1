import type { Express } from "express";
import { match } from "path-to-regexp";

/** One row of router.listRoutes() (router 2.3): a route, or a router mounted at `path`. */
interface ListedRoute {
  path: string | RegExp;
  methods: string[] | undefined;
  router: unknown;
}

interface RouteEntry {
  label: string;
  /** Upper-case methods; "*" for router.all(). */
  methods: string[];
  matches: (path: string) => boolean;
}

function listsRoutes(router: unknown): router is { listRoutes(): unknown } {
  return (
    (typeof router === "object" || typeof router === "function") &&
    router !== null &&
    "listRoutes" in router &&
    typeof router.listRoutes === "function"
  );
}

function listRoutes(router: unknown): ListedRoute[] {
  if (!listsRoutes(router)) return [];
  const listed = router.listRoutes();
  return Array.isArray(listed) ? (listed as ListedRoute[]) : [];
}

/** "/api" + "/customers" + "/:id" → "/api/customers/:id" ("/" mounts add nothing). */
function joinPaths(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  return joined === "" ? "/" : joined;
}

/** Every route of the app with its full pattern, in the order Express tries them. */
function collect(router: unknown, prefix: string, into: RouteEntry[]): RouteEntry[] {
  for (const listed of listRoutes(router)) {
    if (listed.path instanceof RegExp) {
      // Only the SPA's index.html fallback is a RegExp route: labelled by its mount, never by the URL.
      const pattern = listed.path;
      if (listed.router === undefined) {
        into.push({
          label: `${prefix}(regexp)`,
          methods: listed.methods ?? [],
          matches: (path) =>
            path.toLowerCase().startsWith(prefix.toLowerCase()) && pattern.test(path.slice(prefix.length)),
        });
      }
      continue;
    }
    const full = joinPaths(prefix, listed.path);
    if (listed.router !== undefined) {
      collect(listed.router, full === "/" ? "" : full, into);
      continue;
    }
    // As Express matches a route: case-insensitive, an optional trailing slash, values not decoded.
    const matcher = match(full, { decode: false, end: true, trailing: true, sensitive: false });
    into.push({ label: full, methods: listed.methods ?? [], matches: (path) => matcher(path) !== false });
  }
  return into;
}

/**
 * The route pattern a request matched (`/api/customers/:id`, never the id itself), for metric labels
 * whose values must stay few. Read from the app's route table (built on first use, once every route is
 * registered), so a request refused by a router's middleware (a 401) still counts under its route;
 * "unmatched" when no route matches (404s, static files).
 */
export function createRouteLabeller(app: Express): (method: string, url: string) => string {
  let routes: RouteEntry[] | undefined;
  const byMethod = new Map<string, RouteEntry[]>();
  return (method, url) => {
    routes ??= collect(app.router, "", []);
    let candidates = byMethod.get(method);
    if (!candidates) {
      candidates = routes.filter((route) => route.methods.includes(method) || route.methods.includes("*"));
      byMethod.set(method, candidates);
    }
    const path = url.split("?")[0] ?? "/";
    return candidates.find((route) => route.matches(path))?.label ?? "unmatched";
  };
}
