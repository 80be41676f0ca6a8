// The playground's one service worker: offline use, updates, and cross-origin isolation.
// Loaded twice: as a page script (in index.html's head) it registers itself and shows a "new
// version" banner when a newer build has been installed; as the service worker it
//  - precaches the site into a cache named after the build ("loadlab-<version>"), so the page,
//    share links and the gallery examples open with no network;
//  - re-serves every same-origin response with the COOP/COEP headers that SharedArrayBuffer (and so
//    WebAssembly threads) requires: static hosts such as GitHub Pages cannot send them, and cached
//    responses must keep them when the network is gone.
// A published site (scripts/publish.sh) has precache.js: the build's version (a hash of its files)
// and the file list. Because the browser compares this worker and its imported scripts byte for
// byte, a new deploy changes precache.js and so installs a new worker: it waits until the user
// accepts the banner, then takes over and the page reloads. Files are served cache first.
// A development build (no precache.js) is served network first and falls back to the cache when
// the server is unreachable, so a rebuild shows at once.
/* eslint-env browser, serviceworker */
if (typeof window === "undefined") {
  let published = null;
  try {
    importScripts("precache.js");
    published = self.LOADLAB_PRECACHE || null;
  } catch (e) {
    published = null;
  }
  // What a first visit needs; the rest (screenshots in the docs) is cached when first shown.
  const devCore = ["./", "index.html", "loadlab.js", "loadlab_web.js", "loadlab_web.wasm",
                   "loadlab_web.worker.js", "coi-serviceworker.js", "manifest.webmanifest",
                   "icon.svg", "docs/playground.md"];
  const core = published ? published.core : devCore;
  const prefix = "loadlab-";
  let cacheName = published ? prefix + published.version : null;

  const isolate = (res) => {
    if (!res || res.status === 0 || res.type === "opaqueredirect") return res;
    const headers = new Headers(res.headers);
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Cross-Origin-Embedder-Policy", "require-corp");
    headers.set("Cross-Origin-Resource-Policy", "cross-origin");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
  const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");

  async function precache() {
    // Every file is fetched before anything is stored: a half-deployed site must not become a
    // cache that claims to be complete.
    const responses = await Promise.all(core.map(async (path) => {
      // Content-hashed names never change, so the HTTP cache (the page's own download) serves them.
      const immutable = /\.[0-9a-f]{10}\./.test(path);
      const res = await fetch(new Request(path, { cache: immutable ? "default" : "no-cache" }));
      if (!res.ok) throw new Error(`LoadLab precache: ${path} answered ${res.status}`);
      return res;
    }));
    if (!cacheName) {
      // A development build has no version file: its version is the hash of what was fetched.
      const bodies = await Promise.all(responses.map((r) => r.clone().arrayBuffer()));
      const all = new Uint8Array(bodies.reduce((n, b) => n + b.byteLength, 0));
      let at = 0;
      for (const b of bodies) { all.set(new Uint8Array(b), at); at += b.byteLength; }
      cacheName = prefix + "dev-" + hex(await crypto.subtle.digest("SHA-256", all)).slice(0, 16);
    }
    const cache = await caches.open(cacheName);
    await Promise.all(responses.map((res, i) => cache.put(new URL(core[i], self.registration.scope).href, res)));
  }

  async function currentCache() {
    if (cacheName) return caches.open(cacheName);
    // A development worker restarted by the browser: its cache is the only one of ours.
    const names = (await caches.keys()).filter((n) => n.startsWith(prefix));
    cacheName = names.length ? names[names.length - 1] : prefix + "dev";
    return caches.open(cacheName);
  }

  self.addEventListener("install", (event) => event.waitUntil(precache()));
  self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
      const keep = cacheName || (await currentCache(), cacheName);
      for (const name of await caches.keys()) {
        if (name.startsWith(prefix) && name !== keep) await caches.delete(name);
      }
      await self.clients.claim();
    })());
  });
  self.addEventListener("message", (event) => {
    if (event.data === "loadlab-skip-waiting") self.skipWaiting();
    else if (event.data === "loadlab-version" && event.source) event.source.postMessage({ loadlabVersion: cacheName });
  });

  const indexFor = (req) => {
    const url = new URL(req.url);
    url.search = "";
    url.hash = "";
    return req.mode === "navigate" && url.pathname.endsWith("/") ? url.href + "index.html" : url.href;
  };

  async function fromCache(req) {
    const cache = await currentCache();
    return (await cache.match(indexFor(req))) || (await cache.match(req, { ignoreSearch: true }));
  }

  async function fromNetwork(req, store) {
    const res = await fetch(req);
    if (store && res.ok && res.type === "basic" && req.method === "GET") {
      const cache = await currentCache();
      await cache.put(indexFor(req), res.clone()).catch(() => {});
    }
    return res;
  }

  self.addEventListener("fetch", (event) => {
    const req = event.request;
    if (req.cache === "only-if-cached" && req.mode !== "same-origin") return;
    const sameOrigin = new URL(req.url).origin === self.location.origin;
    if (!sameOrigin || req.method !== "GET") {
      event.respondWith(fetch(req).then(isolate));
      return;
    }
    event.respondWith((async () => {
      if (published) {
        const hit = await fromCache(req);
        if (hit) return isolate(hit);
        return isolate(await fromNetwork(req, true));
      }
      try {
        return isolate(await fromNetwork(req, true));
      } catch (e) {
        const hit = await fromCache(req);
        if (hit) return isolate(hit);
        throw e;
      }
    })());
  });
} else if ("serviceWorker" in navigator && window.isSecureContext) {
  const isolated = window.crossOriginIsolated;
  const showUpdate = (worker) => {
    const put = () => {
      if (document.getElementById("update-banner")) return;
      const bar = document.createElement("div");
      bar.id = "update-banner";
      bar.setAttribute("role", "status");
      bar.textContent = "A new version of LoadLab is available. ";
      const button = document.createElement("button");
      button.textContent = "Reload";
      button.addEventListener("click", () => {
        // The scenario is autosaved; the new worker takes over and the page reloads once.
        if (window.loadlab && window.loadlab.ready) window.loadlab.autosaveNow();
        navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
        worker.postMessage("loadlab-skip-waiting");
      });
      bar.appendChild(button);
      document.body.appendChild(bar);
    };
    if (document.body) put();
    else document.addEventListener("DOMContentLoaded", put, { once: true });
  };
  // "none": precache.js (the version) is fetched past the HTTP cache on every update check, so a
  // host's caching (GitHub Pages: 10 minutes) cannot hide a deploy.
  navigator.serviceWorker.register(document.currentScript.src, { updateViaCache: "none" }).then((reg) => {
    // An update installed while a worker already controls this page waits for the user.
    const watch = (worker) => worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(worker);
    });
    if (reg.waiting && navigator.serviceWorker.controller) showUpdate(reg.waiting);
    if (reg.installing) watch(reg.installing);
    reg.addEventListener("updatefound", () => reg.installing && watch(reg.installing));
    // A tab left open for days still learns about new deploys.
    setInterval(() => reg.update().catch(() => {}), 60 * 60 * 1000);
    window.addEventListener("online", () => reg.update().catch(() => {}));

    if (isolated) return;
    // Not isolated yet (a static host without COOP/COEP): reload once under the worker.
    if (sessionStorage.getItem("coiReloaded")) return;  // at most once, so a host that blocks workers cannot loop
    sessionStorage.setItem("coiReloaded", "1");
    if (reg.active && !navigator.serviceWorker.controller) window.location.reload();
    else if (reg.installing) {
      reg.installing.addEventListener("statechange", (e) => {
        if (e.target.state === "activated") window.location.reload();
      });
    }
  }, (err) => console.warn("LoadLab: service worker registration failed", err));
}
