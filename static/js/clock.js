// The round clock: every element with data-deadline counts down to it each second.
// The server renders the minutes left, so a page without JavaScript still shows them.
(() => {
  const tick = () => {
    const now = Date.now();
    for (const el of document.querySelectorAll("[data-deadline]")) {
      const left = Math.floor((Date.parse(el.dataset.deadline) - now) / 1000);
      if (Number.isNaN(left)) continue;
      if (left <= 0) {
        el.textContent = el.dataset.over || "0:00";
        el.classList.add("over");
        continue;
      }
      const h = Math.floor(left / 3600);
      const m = Math.floor((left % 3600) / 60);
      const s = String(left % 60).padStart(2, "0");
      el.textContent = h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
      el.classList.toggle("soon", left < 600);
    }
  };
  tick();
  setInterval(tick, 1000);
})();
