// Name completion that ignores accents and case ("Jorg", "Joerg" → Jörg; "Weiss" → Weiß),
// the same folding as the site's search (league/core/text.py). The names come with the page
// (a json_script element); a form works the same without this script.
(() => {
  const LETTERS = { "ø": "o", "ł": "l", "đ": "d", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th" };
  const fold = (text) => text.toLowerCase().replace(/ß/g, "ss")
    .replace(/[øłđıæœþ]/g, (ch) => LETTERS[ch]).normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "").replace(/ae/g, "a").replace(/oe/g, "o").replace(/ue/g, "u")
    .split(/\s+/).filter(Boolean).join(" ");
  const MAX = 8;
  document.querySelectorAll("[data-suggest-names]").forEach((container) => {
    const source = document.getElementById(container.dataset.suggestNames);
    if (!source) return;
    const names = JSON.parse(source.textContent).map((name) => [name, fold(name)]);
    container.querySelectorAll(container.dataset.suggestInputs).forEach((input, n) => {
      const list = document.createElement("ul");
      list.className = "suggest";
      list.id = `suggest-${input.name}-${n}`;
      list.setAttribute("role", "listbox");
      list.hidden = true;
      input.after(list);
      input.setAttribute("autocomplete", "off");
      input.setAttribute("aria-autocomplete", "list");
      input.setAttribute("aria-controls", list.id);
      let active = -1;
      const items = () => [...list.querySelectorAll("[role=option]")];
      const close = () => { list.hidden = true; active = -1; input.setAttribute("aria-expanded", "false"); };
      const pick = (name) => { input.value = name; close(); input.dispatchEvent(new Event("change", { bubbles: true })); };
      const mark = () => items().forEach((item, i) => item.setAttribute("aria-selected", String(i === active)));
      input.addEventListener("input", () => {
        const words = fold(input.value).split(" ").filter(Boolean);
        list.replaceChildren();
        if (!words.length) { close(); return; }
        const found = names.filter(([, folded]) => words.every((w) => folded.includes(w))).slice(0, MAX);
        if (!found.length || (found.length === 1 && found[0][0] === input.value)) { close(); return; }
        for (const [name] of found) {
          const item = document.createElement("li");
          item.setAttribute("role", "option");
          item.textContent = name;
          item.addEventListener("mousedown", (event) => { event.preventDefault(); pick(name); });
          list.append(item);
        }
        active = -1;
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
      });
      input.addEventListener("keydown", (event) => {
        if (list.hidden) return;
        const all = items();
        if (event.key === "ArrowDown") { active = (active + 1) % all.length; mark(); event.preventDefault(); }
        else if (event.key === "ArrowUp") { active = (active - 1 + all.length) % all.length; mark(); event.preventDefault(); }
        else if (event.key === "Enter" && active >= 0) { pick(all[active].textContent); event.preventDefault(); }
        else if (event.key === "Escape") close();
      });
      input.addEventListener("blur", close);
    });
  });
})();
