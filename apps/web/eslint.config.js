import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

import { config } from "../../eslint.base.js";

export default config({
  browser: true,
  forbidImports: ["@lab/api", "@lab/db", "drizzle-orm", "pg"],
  extra: [
    reactHooks.configs.flat["recommended-latest"],
    {
      files: ["e2e/**", "*.config.ts"],
      languageOptions: { globals: { ...globals.node } },
    },
  ],
});
