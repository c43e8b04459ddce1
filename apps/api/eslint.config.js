import { config } from "../../eslint.base.js";

// The package boundary (the API never imports the web app or React; docs/architecture.md), repeated
// in each zone below: a zone's no-restricted-imports replaces the package's for its files.
const forbidden = {
  group: ["@lab/web", "@lab/web/*", "react", "react/*", "react-dom", "react-dom/*"],
  message: "This import crosses a package boundary (see docs/architecture.md).",
};

// Layers (docs/architecture.md): routes parse, authorise, call the domain and present; only the domain
// (and jobs, mail, realtime) talks to the database. The domain never depends on the HTTP edge.
const zones = [
  {
    files: ["src/routes/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            forbidden,
            {
              group: ["drizzle-orm", "drizzle-orm/*", "@lab/db", "@lab/db/*"],
              message: "Routes reach the database through src/domain (parse → authorise → domain → present).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            forbidden,
            {
              group: ["**/http", "**/http/*"],
              message:
                "The domain must not depend on the HTTP edge (src/http); shared pieces live in src/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/infra/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            forbidden,
            {
              group: ["**/domain", "**/domain/**", "**/http", "**/http/*"],
              message:
                "Infrastructure (places, sessions, e-mail check, readiness) serves the domain and the edge; it depends on neither.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/pdf/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            forbidden,
            {
              group: ["**/domain", "**/domain/**"],
              message:
                "The PDF renderers draw what they are given; the domain calls them, never the other way round.",
            },
          ],
        },
      ],
    },
  },
];

export default config({ forbidImports: ["@lab/web", "react", "react-dom"], extra: zones });
