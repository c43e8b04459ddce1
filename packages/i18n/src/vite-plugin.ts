// Build-time half of the catalogues. Each namespace of each language is one small ES module of
// compiled messages, downloaded only when a page of that language needs it.
// - `virtual:i18n/loaders` exports `namespaces` (those the web uses) and `loadCatalogue(language, ns)`.
// - In a build the modules are emitted as `assets/i18n/<language>-<namespace>.<hash>.js`, one hash
//   for the whole set of catalogues, so the loader computes a URL and the entry chunk carries no
//   table of 100 file names (1.2 KB gzip of the /login budget).
// - Under the dev server and Vitest they are virtual modules (`virtual:i18n/<language>/<namespace>`).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import type { Plugin } from "vite";

import { compileNamespace, type CatalogueFile } from "./compile.ts";

const PREFIX = "virtual:i18n/";
const LOADERS = `${PREFIX}loaders`;
/** Namespaces only the server reads (e-mails, notification texts, the certificate, WhatsApp bodies, SMS texts). */
export const SERVER_NAMESPACES: readonly string[] = ["mail", "notify", "coa", "whatsapp", "sms"];

export function i18nCatalogues(): Plugin {
  const dir = fileURLToPath(new URL("../catalogues/", import.meta.url));
  const fileOf = (language: string) => `${dir}${language}.json`;
  // The catalogue files are the languages (the catalogue test keeps them equal to contracts' list);
  // this plugin runs in Vite's config loader, which cannot import the workspace's TypeScript.
  const languages = () =>
    readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.slice(0, -5))
      .sort();
  const read = (language: string) => JSON.parse(readFileSync(fileOf(language), "utf8")) as CatalogueFile;
  const webNamespaces = () => Object.keys(read("en")).filter((ns) => !SERVER_NAMESPACES.includes(ns));
  const moduleOf = (language: string, ns: string) =>
    `export default ${JSON.stringify(compileNamespace(ns, read(language)[ns] ?? {}))};`;
  let building = false;
  let base = "/";
  let buildHash = "";
  return {
    name: "lab-i18n-catalogues",
    enforce: "pre",
    configResolved(config) {
      building = config.command === "build";
      base = config.base;
    },
    buildStart() {
      if (!building) return;
      const hash = createHash("sha256");
      for (const language of languages()) hash.update(language).update(readFileSync(fileOf(language)));
      buildHash = hash.digest("base64url").slice(0, 10);
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const virtual = id.slice(1);
      if (virtual === LOADERS) {
        this.addWatchFile(fileOf("en"));
        const namespaces = `export const namespaces = ${JSON.stringify(webNamespaces())};\n`;
        if (building) {
          return `${namespaces}export const loadCatalogue = (language, ns) => import(/* @vite-ignore */ \`${base}assets/i18n/\${language}-\${ns}.${buildHash}.js\`);`;
        }
        const entries = languages().map(
          (language) =>
            `${JSON.stringify(language)}: {${webNamespaces()
              .map(
                (ns) =>
                  `${JSON.stringify(ns)}: () => import(${JSON.stringify(`${PREFIX}${language}/${ns}`)})`,
              )
              .join(", ")}}`,
        );
        return `${namespaces}const loaders = {${entries.join(",\n")}};
export const loadCatalogue = (language, ns) => {
  const load = loaders[language]?.[ns];
  return load ? load() : Promise.reject(new Error(\`No catalogue \${language}/\${ns}\`));
};`;
      }
      const [language = "", namespace = ""] = virtual.slice(PREFIX.length).split("/");
      this.addWatchFile(fileOf(language));
      return moduleOf(language, namespace);
    },
    generateBundle() {
      if (!building) return;
      for (const language of languages()) {
        for (const ns of webNamespaces()) {
          this.emitFile({
            type: "asset",
            fileName: `assets/i18n/${language}-${ns}.${buildHash}.js`,
            source: moduleOf(language, ns),
          });
        }
      }
    },
  };
}
