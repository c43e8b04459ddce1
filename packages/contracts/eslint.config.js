import { config } from "../../eslint.base.js";

export default config({ allowImports: ["zod"] });
