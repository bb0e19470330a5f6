// Live pages (league/core/live.py). A list page's parts ([data-live-part][hx-get]) each ask
// their own address (htmx: hx-trigger "every 3s"); any other page with data-live asks for
// itself as a whole. Each asks with X-Live and the tag it has (data-live-tag): a 304 swaps
// nothing; a new answer is morphed in (idiomorph), keeping the focus, what the user typed
// (a form he changed, or one showing a refusal, stays as it is until sent), the sections he
// opened and the last action's message. A hidden page (phone asleep, other tab) does not
// ask; it asks at once when shown again or the network returns. data-live="reload" (the
// projector) reloads itself instead. Without JavaScript the pages work (reload by hand).
(() => {
  const offline = (yes) => window.dokoOffline && window.dokoOffline(yes);
  const root = document.querySelector("[data-live]");
  if (!root || !window.htmx) return;
  // A page shown in answer to a form's POST (a refused save) shows and asks its own address.
  const home = root.dataset.liveUrl || window.location.pathname + window.location.search;
  if (window.location.pathname !== home.split("?")[0]) history.replaceState(history.state, "", home + window.location.hash);
  const every = `${Number(root.dataset.liveEvery) || 3000}ms`;
  let askers = [...document.querySelectorAll("[data-live-part][hx-get]")];
  if (!askers.length) {
    root.setAttribute("hx-get", home);
    root.setAttribute(root.dataset.live === "reload" ? "hx-swap" : "hx-select", root.dataset.live === "reload" ? "none" : "main > *");
    askers = [root];
  }
  for (const el of askers) {
    el.setAttribute("hx-trigger", `every ${every}, live`);
    el.setAttribute("hx-ext", "morph");
    if (!el.hasAttribute("hx-swap")) el.setAttribute("hx-swap", "morph:innerHTML");
  }
  // A form the user changed or that shows a refusal keeps what it shows until it is sent.
  const dirty = (event) => {
    const form = event.target.closest && event.target.closest("form");
    if (form) form.dataset.liveDirty = "1";
  };
  document.addEventListener("input", dirty);
  document.addEventListener("change", dirty);
  root.querySelectorAll("[role=alert], .field-error, .errors").forEach((el) => dirty({ target: el }));
  if (window.Idiomorph) {
    Object.assign(window.Idiomorph.defaults, { ignoreActiveValue: true, restoreFocus: true });
    Object.assign(window.Idiomorph.defaults.callbacks, {
      beforeNodeMorphed: (old) => !(old.dataset && (old.dataset.liveDirty || old.dataset.saving || "outboxBox" in old.dataset)),
      beforeNodeRemoved: (old) => !(old.matches && old.matches("ul.messages, [data-outbox-box]")),
      beforeAttributeUpdated: (name) => name !== "open", // a section opened or closed by the user
    });
  }
  const mine = (event) => askers.includes(event.detail.elt);
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (mine(event) && document.hidden) event.preventDefault();
  });
  document.addEventListener("htmx:configRequest", (event) => {
    if (!mine(event)) return;
    event.detail.headers["X-Live"] = "1";
    const tag = event.detail.elt.dataset.liveTag;
    if (tag) event.detail.headers["If-None-Match"] = `"${tag}"`;
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!mine(event)) return;
    const { xhr, elt } = event.detail;
    if (!navigator.onLine) return (event.detail.shouldSwap = false); // an answer from before
    offline(false);
    delete document.documentElement.dataset.cached; // a page from the phone's cache is current
    const had = elt.dataset.liveTag;
    if (xhr.status !== 200) return (event.detail.shouldSwap = false); // 304: unchanged
    elt.dataset.liveTag = (xhr.getResponseHeader("ETag") || "").replace(/"/g, "");
    if (elt.dataset.live === "reload" && had) window.location.reload();
  });
  document.addEventListener("htmx:afterSwap", (event) => {
    if (!mine(event) || event.detail.elt.dataset.live === "reload") return;
    document.body.dataset.liveUpdated = String(Date.now());
    document.dispatchEvent(new CustomEvent("live:updated"));
  });
  document.addEventListener("htmx:sendError", (event) => mine(event) && offline(true));
  const now = () => document.hidden || askers.forEach((el) => window.htmx.trigger(el, "live"));
  document.addEventListener("visibilitychange", now);
  window.addEventListener("online", now);
  window.addEventListener("pageshow", (event) => event.persisted && now());
  askers.forEach((el) => window.htmx.process(el));
})();
