// This phone: its copies of the site's pages (sw.js), whose they are, and whether it is
// online (html[data-offline], which shows the offline banner). Loaded on every page.
(() => {
  const cookie = (name, none) => (document.cookie.split("; ").find((c) => c.startsWith(`${name}=`)) || `${name}=${none}`).slice(name.length + 1);
  const dropCopies = () => window.caches && caches.keys().then((keys) => keys.filter((k) => k.startsWith("doko-")).forEach((k) => caches.delete(k)));
  // This site's pages kept on the phone (sw.js; browsers allow it on https and localhost).
  if ("serviceWorker" in navigator && window.isSecureContext) navigator.serviceWorker.register("/sw.js").catch(() => {});
  // Just logged out (accounts/views.py LogoutView): the copies of that account's pages go.
  if (cookie("doko_forget", "") === "1") {
    document.cookie = "doko_forget=; Max-Age=0; path=/; SameSite=Lax";
    dropCopies();
  }
  // Who this browser is now (core/private.py, "-" for nobody): another account than before
  // (logout, another login, an ended session) drops the previous one's copies and unsent
  // saves (outbox.js).
  const account = cookie("doko_account", "-");
  try {
    const before = localStorage.getItem("doko-account");
    if (before !== account) {
      localStorage.setItem("doko-account", account);
      const kept = JSON.parse(localStorage.getItem("doko-outbox") || "[]");
      if (Array.isArray(kept)) localStorage.setItem("doko-outbox", JSON.stringify(kept.filter((e) => e && e.account === account)));
      if (before !== null) dropCopies();
    }
  } catch (err) {} // storage unavailable: nothing kept either
  const offline = (yes) => {
    if (yes) document.documentElement.dataset.offline = "1";
    else delete document.documentElement.dataset.offline;
  };
  window.addEventListener("offline", () => offline(true));
  window.addEventListener("online", () => offline(false));
  if (!navigator.onLine) offline(true);
  window.dokoOffline = offline; // live.js says so too, by its polls' answers
})();
