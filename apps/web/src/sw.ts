// The service worker (built by vite-plugin-pwa with Workbox): a second visit and an offline open show
// the app at once from the cache, on a line where the first visit took seconds.
// - The shell (index.html) and every hashed script and stylesheet of this release are precached;
//   a new release installs its own and takes over at once, and the old files are dropped (a tab still
//   on the old release meets a missing chunk and reloads once, as it would without a worker).
// - A page is always asked of the network first, so a release's index.html is used as soon as it is
//   out; the cached shell answers when offline or when the network has not answered in 4 s.
// - Catalogues (one file per language and namespace) are cached as they are read: only the reader's
//   languages. Nothing under /api/ is ever answered or cached here.
import { clientsClaim, type RouteHandlerCallbackOptions } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";

// The worker's global scope, as far as used here (the web's TypeScript has the DOM library only).
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: "install", listener: () => void): void;
};

const NETWORK_WAIT_MS = 4000;

self.addEventListener("install", () => void self.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

async function page({ request }: RouteHandlerCallbackOptions): Promise<Response> {
  const network = fetch(request);
  const slow = new Promise<"slow">((resolve) => setTimeout(() => resolve("slow"), NETWORK_WAIT_MS));
  try {
    const first = await Promise.race([network, slow]);
    if (first !== "slow") return first;
    return (await matchPrecache("index.html")) ?? (await network);
  } catch {
    return (await matchPrecache("index.html")) ?? Response.error();
  }
}
registerRoute(new NavigationRoute(page, { denylist: [/^\/api\//, /^\/dev\//] }));

registerRoute(
  ({ url }) => url.pathname.startsWith("/assets/i18n/"),
  new CacheFirst({
    cacheName: "catalogues",
    // Each release names its catalogues anew: the oldest go.
    plugins: [new ExpirationPlugin({ maxEntries: 120 })],
  }),
);
