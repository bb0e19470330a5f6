// "So trägst du ein" (league/lists/views/guide.py): the guide above a list's entry form.
// Open on the first visit of a table code: the focus goes to it (unless the page put it on
// a field already: a refused save, the next game after a save). "Verstanden" or Escape
// closes it and writes the cookie that keeps it closed in this browser; the "Anleitung"
// link opens it again. Without JS the same runs through the server (a form, ?anleitung).
(() => {
  const COOKIE = "doko_anleitung", SEEN = "gesehen", KEPT = 400 * 24 * 3600;
  const show = (guide) => {
    guide.hidden = false;
    guide.scrollIntoView({ block: "start" });
    guide.focus({ preventScroll: true });
  };
  const close = (guide) => {
    guide.hidden = true;
    document.cookie = `${COOKIE}=${SEEN}; max-age=${KEPT}; path=/; samesite=lax`;
    const link = document.querySelector("[data-guide-open]");
    if (link) link.focus();
  };
  document.addEventListener("submit", (event) => {
    if (!event.target.matches("[data-guide-close]")) return;
    event.preventDefault();
    close(event.target.closest("[data-guide]"));
  });
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("[data-guide-open]");
    const guide = document.querySelector("[data-guide]");
    if (!link || !guide) return;
    event.preventDefault();
    show(guide);
  });
  document.addEventListener("keydown", (event) => {
    const guide = event.key === "Escape" && event.target.closest && event.target.closest("[data-guide]");
    if (!guide || guide.hidden) return;
    event.preventDefault();
    close(guide);
  });
  // After the load: going to the address's #eingabe takes the focus away again.
  const guide = document.querySelector("[data-guide]");
  if (!guide || guide.hidden || document.activeElement !== document.body) return;
  const first = () => document.activeElement === document.body && !guide.hidden && show(guide);
  if (document.readyState === "complete") first();
  else window.addEventListener("load", () => setTimeout(first));
})();
