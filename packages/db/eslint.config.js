import { config } from "../../eslint.base.js";

export default config({ forbidImports: ["@lab/api", "@lab/web", "react"] });
