import { config } from "../../eslint.base.js";

export default config({ forbidImports: ["@lab/web", "react", "react-dom"] });
