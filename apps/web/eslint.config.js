import { readdirSync } from "node:fs";
import path from "node:path";

import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
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
    {
      files: ["e2e/**", "*.config.ts"],
      languageOptions: { globals: { ...globals.node } },
    },
  ],
});
