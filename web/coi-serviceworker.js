// Cross-origin isolation for static hosts (e.g. GitHub Pages) that cannot send COOP/COEP headers.
// Loaded twice: as a page script it registers itself as a service worker and reloads once; as the
// service worker it re-serves every same-origin response with the headers SharedArrayBuffer (and so
// pthreads / Web Workers in WebAssembly) requires. Our dev server sends the headers itself, in which
// case the page is already isolated and nothing happens.
/* eslint-env browser, serviceworker */
if (typeof window === "undefined") {
  self.addEventListener("install", () => self.skipWaiting());
  self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
  self.addEventListener("fetch", (event) => {
    const req = event.request;
    if (req.cache === "only-if-cached" && req.mode !== "same-origin") return;
    event.respondWith(
      fetch(req).then((res) => {
        if (res.status === 0) return res;
        const headers = new Headers(res.headers);
        headers.set("Cross-Origin-Opener-Policy", "same-origin");
        headers.set("Cross-Origin-Embedder-Policy", "require-corp");
        headers.set("Cross-Origin-Resource-Policy", "cross-origin");
        return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
      })
    );
  });
} else if (!window.crossOriginIsolated && window.isSecureContext && "serviceWorker" in navigator) {
  const reloaded = sessionStorage.getItem("coiReloaded");
  navigator.serviceWorker.register(document.currentScript.src).then((reg) => {
    if (reloaded) return;  // reload at most once, so a host that blocks workers cannot loop
    sessionStorage.setItem("coiReloaded", "1");
    if (reg.active && !navigator.serviceWorker.controller) window.location.reload();
    else reg.addEventListener("updatefound", () => {
      reg.installing.addEventListener("statechange", (e) => {
        if (e.target.state === "activated") window.location.reload();
      });
    });
  }, (err) => console.warn("LoadLab: service worker registration failed", err));
}
