// @ts-check
/* Service worker: the whole app offline, one version at a time.
 *
 * The build writes VERSION (a hash of every precached file) and PRECACHE (exactly the files the
 * built site needs) into this file. Files are answered from this version's cache first; a new
 * version installs into its own cache and waits until the page asks for it (the player taps
 * "Update available"), so a page never runs files from two versions together. Old caches are
 * deleted on activation. Responses are the files as the host sent them: the app needs no
 * cross-origin isolation (its Python in a worker is reached by messages only).
 */
// this worker's global scope, as a service worker's (TypeScript's worker library types `self` as
// any worker's)
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const PREFIX = "card-table-";
const CACHE = PREFIX + VERSION;

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "no-cache": revalidate with the server, so nothing stale is cached, yet a file the page
      // has just downloaded comes back as a small 304 instead of being downloaded twice.
      cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })))
    )
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))
      ))
      .then(() => sw.clients.claim())
  );
});

sw.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") event.waitUntil(sw.skipWaiting());
  if (event.data && event.data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage(VERSION);
  }
});

const SCOPE = new URL(sw.registration.scope);
// This version's cache, opened once per start of this worker rather than at every request (a
// start of the app asks for a few dozen files at once)
/** @type {Promise<Cache> | null} */
let opened = null;
const cache = () => opened || (opened = caches.open(CACHE).catch((e) => {
  opened = null;
  throw e;
}));

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return;
  /** @type {Request | string} */
  let key = request;
  if (request.mode === "navigate" || url.pathname === SCOPE.pathname) {
    key = new URL("index.html", SCOPE).href;  // every page of the app is index.html + a #route
  }
  event.respondWith(
    cache()
      .then((c) => c.match(key, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request))
  );
});
