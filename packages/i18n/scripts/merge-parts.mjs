#!/usr/bin/env node
// Builds catalogues/<language>.json from catalogues/parts/<namespace>/<language>.json (flat key →
// ICU message). Parts let several people write namespaces at once; the language files are what the
// app reads. Run after editing a part: pnpm --filter @lab/i18n merge
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = join(import.meta.dirname, "..", "catalogues");
const partsDir = join(dir, "parts");
const namespaces = existsSync(partsDir)
  ? readdirSync(partsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort()
  : [];
const languages = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5));
for (const ns of namespaces) {
  for (const f of readdirSync(join(partsDir, ns))) if (f.endsWith(".json")) languages.push(f.slice(0, -5));
}
for (const language of [...new Set(languages)].sort()) {
  const file = join(dir, `${language}.json`);
  const catalogue = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  for (const ns of namespaces) {
    const part = join(partsDir, ns, `${language}.json`);
    if (existsSync(part)) catalogue[ns] = JSON.parse(readFileSync(part, "utf8"));
  }
  const ordered = Object.fromEntries(
    Object.keys(catalogue)
      .sort()
      .map((ns) => [ns, catalogue[ns]]),
  );
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(ordered, null, 2)}\n`);
  renameSync(tmp, file);
}
console.log(`merged ${namespaces.length} namespace part(s) into ${new Set(languages).size} catalogue(s)`);
