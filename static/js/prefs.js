// The larger-text switch (league/core/preferences.py): the server writes the class on <html>
// from the cookie, so a page is large from its first frame; here the button switches at once
// and writes the same cookie, without a reload. Without JS the button's form posts to
// /schrift/. A page from the back-forward cache or the phone's cache follows the cookie too.
(() => {
  const COOKIE = "doko_schrift", LARGER = "gross", CLASS = "larger-text";
  const KEPT = 400 * 24 * 3600; // seconds, as the server keeps it
  const root = document.documentElement;
  const isOn = () => document.cookie.split("; ").includes(`${COOKIE}=${LARGER}`);
  const show = (on) => {
    root.classList.toggle(CLASS, on);
    for (const button of document.querySelectorAll("[data-text-size]")) {
      button.setAttribute("aria-pressed", String(on));
      button.value = on ? "0" : "1";
    }
  };
  document.addEventListener("submit", (event) => {
    if (!event.target.matches("[data-text-size-form]")) return;
    event.preventDefault();
    const on = !isOn();
    document.cookie = on
      ? `${COOKIE}=${LARGER}; max-age=${KEPT}; path=/; samesite=lax`
      : `${COOKIE}=; max-age=0; path=/; samesite=lax`;
    show(on);
  });
  show(isOn());
  window.addEventListener("pageshow", (event) => event.persisted && show(isOn()));
})();
