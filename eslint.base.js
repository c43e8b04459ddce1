// Shared flat config. Each package calls config() with its import boundary.
import js from "@eslint/js";
import checkFile from "eslint-plugin-check-file";
import globals from "globals";
import tseslint from "typescript-eslint";

// Test tooling: tests, their helpers and configs, e2e journeys, fault drills, scripts.
const testTooling = [
  "**/*.test.ts",
  "**/*.test.tsx",
  "**/test/**",
  "**/testing/**",
  "**/testing.ts",
  "**/*.config.ts",
  "e2e/**",
  "**/faults/**",
  "scripts/**",
];
const envMessage = "Read configuration through the app's env.ts, which parses and validates it.";

/**
 * @param {{ allowImports?: string[], forbidImports?: string[], browser?: boolean, tooling?: boolean, extra?: import("typescript-eslint").ConfigArray }} options
 *   allowImports: when set, the only bare modules this package may import (relative imports always allowed).
 *   forbidImports: bare modules this package must never import.
 *   tooling: the whole package is test tooling (bench), so it may read process.env anywhere.
 */
export function config({
  allowImports,
  forbidImports = [],
  browser = false,
  tooling = false,
  extra = [],
} = {}) {
  const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const allowPattern = (names) => ({
    regex: `^(?!\\.|${names.map((name) => `${escape(name)}(?:/|$)`).join("|")})`,
    message: `This package may import only: ${names.join(", ")} (and its own files).`,
  });
  const patterns = [];
  if (allowImports) patterns.push(allowPattern(allowImports));
  if (forbidImports.length > 0) {
    patterns.push({
      group: forbidImports.flatMap((name) => [name, `${name}/*`]),
      message: "This import crosses a package boundary (see DESIGN.md section 3).",
    });
  }
  return tseslint.config(
    { ignores: ["dist/**", "node_modules/**", "coverage/**", "**/*.config.js", "e2e-results/**"] },
    js.configs.recommended,
    ...tseslint.configs.strict,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        globals: browser ? { ...globals.browser } : { ...globals.node },
        // Type information from the nearest tsconfig.json of each file.
        parserOptions: { projectService: true },
      },
      plugins: { "check-file": checkFile },
      rules: {
        "@typescript-eslint/no-explicit-any": "error",
        "@typescript-eslint/no-non-null-assertion": "error",
        "@typescript-eslint/consistent-type-imports": "error",
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "no-restricted-imports": patterns.length > 0 ? ["error", { patterns }] : "off",
        "check-file/filename-naming-convention": [
          "error",
          { "**/*.{ts,tsx,js,mjs,cjs}": "KEBAB_CASE" },
          { ignoreMiddleExtensions: true },
        ],
        "check-file/folder-naming-convention": ["error", { "**/": "KEBAB_CASE" }],
      },
    },
    // Plain JavaScript files and tool configs are in no tsconfig (or only some), so they are linted
    // without type information.
    { files: ["**/*.js", "**/*.mjs", "**/*.cjs", "**/*.config.ts"], ...tseslint.configs.disableTypeChecked },
    // Tests read untyped response bodies, stringify DOM values and fake async interfaces; the promise
    // rules still apply there.
    {
      files: testTooling,
      rules: {
        "@typescript-eslint/no-unsafe-argument": "off",
        "@typescript-eslint/no-unsafe-assignment": "off",
        "@typescript-eslint/no-unsafe-call": "off",
        "@typescript-eslint/no-unsafe-member-access": "off",
        "@typescript-eslint/no-unsafe-return": "off",
        "@typescript-eslint/no-base-to-string": "off",
        "@typescript-eslint/require-await": "off",
      },
    },
    // process.env only in env.ts, the one place that parses it (as create-t3-turbo's restrictEnvAccess);
    // test tooling is exempt. The import half uses the typescript-eslint copy of no-restricted-imports,
    // so packages can still set their own import zones.
    tooling
      ? {}
      : {
          ignores: ["**/env.ts", ...testTooling],
          rules: {
            "no-restricted-properties": [
              "error",
              { object: "process", property: "env", message: envMessage },
            ],
            "@typescript-eslint/no-restricted-imports": [
              "error",
              {
                paths: ["process", "node:process"].map((name) => ({
                  name,
                  importNames: ["env"],
                  message: envMessage,
                })),
              },
            ],
          },
        },
    // Tests may also use the test runner.
    allowImports
      ? {
          files: ["**/*.test.ts", "**/*.test.tsx"],
          rules: {
            "no-restricted-imports": ["error", { patterns: [allowPattern([...allowImports, "vitest"])] }],
          },
        }
      : {},
    ...extra,
  );
}
