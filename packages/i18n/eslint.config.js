import { config } from "../../eslint.base.js";

export default config({
  allowImports: [
    "@lab/contracts",
    "@lingui/core",
    "@lingui/message-utils",
    "vite",
    "vitest",
    "node:crypto",
    "node:fs",
    "node:path",
    "node:url",
  ],
});
