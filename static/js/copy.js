// "Adresse kopieren" / "Teilen": a button with data-copy="text" puts the text on the
// clipboard and says so for two seconds; data-share="url" opens the phone's share sheet.
// The buttons stay hidden where the browser cannot do it (the text stays on the page).
(() => {
  const show = (root) => {
    root.querySelectorAll("[data-copy]").forEach((b) => { b.hidden = !navigator.clipboard; });
    root.querySelectorAll("[data-share]").forEach((b) => { b.hidden = !navigator.share; });
  };
  document.addEventListener("click", (event) => {
    const copy = event.target.closest("[data-copy]");
    if (copy) {
      navigator.clipboard.writeText(copy.dataset.copy).then(() => {
        const label = copy.textContent;
        copy.textContent = copy.dataset.copied || "✓";
        copy.dataset.done = "1";
        setTimeout(() => { copy.textContent = label; delete copy.dataset.done; }, 2000);
      });
      return;
    }
    const share = event.target.closest("[data-share]");
    if (share) {
      navigator.share({ title: share.dataset.shareTitle || document.title, url: share.dataset.share })
        .catch(() => {});
    }
  });
  show(document);
  document.addEventListener("htmx:afterSettle", (event) => show(event.target));
})();
