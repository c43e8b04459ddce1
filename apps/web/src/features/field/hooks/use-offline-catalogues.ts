import { useEffect } from "react";

/**
 * The field app must open with no network, in the agent's language. The catalogues a first visit
 * loaded before the service worker took control never went through it, so they are not in its
 * cache: once it controls the page, they are asked again through it (from its cache afterwards).
 */
export function useOfflineCatalogues(): void {
  useEffect(() => {
    const worker = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
    if (!worker || typeof performance === "undefined") return;
    const warm = () => {
      if (!worker.controller) return;
      const urls = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => new URL(name, window.location.href).pathname.startsWith("/assets/i18n/"));
      for (const url of new Set(urls)) void fetch(url).catch(() => undefined);
    };
    warm();
    worker.addEventListener("controllerchange", warm);
    return () => worker.removeEventListener("controllerchange", warm);
  }, []);
}
