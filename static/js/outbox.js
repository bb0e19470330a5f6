// Saves that survive a dropped network. The entry forms of a list (form[data-outbox]) are
// sent by this script: each save first goes into an outbox on the phone (localStorage) with
// its idempotency key, then to the server. A save whose answer never came (offline, or the
// WLAN dropped after the server stored it) stays in the outbox, is shown as "nicht gesendet"
// with the game, and is sent again with the same key when the network returns: the server
// stores it once (league.lists.services: WriteKey). Saves go in the order they were made; a
// save the server refuses (the list changed meanwhile) stays, shown with what the list has
// now, until the user takes it into the form or drops it. The list page names the keys of its
// latest writes (data-written-keys), so a save that arrived without its answer is recognised.
// One filled form is one save: its buttons are off while it is sent, it keeps its key until
// the answer, and only then is it the next game's form, with a new key (issue 29: a double
// click stored the game twice). The server also answers the same form sent twice on one
// version as stored once (services.same_form_key).
// Without JavaScript the forms post as before.
(() => {
  const box = document.querySelector("[data-outbox-box]");
  if (!box) return;
  const STORE = "doko-outbox";
  const list = box.dataset.list;
  const text = (name, n) => (box.dataset[name] || "").replace("{n}", n ?? "");
  const listing = box.querySelector("[data-outbox-list]");
  const notices = [];
  const NEXT = "doko-open-at-next";
  // The field a keyboard user types first in a form: its first input, or the ticked one of
  // a group of radio buttons (Tab lands there too).
  const firstField = (root) => {
    const field = root && root.querySelector("input:not([type=hidden]):not([disabled]), select, textarea");
    if (field && field.type === "radio" && !field.checked) {
      const ticked = root.querySelector(`input[type=radio][name="${field.name}"]:checked`);
      if (ticked) return ticked;
    }
    return field;
  };
  const opened = sessionStorage.getItem(NEXT);
  if (opened === list || opened === `${list}#schnell`) {
    // Just saved: the next game's box in view, the focus in the next game's form (not on
    // <body>: a keyboard user types on), the quick entry open again after a quick row.
    sessionStorage.removeItem(NEXT);
    const next = document.getElementById("next");
    if (next) next.scrollIntoView();
    const quick = opened.endsWith("#schnell") && document.getElementById("schnell");
    if (quick) {
      quick.open = true;
      quick.scrollIntoView();
    }
    const field = firstField(quick ? quick.querySelector("form") : document.getElementById("game-form"));
    if (field) field.focus({ preventScroll: true });
  }
  // A refused save (the entry form sent back with its errors): the error and its field in
  // view, the focus on that field; the address bar shows the list's page (live.js), not the
  // form's POST-only address.
  const refusal = document.querySelector("#eingabe .field-error, #eingabe [role=alert], #eingabe .errors");
  if (refusal) {
    const details = refusal.closest("details");
    if (details) details.open = true;
    const form = refusal.closest("form");
    const holder = refusal.closest("fieldset, p") || form;
    const marked = refusal.dataset.field && form && form.querySelector(`[name="${refusal.dataset.field}"]:not([type=hidden])`);
    let field = marked || (holder && holder !== form && (holder.querySelector("input[type=number], select") || firstField(holder)));
    if (!field) field = firstField(form);
    if (field) field.focus({ preventScroll: true });
    refusal.scrollIntoView({ block: "center" });
    if (window.location.pathname !== list) history.replaceState(history.state, "", `${list}#eingabe`);
  }

  const load = () => {
    try {
      const all = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(all) ? all : [];
    } catch (err) {
      return [];
    }
  };
  const store = (all) => localStorage.setItem(STORE, JSON.stringify(all));
  // The account this browser is now (league/core/private.py; live.js drops the saves of a
  // previous one): a save is sent only as the account that made it.
  const account = () => (document.cookie.split("; ").find((c) => c.startsWith("doko_account=")) || "doko_account=-").slice(13);
  const mine = () => load().filter((e) => e.list === list && e.account === account());
  const put = (entry) => store(load().map((e) => (e.key === entry.key ? entry : e)));
  const drop = (key) => store(load().filter((e) => e.key !== key));
  const newKey = () => {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes); // works without https, unlike crypto.randomUUID
    return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  };
  const writtenKeys = (root) => {
    const el = root.querySelector("[data-outbox-box]");
    return new Set(((el && el.dataset.writtenKeys) || "").split(" ").filter(Boolean));
  };

  // What the user entered, in words (the inputs he changed, by their labels).
  const summary = (form) => {
    const parts = [];
    for (const el of form.elements) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") continue;
      const legend = el.closest("fieldset") && el.closest("fieldset").querySelector("legend");
      const label = (el.closest("label") || legend || {}).innerText || el.name;
      if (el.type === "checkbox" || el.type === "radio") {
        if (el.checked && !el.defaultChecked) parts.push(label.trim());
      } else if (el.tagName === "SELECT") {
        const option = el.selectedOptions[0];
        if (option && !option.defaultSelected) parts.push(`${label.replace(option.text, "").trim()} ${option.text}`.trim());
      } else if (el.value && el.value !== el.defaultValue) {
        parts.push(`${label.trim()} ${el.value}`);
      }
    }
    return parts.join(" · ");
  };

  const render = () => {
    const entries = mine();
    listing.replaceChildren();
    for (const entry of entries) {
      const li = document.createElement("li");
      li.dataset.outboxEntry = entry.state;
      const head = document.createElement("strong");
      const name = { unsent: "textUnsent", sending: "textSending", conflict: "textConflict", refused: "textRefused" }[entry.state] || "textUnsent";
      head.textContent = text(name, entry.game);
      li.append(head);
      if (entry.error) li.append(" ", entry.error);
      const yours = document.createElement("div");
      yours.textContent = `${text("textYours")}: ${entry.summary || "–"}`;
      li.append(yours);
      if (entry.state === "conflict" || entry.state === "refused") {
        const now = document.createElement("div");
        now.dataset.outboxNow = "";
        now.textContent = `${text("textNow")}: ${entry.now || text("textNothing")}`;
        li.append(now);
        const take = document.createElement("button");
        take.type = "button";
        take.className = "secondary";
        take.textContent = text("textTake");
        take.addEventListener("click", () => takeIntoForm(entry));
        const gone = document.createElement("button");
        gone.type = "button";
        gone.className = "danger";
        gone.dataset.outboxDrop = "";
        gone.textContent = text("textDrop");
        gone.addEventListener("click", () => { drop(entry.key); render(); flush(); });
        li.append(take, " ", gone);
      }
      listing.append(li);
    }
    for (const notice of notices) {
      const li = document.createElement("li");
      li.dataset.outboxStored = "";
      li.textContent = notice;
      listing.append(li);
    }
    box.hidden = !listing.children.length;
  };

  // A refused save back into the entry form: the user corrects it and saves again.
  const takeIntoForm = (entry) => {
    const form = document.querySelector(`form[data-outbox][action="${entry.url}"]`);
    if (!form) return;
    const values = new Map();
    for (const [k, v] of entry.fields) values.set(k, [...(values.get(k) || []), v]);
    for (const el of form.elements) {
      if (!el.name || ["csrfmiddlewaretoken", "version", "key"].includes(el.name)) continue;
      const given = values.get(el.name) || [];
      if (el.type === "checkbox" || el.type === "radio") el.checked = given.includes(el.value);
      else if (given.length) el.value = given[0];
    }
    const part = form.closest("[data-live-part]");
    if (part) part.dataset.liveDirty = "1"; // live updates keep what was taken in
    drop(entry.key);
    render();
    form.scrollIntoView();
  };

  // The page the server answered with, in place of this one's changing parts.
  const adopt = (doc) => {
    for (const part of document.querySelectorAll("[data-live-part][id]")) {
      const fresh = doc.getElementById(part.id);
      if (!fresh) continue;
      part.innerHTML = fresh.innerHTML;
      delete part.dataset.liveDirty;
      if (window.htmx) window.htmx.process(part);
    }
    const main = document.querySelector("main");
    const old = main.querySelector(":scope > .messages");
    const said = doc.querySelector("main > .messages");
    if (old) old.remove();
    if (said) main.prepend(document.importNode(said, true));
    const fresh = doc.querySelector("[data-outbox-box]");
    if (fresh) box.dataset.writtenKeys = fresh.dataset.writtenKeys;
  };

  const rowText = (doc, n) => {
    const row = doc.getElementById(`spiel-${n}`);
    return row ? row.innerText.replace(/\s+/g, " ").trim() : "";
  };

  const send = (entry, redirect) => {
    const body = new URLSearchParams();
    const token = document.querySelector("input[name=csrfmiddlewaretoken]");
    for (const [k, v] of entry.fields) {
      if (k === "csrfmiddlewaretoken" && token) body.append(k, token.value);
      else if (k === "version") body.append(k, String(entry.version));
      else body.append(k, v);
    }
    return fetch(entry.url, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { "Idempotency-Key": entry.key },
      redirect,
    });
  };

  // A save just made, with the network there: as without the outbox, the browser then goes
  // to the page the server answered with — the list (its message says what was stored), or,
  // for a refusal, the form with its errors (sent once more natively: a refused save writes
  // nothing). Only a save without an answer stays in the outbox.
  const sendNow = async (entry, form) => {
    let response;
    try {
      response = await send(entry, "manual");
    } catch (err) {
      entry.state = "unsent";
      put(entry);
      document.documentElement.dataset.offline = "1";
      nextForm(form); // the save waits in the outbox; the form is the next game's
      render();
      return;
    }
    if (response.type === "opaqueredirect") {
      entry.state = "answered";
      put(entry);
      // As the server's redirect would (to #next): the list page opens at the next game's
      // box, the entry form below it. A fragment alone would not load the page again.
      // The form stays locked until the page is left: it was sent.
      sessionStorage.setItem(NEXT, form.closest("#schnell") ? `${list}#schnell` : list);
      window.location.assign(list);
      return;
    }
    drop(entry.key);
    const keyInput = form.querySelector("input[name=key]");
    if (keyInput) keyInput.value = entry.key;
    form.submit();
  };

  let flushing = false;
  const flush = async () => {
    if (flushing) return;
    flushing = true;
    try {
      for (const entry of mine()) {
        if (entry.state === "conflict" || entry.state === "refused") break; // the order holds
        if (entry.state === "sending") break; // its first try is still under way
        let response;
        let doc;
        try {
          response = await send(entry);
          doc = new DOMParser().parseFromString(await response.text(), "text/html");
        } catch (err) {
          entry.state = "unsent";
          put(entry);
          document.documentElement.dataset.offline = "1";
          break;
        }
        delete document.documentElement.dataset.offline;
        if (writtenKeys(doc).has(entry.key)) {
          drop(entry.key);
          notices.push(text("textStored", entry.game));
          adopt(doc);
          continue;
        }
        const said = doc.querySelector("#eingabe [role=alert], #eingabe .errors, main > .messages .error");
        entry.state = response.status === 422 ? "conflict" : "refused";
        entry.error = said ? said.innerText.replace(/\s+/g, " ").trim() : `(${response.status})`;
        entry.now = rowText(doc, entry.game);
        put(entry);
        break;
      }
    } finally {
      flushing = false;
      render();
    }
  };

  // A form being saved takes no second submit: its buttons are off until the answer (a
  // double click, a second Enter, send one save). One filled form has one key: a submit of
  // it again (its save still in the outbox) is the same save, not the next game.
  const lock = (form, yes) => {
    if (yes) form.dataset.saving = "1";
    else delete form.dataset.saving;
    for (const button of form.querySelectorAll("button[type=submit], button:not([type]), input[type=submit]")) button.disabled = yes;
  };
  // After a save's answer (stored, or kept in the outbox): the form is the next game's — a
  // new one with a new key.
  const nextForm = (form) => {
    form.reset();
    const keyInput = form.querySelector("input[name=key]");
    if (keyInput) keyInput.defaultValue = keyInput.value = newKey(); // reset() would bring back the old one
    // What the page computed from the old input (the other party's Augen) follows.
    form.querySelectorAll("input[type=number]").forEach((i) => i.dispatchEvent(new Event("input", { bubbles: true })));
    const part = form.closest("[data-live-part]");
    if (part) delete part.dataset.liveDirty; // a fresh form: live updates may replace it
    const preview = document.getElementById("preview");
    if (preview && form.id === "game-form") preview.replaceChildren();
    lock(form, false);
  };

  document.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-outbox]");
    if (!form) return;
    event.preventDefault();
    if (form.dataset.saving) return; // its save is under way
    const keyInput = form.querySelector("input[name=key]");
    const key = (keyInput && keyInput.value) || newKey();
    if (keyInput) keyInput.value = key;
    const waiting = mine();
    if (waiting.some((e) => e.key === key)) return; // this filled form is saved already
    const last = waiting[waiting.length - 1];
    const version = Number((form.querySelector("input[name=version]") || {}).value || 0);
    const entry = {
      key,
      list,
      account: account(),
      url: form.getAttribute("action"),
      fields: [...new FormData(form)].filter(([k, v]) => typeof v === "string" && k !== "key").concat([["key", key]]),
      // Saved behind unsent ones: it is the game after them, on the list they leave.
      game: last ? last.game + 1 : Number(form.dataset.game) || 0,
      version: last ? last.version + 1 : version,
      summary: summary(form),
      state: "sending",
      at: Date.now(),
    };
    lock(form, true);
    store(load().concat([entry]));
    if (last || !navigator.onLine) {
      entry.state = "unsent";
      put(entry);
      nextForm(form);
      render();
      if (navigator.onLine) flush();
      return;
    }
    render();
    sendNow(entry, form);
  });

  // The live preview cannot compute without the server: it says so.
  document.addEventListener("htmx:sendError", (event) => {
    const preview = document.getElementById("preview");
    if (!preview || !event.target.closest || !event.target.closest("form[data-outbox]")) return;
    const p = document.createElement("p");
    p.className = "result invalid";
    p.dataset.previewOffline = "";
    p.textContent = text("textPreview");
    preview.replaceChildren(p);
  });

  // On arrival: saves that reached the server without their answer are done; the rest go.
  const known = writtenKeys(document);
  const fromCopy = Boolean(document.documentElement.dataset.cached);
  for (const entry of mine()) {
    if (known.has(entry.key)) {
      drop(entry.key);
      if (entry.state !== "answered") notices.push(text("textStored", entry.game));
    } else if (entry.state === "answered" && !fromCopy) {
      drop(entry.key); // the server answered and did not store it: its message says why
    } else if (entry.state === "sending" || entry.state === "answered") {
      entry.state = "unsent";
      put(entry);
    }
  }
  render();
  // Back to this page from the browser's memory after a save was answered: a new form.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) document.querySelectorAll("form[data-outbox][data-saving]").forEach(nextForm);
  });
  const retry = () => { if (mine().some((e) => e.state === "unsent")) flush(); };
  window.addEventListener("online", retry);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) retry(); });
  setInterval(retry, 5000);
  retry();
})();
