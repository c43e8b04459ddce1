import type { Express } from "express";

/** The parts of an Express 5 router layer this walk reads (the router package's Layer and Route). */
interface RouterLayer {
  route?: { path?: unknown; methods?: Record<string, boolean | undefined> };
  handle?: { stack?: unknown };
  rawPath?: unknown;
}

const isLayerStack = (value: unknown): value is RouterLayer[] => Array.isArray(value);

/** A layer's path or paths as strings; a RegExp path keeps its source so it is still classified. */
function pathsOf(path: unknown): string[] {
  if (path === undefined || path === "/") return [""];
  if (Array.isArray(path)) return path.flatMap(pathsOf);
  if (path instanceof RegExp) return [String(path)];
  return [String(path)];
}

const join = (prefix: string, path: string): string => {
  const joined = `${prefix}${path}`.replace(/\/+$/, "");
  return joined === "" ? "/" : joined;
};

function walk(stack: RouterLayer[], prefix: string, out: Set<string>): void {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.entries(layer.route.methods ?? {})
        .filter(([, on]) => on === true)
        .map(([method]) => (method === "_all" ? "ALL" : method.toUpperCase()));
      for (const path of pathsOf(layer.route.path))
        for (const method of methods) out.add(`${method} ${join(prefix, path)}`);
      continue;
    }
    const nested = layer.handle?.stack;
    if (isLayerStack(nested)) {
      for (const path of pathsOf(layer.rawPath)) walk(nested, join(prefix, path).replace(/^\/$/, ""), out);
    }
  }
}

/**
 * Every route the app answers, as "METHOD /full/path" (e.g. "GET /api/reports/:id"), read from the
 * router stack createApp built: nested routers are walked with the path they are mounted at, and a
 * route with several paths appears once per path. Throws when the stack is not where Express 5 keeps
 * it, so a caller's "every route is classified" check cannot pass on an empty list.
 */
export function listRoutes(app: Express): string[] {
  const router: unknown = (app as unknown as { router?: { stack?: unknown } }).router;
  const stack = (router as { stack?: unknown } | undefined)?.stack;
  if (!isLayerStack(stack)) throw new Error("the app's router stack is not where Express 5 keeps it");
  const out = new Set<string>();
  walk(stack, "", out);
  return [...out].sort();
}
