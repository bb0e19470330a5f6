// The projector: fit the rows to this screen (any size), show one screenful at a time,
// cycle through all of them, then reload for fresh results. Pure enhancement: without
// JavaScript the page shows every row and refreshes itself every minute.
document.addEventListener("DOMContentLoaded", () => {
  const takt = Number(document.body.dataset.takt) || 12000;
  document.documentElement.classList.add("js");
  const screens = [...document.querySelectorAll(".screen")];
  const counter = document.querySelector("[data-page-counter]");
  const pages = [];
  for (const screen of screens) {
    screens.forEach((s) => { s.hidden = s !== screen; });
    const rows = [...screen.querySelectorAll("tbody tr")];
    rows.forEach((r) => { r.hidden = false; });
    const top = screen.querySelector("tbody").getBoundingClientRect().top;
    const rowHeight = Math.max(...rows.map((r) => r.getBoundingClientRect().height), 1);
    const perPage = Math.max(1, Math.floor((window.innerHeight - top - 4) / rowHeight));
    for (let i = 0; i < rows.length; i += perPage) pages.push({ screen, rows: rows.slice(i, i + perPage) });
  }
  let index = 0;
  const show = () => {
    const page = pages[index];
    screens.forEach((s) => { s.hidden = s !== page.screen; });
    page.screen.querySelectorAll("tbody tr").forEach((r) => { r.hidden = !page.rows.includes(r); });
    if (counter) counter.textContent = pages.length > 1 ? `· ${index + 1}/${pages.length}` : "";
    document.body.dataset.page = String(index + 1);
    document.body.dataset.pages = String(pages.length);
  };
  if (!pages.length) return;
  show();
  // A new screen size (full screen switched on, another projector): fit the rows again.
  let resized;
  window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(() => window.location.reload(), 500); });
  setInterval(() => {
    index += 1;
    if (index >= pages.length) { window.location.reload(); return; }
    show();
  }, takt);
});
