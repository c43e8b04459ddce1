import { config } from "../eslint.base.js";

// Benchmarks drive the API and database from outside, as a client would; they never import the web app.
export default config({ tooling: true, forbidImports: ["@lab/web", "react", "react-dom"] });
