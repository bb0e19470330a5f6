// Live pages (league/core/live.py): a list page's parts ([data-live-part][hx-get]) each ask
// their own address every 3 s (htmx), any other page with data-live asks for itself, with
// X-Live and the tag it has: a 304 swaps nothing; a new answer is morphed in (idiomorph),
// keeping the focus, a form the user changed or that shows a refusal, opened sections and the
// last action's message. A hidden page does not ask; shown again or back online it asks at
// once. data-live="reload" (the projector) reloads itself. Without JS: reload by hand.
(() => {
  const offline = (yes) => window.dokoOffline && window.dokoOffline(yes);
  const root = document.querySelector("[data-live]");
  if (!root || !window.htmx) return;
  // A page shown in answer to a form's POST (a refused save) shows and asks its own address.
  const home = root.dataset.liveUrl || window.location.pathname + window.location.search;
  if (window.location.pathname !== home.split("?")[0]) history.replaceState(history.state, "", home + window.location.hash);
  const every = `${Number(root.dataset.liveEvery || document.body.dataset.liveEvery) || 3000}ms`;
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
  const dirty = (event) => ((event.target.closest && event.target.closest("form")) || { dataset: {} }).dataset.liveDirty = "1";
  document.addEventListener("input", dirty);
  document.addEventListener("change", dirty);
  root.querySelectorAll("[role=alert], .field-error, .errors").forEach((el) => dirty({ target: el }));
  if (window.Idiomorph) {
    Object.assign(window.Idiomorph.defaults, { ignoreActiveValue: true, restoreFocus: true });
    Object.assign(window.Idiomorph.defaults.callbacks, {
      // The guide ("So trägst du ein", guide.js) stays as the reader opened or closed it.
      beforeNodeMorphed: (old) => !(old.dataset && (old.dataset.liveDirty || old.dataset.saving || "outboxBox" in old.dataset || "guide" in old.dataset)),
      beforeNodeRemoved: (old) => !(old.matches && old.matches("ul.messages, [data-outbox-box]")),
      beforeAttributeUpdated: (name) => name !== "open", // a section opened or closed by the user
    });
  }
  const mine = (event) => askers.includes(event.detail.elt);
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (mine(event) && document.hidden) event.preventDefault();
  });
  document.addEventListener("htmx:configRequest", (event) => {
    const tag = event.detail.elt.dataset.liveTag;
    if (mine(event)) Object.assign(event.detail.headers, { "X-Live": "1" }, tag ? { "If-None-Match": `"${tag}"` } : {});
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
  document.addEventListener("htmx:afterSwap", (event) => mine(event) && (document.body.dataset.liveUpdated = String(Date.now())));
  document.addEventListener("htmx:sendError", (event) => mine(event) && offline(true));
  const now = () => document.hidden || askers.forEach((el) => window.htmx.trigger(el, "live"));
  document.addEventListener("visibilitychange", now);
  window.addEventListener("online", now);
  window.addEventListener("pageshow", (event) => event.persisted && now());
  askers.forEach((el) => window.htmx.process(el));
})();
