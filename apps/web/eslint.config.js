import { readdirSync } from "node:fs";
import path from "node:path";

import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import i18next from "eslint-plugin-i18next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

import { config } from "../../eslint.base.js";

const src = path.join(import.meta.dirname, "src");
const features = readdirSync(path.join(src, "features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Shared code: what any feature and the app may import; it imports neither.
const shared = ["components", "config", "hooks", "lib", "testing", "utils"].map((dir) => path.join(src, dir));

/**
 * Imports flow shared → features → app (bulletproof-react): a feature imports only itself and shared
 * code; a screen that needs two features is composed in app/routes.
 */
const zones = [
  ...features.map((feature) => ({
    target: path.join(src, "features", feature),
    from: path.join(src, "features"),
    except: [`./${feature}`],
    message:
      "A feature imports only itself and shared code (components, hooks, lib, utils); compose features in app/routes.",
  })),
  {
    target: path.join(src, "features"),
    from: path.join(src, "app"),
    message: "Features do not import the app layer.",
  },
  {
    target: shared,
    from: [path.join(src, "features"), path.join(src, "app")],
    message: "Shared code does not import features or the app layer.",
  },
];

export default config({
  browser: true,
  forbidImports: ["@lab/api", "@lab/db", "drizzle-orm", "pg"],
  extra: [
    reactHooks.configs.flat["recommended-latest"],
    {
      files: ["src/**/*.{ts,tsx}"],
      plugins: { "import-x": importX },
      settings: {
        "import-x/resolver-next": [
          createTypeScriptImportResolver({ project: path.join(import.meta.dirname, "tsconfig.json") }),
        ],
      },
      rules: {
        "import-x/no-restricted-paths": ["error", { zones }],
        "import-x/no-cycle": "error",
      },
    },
    // No user-facing text is written in a component; it comes from a catalogue through t(), so every
    // language gets it (docs/i18n.md).
    // JSX text and the attributes a person reads or hears are checked; props such as variant="outline"
    // are not text.
    {
      files: ["src/**/*.tsx"],
      ignores: ["src/**/*.test.tsx", "src/testing/**"],
      plugins: { i18next },
      rules: {
        "i18next/no-literal-string": [
          "error",
          {
            mode: "jsx-only",
            "jsx-attributes": {
              include: [
                "aria-label",
                "aria-description",
                "aria-valuetext",
                "placeholder",
                "title",
                "alt",
                "label",
                "description",
                "hint",
                "heading",
                "message",
                "emptyText",
                "emptyMessage",
                "confirmLabel",
                "cancelLabel",
              ],
            },
            words: {
              // Punctuation and symbols, units and codes farmers read as they are (PCR, µg/kg).
              exclude: ["[0-9!-/:-@[-`{-~\\s·—–•×✓✗→←…₹°µ]+", "[A-Z0-9_/.+-]+", "[µa-zA-Z]+/[a-zA-Z]+"],
            },
          },
        ],
      },
    },
    {
      files: ["e2e/**", "*.config.ts"],
      languageOptions: { globals: { ...globals.node } },
    },
  ],
});
