import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { App } from "./app";
import { isSignedInPath, preloadOnFirstInput, preloadSignedIn } from "./app/preload";
import { prefetchRouteErrorLater } from "./app/route-error-boundary";
import "./index.css";
import { getSession, loadSession } from "./lib/auth";
import { getLanguage, startI18n } from "./lib/i18n/i18n";
import { firstNamespaces } from "./lib/i18n/first-namespaces";

loadSession();

const root = document.getElementById("root");
if (!root) throw new Error("The #root element is missing from index.html");
const mount = root;
const { pathname } = window.location;

// The first page's catalogues load beside its code, so it shows in its language at once.
void startI18n(firstNamespaces(pathname)).finally(() => {
  // Someone signed in opening the app: its shell, the dashboard and their catalogues are asked for
  // together, rather than one round trip after another (after "common": the first paint waits for it).
  if (getSession() && isSignedInPath(pathname)) {
    preloadSignedIn(getLanguage(), pathname === "/" || pathname === "/dashboard");
  }
  createRoot(mount).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // /login's first download has a budget; the signed-in shell fetches the error page once its first
  // screen's data is in (this is only the fallback); every other first screen fetches it at once.
  const landing = ["/", "/login"].includes(pathname);
  const signedIn = getSession() !== null && isSignedInPath(pathname);
  prefetchRouteErrorLater(landing ? 10_000 : signedIn ? 15_000 : 0);
  if (landing) preloadOnFirstInput(getLanguage);
});

// The service worker (src/sw.ts) of a production build, registered once the first screen has loaded
// so that its downloads never compete with it.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener(
    "load",
    () => setTimeout(() => void navigator.serviceWorker.register("/sw.js").catch(() => undefined), 3000),
    { once: true },
  );
}
