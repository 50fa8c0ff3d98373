// @ts-check
/* Registers the service worker and tells the Python UI when an update is waiting.
 *
 * window.pwa.updateReady   true when a new version is installed and waiting
 * window.pwa.onUpdate(cb)  cb() once an update is waiting (at once if already)
 * window.pwa.applyUpdate() activate the waiting version and reload into it
 * window.pwa.version()     promise of the running service worker's version hash (or "")
 *
 * The UI saves the game before calling applyUpdate; the new version reads the same save.
 */
(function () {
  "use strict";
  /** @type {(() => void)[]} */
  const callbacks = [];
  /** @type {ServiceWorker | null} */
  let waiting = null;
  let applying = false;
  /** @type {Pwa} */
  const pwa = {
    updateReady: false,
    registration: null,
    onUpdate(cb) {
      callbacks.push(cb);
      if (pwa.updateReady) cb();
    },
    applyUpdate() {
      applying = true;
      // The app's workers go first (everything is saved before this call): while they live,
      // Chromium can keep the old version busy and the new one waiting, and the tap on
      // "Update" would do nothing.
      dispatchEvent(new Event("pwa:applying"));
      // the version waiting now (a later check may have replaced the one first seen)
      const next = (pwa.registration && pwa.registration.waiting) || waiting;
      if (!next) { reload("no-waiting"); return; }
      // The new version takes over, then the page reloads into it (controllerchange). Chromium
      // can drop an activation that met a fetch of the old version (a worker of this page
      // still loading), and the new version goes back to waiting: it is asked again while it
      // waits. One that has still not taken over after 30 s gets a reload anyway (into this
      // version, which offers the update again): a page is never left without its workers.
      const late = setTimeout(() => reload("late"), 30000);
      /** @type {(worker: ServiceWorker, step: string) => void} */
      const ask = (worker, step) => {
        try {
          worker.postMessage({ type: "skip-waiting" });
          mark(step);
        } catch (e) {
          clearTimeout(late);
          reload("refused");
        }
      };
      ask(next, "asked");
      setInterval(() => {
        const still = pwa.registration && pwa.registration.waiting;
        if (still) ask(still, "asked-again");
      }, 2500);
    },
    version() {
      const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (!sw) return Promise.resolve("");
      return new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => resolve(e.data);
        sw.postMessage({ type: "version" }, [channel.port2]);
      });
    },
  };
  window.pwa = pwa;

  /** Where applying an update got to, on the root (a test that waits in vain reads it).
   * @param {string} step */
  function mark(step) {
    const root = document.documentElement;
    root.dataset.updating = (root.dataset.updating ? root.dataset.updating + " " : "") + step;
  }
  /** @param {string} why */
  function reload(why) {
    mark("reload:" + why);
    location.reload();
  }

  /** @param {ServiceWorker} worker */
  function markWaiting(worker) {
    waiting = worker;
    pwa.updateReady = true;
    document.documentElement.dataset.updateReady = "1";
    callbacks.slice().forEach((cb) => { try { cb(); } catch (e) { console.error(e); } });
  }

  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (applying) reload("controller");
  });
  // Register once the app is ready: the worker's precaching then revalidates files the page
  // has already downloaded instead of competing with the start-up for bandwidth. A start that
  // never gets ready still registers (after 20 s), so a fixed version can reach the player.
  let registered = false;
  function register() {
    if (registered) return;
    registered = true;
    navigator.serviceWorker.register("sw.js").then((reg) => {
      pwa.registration = reg;
      if (reg.waiting && navigator.serviceWorker.controller) markWaiting(reg.waiting);
      reg.addEventListener("updatefound", () => {
        const worker = reg.installing;
        if (!worker) return;
        worker.addEventListener("statechange", () => {
          if (worker.state === "installed" && navigator.serviceWorker.controller) {
            markWaiting(worker);
          }
        });
      });
      const check = () => reg.update().catch(() => {});
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") check();
      });
      setInterval(check, 30 * 60 * 1000);
    }).catch((e) => console.warn("service worker not registered:", e));
  }
  const root = document.documentElement;
  if (root.dataset.ready === "1") {
    register();
  } else {
    const obs = new MutationObserver(() => {
      if (root.dataset.ready === "1") { obs.disconnect(); register(); }
    });
    obs.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
    setTimeout(register, 20000);
  }
})();
