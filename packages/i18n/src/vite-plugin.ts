// Build-time half of the catalogues: `virtual:i18n/<language>/<namespace>` is one namespace of one
// catalogue, compiled, as its own lazy chunk; `virtual:i18n/loaders` maps every language and
// namespace to its import. A page downloads only its namespaces in the reader's language.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import type { Plugin } from "vite";

import { compileNamespace, type CatalogueFile } from "./compile.ts";

const PREFIX = "virtual:i18n/";
const LOADERS = `${PREFIX}loaders`;
/** Namespaces only the server reads (e-mails, notification texts, the certificate). */
export const SERVER_NAMESPACES: readonly string[] = ["mail", "notify", "coa"];

export function i18nCatalogues(): Plugin {
  const fileOf = (language: string) =>
    fileURLToPath(new URL(`../catalogues/${language}.json`, import.meta.url));
  // The catalogue files are the languages (the catalogue test keeps them equal to contracts' list);
  // this plugin runs in Vite's config loader, which cannot import the workspace's TypeScript.
  const languages = () =>
    readdirSync(fileURLToPath(new URL("../catalogues/", import.meta.url)))
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.slice(0, -5));
  const read = (language: string) => JSON.parse(readFileSync(fileOf(language), "utf8")) as CatalogueFile;
  return {
    name: "lab-i18n-catalogues",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const virtual = id.slice(1);
      if (virtual === LOADERS) {
        this.addWatchFile(fileOf("en"));
        const namespaces = Object.keys(read("en")).filter((ns) => !SERVER_NAMESPACES.includes(ns));
        const entries = languages().map(
          (language) =>
            `${JSON.stringify(language)}: {${namespaces
              .map(
                (ns) =>
                  `${JSON.stringify(ns)}: () => import(${JSON.stringify(`${PREFIX}${language}/${ns}`)})`,
              )
              .join(", ")}}`,
        );
        return `export const loaders = {${entries.join(",\n")}};`;
      }
      const [language = "", namespace = ""] = virtual.slice(PREFIX.length).split("/");
      this.addWatchFile(fileOf(language));
      const entries = read(language)[namespace] ?? {};
      return `export default ${JSON.stringify(compileNamespace(namespace, entries))};`;
    },
  };
}
