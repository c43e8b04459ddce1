import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { App } from "./app";
import { prefetchRouteErrorLater } from "./app/route-error-boundary";
import "./index.css";
import { loadSession } from "./lib/auth";
import { startI18n } from "./lib/i18n/i18n";
import { firstNamespaces } from "./lib/i18n/first-namespaces";

loadSession();

const root = document.getElementById("root");
if (!root) throw new Error("The #root element is missing from index.html");
const mount = root;

// The first page's catalogues load beside its code, so it shows in its language at once.
void startI18n(firstNamespaces(window.location.pathname)).finally(() => {
  createRoot(mount).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // /login's first download has a budget; every other first screen fetches the error page at once.
  const landing = ["/", "/login"].includes(window.location.pathname);
  prefetchRouteErrorLater(landing ? 10_000 : 0);
});
