// The field app's own modules for a bench to call inside the page: its photo compressor
// (utils/compress-photo.ts) and its offline queue (utils/field-db.ts), bundled from the web's sources
// by esbuild (tsx's own) into a script that sets `globalThis.fieldBench`. So the photos are what the
// app's canvas path makes and the queue items are written by the app's own code, in its format.
// `maxPhotoBytes` replaces the contracts' PHOTO_MAX_BYTES for the compressor (a what-if run).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const fieldUtils = join(root, "apps", "web", "src", "features", "field", "utils");
const contractsEntry = join(root, "packages", "contracts", "src", "index.ts");

interface EsbuildPlugin {
  name: string;
  setup(build: {
    onResolve(
      options: { filter: RegExp },
      callback: (args: { importer: string }) => { path: string; namespace: string } | undefined,
    ): void;
    onLoad(
      options: { filter: RegExp; namespace: string },
      callback: () => { contents: string; resolveDir: string; loader: "ts" },
    ): void;
  }): void;
}
interface Esbuild {
  build(options: {
    stdin: { contents: string; resolveDir: string; loader: "ts" };
    bundle: true;
    write: false;
    format: "iife";
    target: string;
    plugins: EsbuildPlugin[];
    logLevel: "error";
  }): Promise<{ outputFiles: { text: string }[] }>;
}

const requireFromTsx = createRequire(createRequire(import.meta.url).resolve("tsx"));
const esbuild = requireFromTsx("esbuild") as Esbuild;

export async function fieldPageScript(options: { maxPhotoBytes?: number | undefined } = {}): Promise<string> {
  const limit = options.maxPhotoBytes;
  const plugins: EsbuildPlugin[] =
    limit === undefined
      ? []
      : [
          {
            name: "photo-limit",
            setup(build) {
              build.onResolve({ filter: /^@lab\/contracts$/ }, (args) =>
                args.importer.endsWith("compress-photo.ts")
                  ? { path: "photo-limit", namespace: "photo-limit" }
                  : undefined,
              );
              build.onLoad({ filter: /.*/, namespace: "photo-limit" }, () => ({
                contents: `export * from ${JSON.stringify(contractsEntry)};\nexport const PHOTO_MAX_BYTES = ${limit};\n`,
                resolveDir: fieldUtils,
                loader: "ts",
              }));
            },
          },
        ];
  const entry = `
    import { compressPhoto } from "./compress-photo";
    import { FIELD_DB_NAME, enqueueCollection, listQueue } from "./field-db";
    (globalThis as unknown as { fieldBench: unknown }).fieldBench = {
      compressPhoto, FIELD_DB_NAME, enqueueCollection, listQueue,
    };
  `;
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: fieldUtils, loader: "ts" },
    bundle: true,
    write: false,
    format: "iife",
    target: "chrome120",
    plugins,
    logLevel: "error",
  });
  const text = result.outputFiles[0]?.text;
  if (!text) throw new Error("esbuild made no bundle of the field app's modules");
  return text;
}
