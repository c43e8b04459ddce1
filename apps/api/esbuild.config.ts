// `pnpm --filter @lab/api build`: the API compiled for production into dist/, run as `node dist/server.js`
// (no TypeScript loader in production). Three entries: the server, the certificate worker that
// src/pdf/render-pool.ts starts beside it (dist/coa-worker.js) and the staff CLI (dist/lab.js).
import { readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

import { build, type Plugin } from "esbuild";

const apiDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(apiDir, "..", "..");
const packagesDir = join(repoRoot, "packages") + sep;
const outdir = join(apiDir, "dist");

const manifest = JSON.parse(readFileSync(join(apiDir, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
const runtimeDependencies = new Set(Object.keys(manifest.dependencies));
const builtins = new Set(builtinModules);

const packageOf = (specifier: string): string =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * The workspace packages (@lab/contracts, @lab/db, @lab/i18n) are TypeScript sources, so they are
 * bundled in. Every other package stays in node_modules, loaded as it is: native addons (bcrypt),
 * packages that read data files beside their own code (fonts, pdfkit's metrics, place lists, PGlite's
 * WebAssembly) and optional requires (pg-native) keep working. Node looks for them from dist/, that is
 * in apps/api/node_modules, so each must be a dependency of this package: the build fails otherwise,
 * rather than the server at its first request.
 */
const dependenciesStayExternal: Plugin = {
  name: "dependencies-stay-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      if (args.path.startsWith("node:") || builtins.has(args.path))
        return { path: args.path, external: true };
      const name = packageOf(args.path);
      if (name.startsWith("@lab/")) return undefined;
      if (runtimeDependencies.has(name)) return { path: args.path, external: true };
      return {
        errors: [
          {
            text: `"${name}" (imported by ${relative(repoRoot, args.importer)}) is not a dependency of @lab/api: dist/ loads it from apps/api/node_modules, so add it to apps/api/package.json "dependencies"`,
          },
        ],
      };
    });
  },
};

/**
 * A workspace package finds its data beside its source (packages/db/migrations,
 * packages/i18n/catalogues) through `import.meta.url`. Bundled, that would name dist/server.js, so in
 * those files it names the source file again, relative to the bundle: dist/ runs inside the repository
 * layout (the Docker image copies those folders to the same places). The API's own files keep the
 * bundle's URL: the certificate worker is found beside it, and apps/api/src and apps/api/dist are at
 * the same depth.
 */
const workspaceDataBesideSource: Plugin = {
  name: "workspace-data-beside-source",
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(packagesDir)) return undefined;
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const fromBundle = relative(outdir, args.path).split(sep).join("/");
      return {
        contents: source.replaceAll(
          "import.meta.url",
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: "ts",
      };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: apiDir,
  entryPoints: { server: "src/server.ts", "coa-worker": "src/pdf/coa-worker.ts", lab: "src/cli/lab.ts" },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: "linked",
  plugins: [dependenciesStayExternal, workspaceDataBesideSource],
  logLevel: "info",
});
