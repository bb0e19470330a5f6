// Results from paper: the seat labels follow the typed table number (names from the
// table list below), and seats a 4-player table does not have are disabled.
(() => {
  const form = document.querySelector("[data-paper-form]");
  if (!form) return;
  const table = form.querySelector("input[name=table]");
  const seatsOf = {};
  for (const row of document.querySelectorAll("[data-paper-table]")) {
    seatsOf[row.dataset.paperTable] = JSON.parse(row.dataset.names);
  }
  const update = () => {
    const names = seatsOf[table.value] || null;
    for (let i = 1; i <= 5; i++) {
      const label = form.querySelector(`[data-seat-label="${i}"]`);
      const input = form.querySelector(`input[name=p${i}]`);
      if (!label || !input) continue;
      const name = names ? names[i - 1] : undefined;
      label.textContent = name ? `${i}: ${name}` : label.dataset.default;
      input.disabled = names !== null && name === undefined;
      input.closest("[data-seat]").hidden = input.disabled;
    }
  };
  table.addEventListener("input", update);
  // Focus selects the table number, so the next one typed replaces it (after a refusal
  // the form keeps what was typed).
  table.addEventListener("focus", () => table.select());
  if (document.activeElement === table) table.select();
  update();
})();
