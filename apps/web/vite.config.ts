import { i18nCatalogues } from "@lab/i18n/vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const apiTarget = "http://localhost:3000";

// react-router's package exports only its development build (remix-run/react-router#12532): in a
// production bundle it printed "Hey developer" error pages and carried its dev warnings (/login's
// budget). The build takes the production build it ships beside it.
const reactRouterProduction = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

const routes = fileURLToPath(new URL("./src/app/routes/", import.meta.url));
const mainModule = fileURLToPath(new URL("./src/main.tsx", import.meta.url));

/**
 * Fewer, larger chunks on the two first paths. By default Rollup makes one chunk per set of screens
 * that share a module: the signed-in app came as 60 chunks of 1-2 KB, and on a 400 ms line each
 * round of 6 requests costs a round trip. Modules the entry does not hold are grouped by who needs
 * them:
 * - "app": needed by the app's shell or the dashboard, and only by signed-in screens (which always
 *   load the shell) or the lab console, so nobody signed out downloads it; "app-public": needed by
 *   the dashboard and by a public page too (the certificate check, unsubscribe, careers);
 * - "login": needed by /login, and only by the signed-out pages or the lab console;
 * - "first": needed by both /login and the dashboard.
 * /login still loads exactly the modules it loaded before (its budget), in fewer files.
 * Anything else (the other screens' own code, the lab console) is split as Rollup sees fit.
 */
function chunkGroups() {
  let groupOf: Map<string, string> | undefined;
  const build = ({ getModuleInfo }: Rollup.ManualChunkMeta) => {
    const closure = (start: string) => {
      const seen = new Set<string>([start]);
      const queue = [start];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        for (const next of getModuleInfo(id)?.importedIds ?? []) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
      return seen;
    };
    // Every lazily imported module, and what its static imports reach.
    const lazy = new Map<string, Set<string>>();
    const visit = [mainModule];
    const visited = new Set(visit);
    for (let id = visit.pop(); id !== undefined; id = visit.pop()) {
      const info = getModuleInfo(id);
      for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
        if (visited.has(next)) continue;
        visited.add(next);
        visit.push(next);
      }
      for (const next of info?.dynamicallyImportedIds ?? []) if (!lazy.has(next)) lazy.set(next, new Set());
    }
    for (const id of lazy.keys()) lazy.set(id, closure(id));
    const entry = closure(mainModule);
    const isRoute = (id: string, dir: string) => id.startsWith(`${routes}${dir}/`);
    const firstApp = new Set([`${routes}app/root.tsx`, `${routes}app/dashboard.tsx`]);
    const login = `${routes}landing/login.tsx`;
    // A lazy module is signed-in (or signed-out) when it is a screen of that side, or only screens
    // of that side import it.
    const side = (screen: (id: string) => boolean) => {
      const members = new Set([...lazy.keys()].filter(screen));
      for (let grew = true; grew;) {
        grew = false;
        for (const id of lazy.keys()) {
          if (members.has(id)) continue;
          const importers = getModuleInfo(id)?.dynamicImporters ?? [];
          const inside = (importer: string) =>
            [...members].some((member) => lazy.get(member)?.has(importer)) && !entry.has(importer);
          if (importers.length > 0 && importers.every(inside)) grew = members.add(id).size > 0;
        }
      }
      return members;
    };
    const lab = side((id) => isRoute(id, "lab"));
    const signedIn = side((id) => isRoute(id, "app") || lab.has(id));
    const signedOut = side((id) => isRoute(id, "landing") || isRoute(id, "public") || lab.has(id));
    const groups = new Map<string, string>();
    const users = new Map<string, string[]>();
    for (const [id, reached] of lazy) {
      for (const module of reached) {
        if (entry.has(module)) continue;
        users.set(module, [...(users.get(module) ?? []), id]);
      }
    }
    for (const [module, by] of users) {
      const forApp = by.some((id) => firstApp.has(id));
      const forLogin = by.includes(login);
      if (forApp && forLogin) groups.set(module, "first");
      else if (forApp) groups.set(module, by.every((id) => signedIn.has(id)) ? "app" : "app-public");
      else if (forLogin && by.every((id) => signedOut.has(id))) groups.set(module, "login");
    }
    return groups;
  };
  return (id: string, meta: Rollup.ManualChunkMeta) => (groupOf ??= build(meta)).get(id);
}

/**
 * `import { Check } from "lucide-react"` imports the package's barrel, which re-exports every icon.
 * The chunk grouping below follows static imports, so through the barrel every icon looked like the
 * entry's own, and Rollup gave each icon a screen used its own 1 KB chunk (16 requests on the
 * dashboard's first visit). Importing each icon from its own file lets the icons join the groups of
 * the screens that draw them. The barrel's export lines say which file holds which name.
 */
function lucideIconImports(): Plugin {
  const barrel = fileURLToPath(
    new URL("./node_modules/lucide-react/dist/esm/lucide-react.js", import.meta.url),
  );
  const fileOf = new Map<string, string>();
  for (const [, names = "", file = ""] of readFileSync(barrel, "utf8").matchAll(
    /export \{([^}]*)\} from '\.\/(icons\/[\w-]+\.js)';/g,
  )) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) fileOf.set(name, file);
  }
  return {
    name: "lucide-icon-imports",
    apply: "build",
    enforce: "post",
    transform(code, id) {
      if (id.includes("/node_modules/") || !code.includes("lucide-react")) return null;
      let changed = false;
      const out = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g,
        (whole, list: string) => {
          const specifiers = list
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => part.split(/\s+as\s+/));
          const lines: string[] = [];
          for (const [imported = "", local = imported] of specifiers) {
            const file = fileOf.get(imported);
            if (!file) return whole; // not an icon (createLucideIcon, Icon): keep the barrel import
            lines.push(`import ${local} from "lucide-react/dist/esm/${file}";`);
          }
          changed = true;
          return lines.join("\n");
        },
      );
      return changed ? { code: out, map: null } : null;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    lucideIconImports(),
    i18nCatalogues(),
    react(),
    tailwindcss(),
    // The service worker (src/sw.ts): main.tsx registers it in a production build, after the first
    // screen. It precaches the shell and this release's scripts and styles; catalogues are cached as
    // read (eight languages of them would be most of the download).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["index.html", "favicon.svg", "assets/*.{js,css}"],
        globIgnores: ["assets/i18n/**"],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: "/src" },
      ...(command === "build" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // sockjs-client (the real-time client) reads Node's `global`; the build's CommonJS plugin maps it,
  // the dev server's dependency pre-bundling needs it spelled out.
  optimizeDeps: { esbuildOptions: { define: { global: "globalThis" } } },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true, ws: true },
      "/dev": { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true, ws: true },
      "/dev": { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false }, module: true },
    rollupOptions: {
      // Short chunk names: the entry lists every chunk it may preload, and on /login every byte counts.
      output: {
        chunkFileNames: "assets/[hash].js",
        manualChunks: chunkGroups(),
        // A group holds only the modules named for it: by default Rollup also moves in whatever they
        // import, the entry's own modules included.
        onlyExplicitManualChunks: true,
      },
      treeshake: {
        // @lab/contracts only declares values (schemas, messages, constants): a module of it that no
        // chunk uses can be dropped, so the /login bundle carries the messages but not zod
        // (the /login budget: initial JS ≤ 120 KB gzip, docs/performance.md).
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contracts[\\/]/.test(id),
      },
    },
  },
}));
