// The service worker (built by vite-plugin-pwa with Workbox): a second visit and an offline open show
// the app at once from the cache, on a line where the first visit took seconds.
// - The shell (index.html) and every hashed script and stylesheet of this release are precached;
//   a new release installs its own and takes over at once, and the old files are dropped (a tab still
//   on the old release meets a missing chunk and reloads once, as it would without a worker).
// - A page is always asked of the network first, so a release's index.html is used as soon as it is
//   out; the cached shell answers when offline or when the network has not answered in 4 s.
// - Catalogues (one file per language and namespace) are cached as they are read: only the reader's
//   languages. Nothing under /api/ is ever answered or cached here.
// - The field app (/field) opens offline like any page (the shell and its chunks are precached); its
//   manifest and icons are kept as fetched. Background Sync ("field-queue") wakes the open field
//   pages to send their queue: the queue, the agent's token and the sending live in the page.
import { clientsClaim, type RouteHandlerCallbackOptions } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, StaleWhileRevalidate } from "workbox-strategies";

// The worker's global scope, as far as used here (the web's TypeScript has the DOM library only).
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  clients: {
    matchAll(options: {
      type: "window";
      includeUncontrolled: boolean;
    }): Promise<{ url: string; postMessage(message: unknown): void }[]>;
  };
  addEventListener(type: "install", listener: () => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
};

/** Background Sync's event (Chromium), as far as used here. */
interface SyncEvent {
  tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

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
    // A module import carries an Origin header that a plain fetch does not (the field app asks
    // again, through this worker, for catalogues read before it took control): hashed files never
    // vary, so the answer is the same.
    matchOptions: { ignoreVary: true },
    // Each release names its catalogues anew: the oldest go.
    plugins: [new ExpirationPlugin({ maxEntries: 120 })],
  }),
);

// The field app's install files: its manifest and icons, kept for an offline start.
registerRoute(
  ({ url }) => url.pathname === "/field.webmanifest" || url.pathname.startsWith("/field-icon"),
  new StaleWhileRevalidate({ cacheName: "field-app" }),
);

// Back online: the field pages send their queued collections (the same tag as the page registers).
const FIELD_SYNC_TAG = "field-queue";
const FIELD_SYNC_MESSAGE = "field-queue-flush";
self.addEventListener("sync", (event) => {
  if (event.tag !== FIELD_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).pathname.startsWith("/field"))
          client.postMessage({ type: FIELD_SYNC_MESSAGE });
      }
    }),
  );
});
