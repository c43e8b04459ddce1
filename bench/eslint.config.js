import { config } from "../eslint.base.js";

// Benchmarks drive the API and database from outside, as a client would; they never import the web app.
export default config({ forbidImports: ["@lab/web", "react", "react-dom"] });
