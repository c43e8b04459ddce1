// Shared flat config. Each package calls config() with its import boundary.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * @param {{ allowImports?: string[], forbidImports?: string[], browser?: boolean, extra?: import("typescript-eslint").ConfigArray }} options
 *   allowImports: when set, the only bare modules this package may import (relative imports always allowed).
 *   forbidImports: bare modules this package must never import.
 */
export function config({ allowImports, forbidImports = [], browser = false, extra = [] } = {}) {
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
    {
      languageOptions: { globals: browser ? { ...globals.browser } : { ...globals.node } },
      rules: {
        "@typescript-eslint/no-explicit-any": "error",
        "@typescript-eslint/no-non-null-assertion": "error",
        "@typescript-eslint/consistent-type-imports": "error",
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "no-restricted-imports": patterns.length > 0 ? ["error", { patterns }] : "off",
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
