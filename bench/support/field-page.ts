// The field app's own modules for a bench to call inside the page: its photo compressor
// (utils/compress-photo.ts), its offline queue (utils/field-db.ts) and the form a queued collection is
// sent as (utils/collection-form-data.ts), bundled from the web's sources by esbuild (tsx's own) into a
// script that sets `globalThis.fieldBench`. So the photos are what the app's canvas path makes, the
// queue items are written by the app's own code, in its format, and bodies are measured as it sends them.
// `targetPhotoBytes` and `maxPhotoBytes` replace the contracts' PHOTO_TARGET_BYTES and PHOTO_MAX_BYTES
// for the compressor (a what-if run).
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

export async function fieldPageScript(
  options: { targetPhotoBytes?: number | undefined; maxPhotoBytes?: number | undefined } = {},
): Promise<string> {
  const overrides = [
    options.targetPhotoBytes === undefined
      ? ""
      : `export const PHOTO_TARGET_BYTES = ${options.targetPhotoBytes};`,
    options.maxPhotoBytes === undefined ? "" : `export const PHOTO_MAX_BYTES = ${options.maxPhotoBytes};`,
  ].join("\n");
  const plugins: EsbuildPlugin[] =
    overrides.trim() === ""
      ? []
      : [
          {
            name: "photo-limits",
            setup(build) {
              build.onResolve({ filter: /^@lab\/contracts$/ }, (args) =>
                args.importer.endsWith("compress-photo.ts")
                  ? { path: "photo-limits", namespace: "photo-limits" }
                  : undefined,
              );
              build.onLoad({ filter: /.*/, namespace: "photo-limits" }, () => ({
                contents: `export * from ${JSON.stringify(contractsEntry)};\n${overrides}\n`,
                resolveDir: fieldUtils,
                loader: "ts",
              }));
            },
          },
        ];
  const entry = `
    import { collectionFormData } from "./collection-form-data";
    import { compressPhoto } from "./compress-photo";
    import { FIELD_DB_NAME, enqueueCollection, listQueue } from "./field-db";
    (globalThis as unknown as { fieldBench: unknown }).fieldBench = {
      collectionFormData, compressPhoto, FIELD_DB_NAME, enqueueCollection, listQueue,
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
