{% load static i18n %}// The service worker (served at /sw.js by league.core.live.service_worker): this site's
// own pages and assets kept on the phone, nothing from elsewhere. Pages: from the network,
// a copy kept — never of a "no-store" answer (league/core/private.py: whatever not everyone
// may read); without a network the copy, marked offline (the page shows its banner). The
// copies go when the account changes (static/js/live.js).
// Assets: from the copy, refreshed in the background. Posts, polls, the API: untouched.
const CACHE = "doko-{{ version }}";
const ASSETS = [{% for url in assets %}"{{ url|escapejs }}",{% endfor %}];
const OFFLINE = "{{ offline|escapejs }}";
const SKIP = /^\/(admin|api|konto|i18n|sw\.js)(\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("doko-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const keep = (request, response) => {
  const control = response.headers.get("Cache-Control") || "";
  if (response.ok && response.type === "basic" && !control.includes("no-store")) {
    const copy = response.clone();
    caches.open(CACHE).then((c) => c.put(request, copy));
  }
  return response;
};

const fromCopy = async (request) => {
  const hit = await caches.match(request, { ignoreVary: true, ignoreSearch: false });
  const body = hit
    ? (await hit.text()).replace("<html", '<html data-offline="1" data-cached="1"')
    : `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title><p>${OFFLINE}</p>`;
  return new Response(body, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== "GET") return;
  if (url.pathname.startsWith("{{ static_prefix|escapejs }}")) {
    event.respondWith(
      caches.match(request).then((hit) => {
        const fresh = fetch(request).then((r) => keep(request, r));
        return hit || fresh;
      }),
    );
    return;
  }
  if (request.mode !== "navigate" || SKIP.test(url.pathname)) return;
  event.respondWith(fetch(request).then((r) => keep(request, r)).catch(() => fromCopy(request)));
});
