// Live pages: a page whose <main> (or <body>) carries data-live asks for its own address
// again every few seconds while it is on screen, with the header X-Live and the ETag it got
// last. The server answers 304 from one cheap query while nothing changed (league/core/live.py);
// when something did, the new page's parts (elements with data-live-part and an id, else
// the whole <main>) replace the old ones — except a part the user is typing in. A hidden page
// (phone asleep, other tab) does not ask; it asks at once when it is shown again or the
// network returns. data-live="reload" (the projector) reloads the page instead.
// Without JavaScript the pages work as before (reload by hand).
(() => {
  // This site's pages and assets kept on the phone (a page reloaded offline shows the list
  // as last seen): browsers allow a service worker on https and on localhost only.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }
  // Just logged out (league/accounts/views.py LogoutView): the copies of the pages that
  // account saw are dropped, so that an offline reload on a phone handed on shows none.
  if (document.cookie.split("; ").includes("doko_forget=1")) {
    document.cookie = "doko_forget=; Max-Age=0; path=/; SameSite=Lax";
    if (window.caches) {
      caches.keys().then((keys) => keys.filter((k) => k.startsWith("doko-")).forEach((k) => caches.delete(k)));
    }
  }
  // Who this browser is now (league/core/private.py: a digest of the account, "-" for
  // nobody, set by every answer). When it differs from the account this browser had before —
  // a logout, another account's login, a session that simply ended — the copies of the pages
  // the previous account saw and its unsent saves (outbox.js) are dropped.
  const account = (document.cookie.split("; ").find((c) => c.startsWith("doko_account=")) || "doko_account=-").slice(13);
  let before = null;
  try {
    before = localStorage.getItem("doko-account");
    if (before !== account) {
      localStorage.setItem("doko-account", account);
      const kept = JSON.parse(localStorage.getItem("doko-outbox") || "[]");
      if (Array.isArray(kept)) localStorage.setItem("doko-outbox", JSON.stringify(kept.filter((e) => e && e.account === account)));
    }
  } catch (err) {
    before = null; // storage unavailable: nothing kept either
  }
  if (before !== null && before !== account && window.caches) {
    caches.keys().then((keys) => keys.filter((k) => k.startsWith("doko-")).forEach((k) => caches.delete(k)));
  }
  const offline = (yes) => {
    if (yes) document.documentElement.dataset.offline = "1";
    else delete document.documentElement.dataset.offline;
  };
  window.addEventListener("offline", () => offline(true));
  window.addEventListener("online", () => offline(false));
  if (!navigator.onLine) offline(true);
  const root = document.querySelector("[data-live]");
  if (!root) return;
  // A page shown in answer to a form's POST (a refused save) names its own address: the
  // address bar shows it, and the polls ask it — never the form's POST-only address.
  const home = root.dataset.liveUrl;
  if (home && window.location.pathname !== home) {
    history.replaceState(history.state, "", home + window.location.hash);
  }
  const reload = root.dataset.live === "reload";
  const every = Number(root.dataset.liveEvery) || 3000;
  // The tag the page was rendered with (league/core/live.py): the first poll is a 304 too.
  let tag = root.dataset.liveTag ? `"${root.dataset.liveTag}"` : null;
  let timer = null;
  let busy = false;

  const parts = () => {
    const found = [...root.querySelectorAll("[data-live-part][id]")];
    return found.length ? found : [root];
  };
  // A part the user changed (typed, ticked) keeps his input until he sends or leaves it.
  const mark = (event) => {
    const part = event.target.closest && event.target.closest("[data-live-part], [data-live]");
    if (part) part.dataset.liveDirty = "1";
  };
  document.addEventListener("input", mark);
  document.addEventListener("change", mark);

  // A part showing a refusal (a form sent back with its errors, or, inside a part, a
  // refused action's message) keeps it. A whole <main> swapped keeps its message anyway.
  for (const part of parts()) {
    const refusal = part === root ? "[role=alert], .field-error, .errors" : "[role=alert], .field-error, .errors, .messages .error";
    if (part.querySelector(refusal)) part.dataset.liveDirty = "1";
  }

  const busyWith = (part) => {
    if (part.dataset.liveDirty) return true;
    const active = document.activeElement;
    return active && active !== document.body && part.contains(active) && active.matches("input, select, textarea");
  };

  // Every answer carries a fresh CSRF token and fresh idempotency keys (the outbox's
  // "key" fields) in its forms: a part that differs only there is unchanged, and is not
  // swapped under the user's finger.
  // A round clock (clock.js) counts down in the page between two answers.
  const bare = (html) =>
    html
      .replace(/(name="(?:csrfmiddlewaretoken|(?:[\w-]+-)?key)"[^>]*?value=")[^"]*"/g, '$1"')
      .replace(/<span class="clock[^"]*"( data-deadline="[^"]*")[^>]*>[^<]*/g, "<span$1>")
      .replace(/(<details[^>]*?) open=""/g, "$1"); // opened or closed by the user: not news
  const swap = (doc) => {
    let changed = false;
    for (const part of parts()) {
      const fresh = part === root ? doc.querySelector("[data-live]") : doc.getElementById(part.id);
      if (!fresh || bare(fresh.innerHTML) === bare(part.innerHTML) || busyWith(part)) continue;
      // The message of the last action ("Runde abgeschlossen", a refusal) came with this
      // page only: swapping the whole <main> keeps it until the page is left.
      const said = part === root ? part.querySelector(":scope > ul.messages") : null;
      // A section the user opened (details) stays open in the new part.
      const opened = [...part.querySelectorAll("details")].map((d) => d.open);
      part.innerHTML = fresh.innerHTML;
      part.querySelectorAll("details").forEach((d, i) => {
        if (opened[i]) d.open = true;
      });
      if (said && !part.querySelector(":scope > ul.messages")) {
        const banner = part.querySelector(":scope > [data-offline-banner]");
        if (banner) banner.after(said);
        else part.prepend(said);
      }
      if (window.htmx) window.htmx.process(part);
      changed = true;
    }
    if (changed) {
      if (doc.title) document.title = doc.title;
      document.body.dataset.liveUpdated = String(Date.now());
      document.dispatchEvent(new CustomEvent("live:updated"));
    }
  };

  const poll = async () => {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const headers = { "X-Live": "1" };
      if (tag) headers["If-None-Match"] = tag;
      const response = await fetch(window.location.href, {
        headers,
        cache: "no-store",
        credentials: "same-origin",
        redirect: "manual",
      });
      // An answer to a poll sent before the network dropped says nothing about now.
      if (!navigator.onLine) return;
      delete document.documentElement.dataset.cached; // a page from the phone's cache is current again
      offline(false);
      if (response.status !== 200) return; // 304: unchanged; anything else: try again later
      const first = tag === null;
      tag = response.headers.get("ETag") || tag;
      const html = await response.text();
      if (reload) {
        if (!first) window.location.reload();
        return;
      }
      swap(new DOMParser().parseFromString(html, "text/html"));
    } catch (err) {
      offline(true);
    } finally {
      busy = false;
    }
  };

  const start = () => {
    clearInterval(timer);
    timer = setInterval(poll, every);
    poll();
  };
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) clearInterval(timer);
    else start();
  });
  window.addEventListener("online", start);
  window.addEventListener("pageshow", (event) => { if (event.persisted) start(); });
  start();
})();
