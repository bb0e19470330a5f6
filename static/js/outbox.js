// Saves that survive a dropped network. A list's entry forms (form[data-outbox]) go into an
// outbox on the phone (localStorage) with their key, then to the form's address asking for
// JSON (league/lists/views/outbox.py): 201 stored, or a coded refusal (409: the list changed
// meanwhile) with what the list now has. Unanswered, a save stays ("nicht gesendet") and goes
// again with its key when the network returns (stored once: services' WriteKey), in order; a
// refused one stays until taken into the form or dropped. One filled form is one save (its
// buttons off while sent). Online, the page follows a stored save; a refusal is posted
// natively (it writes nothing) to show the form's errors. Without JS the forms post.
(() => {
  const box = document.querySelector("[data-outbox-box]");
  if (!box) return;
  const STORE = "doko-outbox", NEXT = "doko-open-at-next", list = box.dataset.list, notices = [];
  const text = (name, n) => (box.dataset[name] || "").replace("{n}", n ?? "");
  const node = (tag, { data, ...props }, ...kids) => { const n = Object.assign(document.createElement(tag), props); if (data) n.setAttribute(`data-${data}`, ""); n.append(...kids); return n; };
  const load = () => { try { const all = JSON.parse(localStorage.getItem(STORE) || "[]"); return Array.isArray(all) ? all : []; } catch (err) { return []; } };
  const store = (all) => localStorage.setItem(STORE, JSON.stringify(all));
  const account = () => (document.cookie.split("; ").find((c) => c.startsWith("doko_account=")) || "doko_account=-").slice(13);
  const mine = () => load().filter((e) => e.list === list && e.account === account()); // device.js drops others'
  const put = (entry) => store(load().map((e) => (e.key === entry.key ? entry : e)));
  const drop = (key) => store(load().filter((e) => e.key !== key));
  const newKey = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  // What the user entered, in words: the inputs he changed, by their labels.
  const summary = (form) => [...form.elements].filter((f) => f.name && !["hidden", "submit", "button"].includes(f.type)).map((f) => {
    const label = ((f.closest("label") || (f.closest("fieldset") && f.closest("fieldset").querySelector("legend")) || {}).innerText || f.name).trim();
    if (f.type === "checkbox" || f.type === "radio") return f.checked && !f.defaultChecked ? label : "";
    if (f.tagName === "SELECT") { const o = f.selectedOptions[0]; return o && !o.defaultSelected ? `${label.replace(o.text, "").trim()} ${o.text}` : ""; }
    return f.value && f.value !== f.defaultValue ? `${label} ${f.value}` : "";
  }).filter(Boolean).join(" · ");
  const render = () => {
    const items = mine().map((entry) => {
      const li = node("li", {}, node("strong", { textContent: text({ sending: "textSending", conflict: "textConflict", refused: "textRefused" }[entry.state] || "textUnsent", entry.game) }), entry.error ? ` ${entry.error}` : "", node("div", { textContent: `${text("textYours")}: ${entry.summary || "–"}` }));
      li.dataset.outboxEntry = entry.state;
      if (entry.state === "conflict" || entry.state === "refused") li.append(node("div", { data: "outbox-now", textContent: `${text("textNow")}: ${entry.now || text("textNothing")}` }),
        node("button", { type: "button", className: "secondary", textContent: text("textTake"), onclick: () => takeIntoForm(entry) }), " ",
        node("button", { data: "outbox-drop", type: "button", className: "danger", textContent: text("textDrop"), onclick: () => drop(entry.key) || render() || flush() }));
      return li;
    });
    const said = notices.map((notice) => node("li", { data: "outbox-stored", textContent: notice }));
    box.querySelector("[data-outbox-list]").replaceChildren(...items, ...said);
    box.hidden = !(items.length + said.length);
  };
  // A refused save back into the entry form: the user corrects it and saves again.
  const takeIntoForm = (entry) => {
    const form = document.querySelector(`form[data-outbox][action="${entry.url}"]`);
    if (!form) return;
    for (const f of [...form.elements].filter((f) => f.name && !["csrfmiddlewaretoken", "version", "key"].includes(f.name))) {
      const given = entry.fields.filter(([k]) => k === f.name).map(([, v]) => v);
      if (f.type === "checkbox" || f.type === "radio") f.checked = given.includes(f.value);
      else if (given.length) f.value = given[0];
    }
    form.dataset.liveDirty = "1"; // live updates keep what was taken in
    drop(entry.key) || render() || form.scrollIntoView();
  };
  const send = (entry, later) => {
    const body = new URLSearchParams(entry.fields), token = document.querySelector("input[name=csrfmiddlewaretoken]");
    [["version", entry.version], ["game", entry.game], ["csrfmiddlewaretoken", token && token.value]].forEach(([k, v]) => v != null && body.set(k, v));
    const headers = { Accept: "application/json", "Idempotency-Key": entry.key, "X-Outbox": later ? "later" : "now" };
    return fetch(entry.url, { method: "POST", body, headers, credentials: "same-origin" }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => ({})) }));
  };
  const lock = (form, yes) => form.querySelectorAll("button[type=submit], button:not([type])").forEach((b) => (b.disabled = yes)) || (yes ? (form.dataset.saving = "1") : delete form.dataset.saving);
  // After a save's answer (or kept in the outbox): the next game's form, with a new key.
  const nextForm = (form) => {
    form.reset();
    const key = form.querySelector("input[name=key]");
    if (key) key.defaultValue = key.value = newKey(); // reset() would bring back the old one
    form.querySelectorAll("input[type=number]").forEach((i) => i.dispatchEvent(new Event("input", { bubbles: true })));
    delete form.dataset.liveDirty; // a fresh form: live updates may replace it
    if (form.id === "game-form" && document.getElementById("preview")) document.getElementById("preview").replaceChildren();
    lock(form, false);
  };
  const wait = (entry, form, lost) => { // kept for later: the form is the next game's
    put(Object.assign(entry, { state: "unsent" }));
    if (lost) document.documentElement.dataset.offline = "1";
    return (form && nextForm(form)) || render();
  };
  const sendNow = async (entry, form) => {
    const answer = await send(entry, false).catch(() => null);
    if (!answer) return wait(entry, form, true);
    if (answer.status !== 201) return drop(entry.key) || form.submit();
    put(Object.assign(entry, { state: "answered" })); // the form stays locked: it was sent
    sessionStorage.setItem(NEXT, form.closest("#schnell") ? `${list}#schnell` : list);
    window.location.assign(list);
  };
  let flushing = false;
  const flush = async () => {
    if (flushing) return;
    flushing = true;
    for (const entry of mine()) {
      if (entry.state !== "unsent") break; // the order holds; a first try may be under way
      const answer = await send(entry, true).catch(() => null);
      if (!answer) { wait(entry, null, true); break; }
      delete document.documentElement.dataset.offline;
      if (answer.status === 201) { // stored: said here, and the page's parts asked at once
        drop(entry.key) || notices.push(text("textStored", entry.game));
        document.querySelectorAll("[data-live-part][hx-get]").forEach((p) => window.htmx && window.htmx.trigger(p, "live"));
        continue;
      }
      put(Object.assign(entry, { state: answer.status === 409 ? "conflict" : "refused", error: (answer.body.error || {}).message || `(${answer.status})`, now: answer.body.now || "" }));
      break;
    }
    flushing = false;
    render();
  };
  document.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-outbox]");
    if (!form || event.preventDefault()) return;
    const keyInput = form.querySelector("input[name=key]"), waiting = mine();
    const key = (keyInput && keyInput.value) || newKey();
    if (keyInput) keyInput.value = key;
    if (form.dataset.saving || waiting.some((e) => e.key === key)) return; // sent already
    const last = waiting[waiting.length - 1];
    const fields = [...new FormData(form)].filter(([k, v]) => typeof v === "string" && k !== "key").concat([["key", key]]);
    const version = Number((form.querySelector("input[name=version]") || {}).value || 0);
    // Saved behind unsent ones: it is the game after them, on the list they leave.
    const entry = { key, list, account: account(), url: form.getAttribute("action"), fields, game: last ? last.game + 1 : Number(form.dataset.game) || 0, version: last ? last.version + 1 : version, summary: summary(form), state: "sending" };
    lock(form, true);
    store(load().concat([entry]));
    if (!last && navigator.onLine) return render() || sendNow(entry, form);
    wait(entry, form, !navigator.onLine);
    if (navigator.onLine) flush();
  });
  // On arrival: a save answered before the page was left is done (unless this is the phone's
  // copy of the page, offline); one whose answer never came goes again, with its key.
  const fromCopy = Boolean(document.documentElement.dataset.cached);
  for (const entry of mine()) {
    if (entry.state === "answered" && !fromCopy) drop(entry.key);
    else if (entry.state === "sending" || entry.state === "answered") put(Object.assign(entry, { state: "unsent" }));
  }
  render();
  window.addEventListener("pageshow", (event) => event.persisted && document.querySelectorAll("form[data-outbox][data-saving]").forEach(nextForm));
  const retry = () => mine().some((e) => e.state === "unsent") && flush();
  window.addEventListener("online", retry);
  document.addEventListener("visibilitychange", () => document.hidden || retry());
  setInterval(retry, Number(box.dataset.retryEvery) || 5000) && retry();
})();
