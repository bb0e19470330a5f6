// The Probelauf's automatic pace (issue 36): while the organiser's page is open and
// visible, every N seconds (the select data-rehearsal-auto) one generated game at each
// open table — a POST of the pace form asking for JSON, with the form's CSRF token. The
// board's own live polling shows the results. Stops when nothing is left to play or on a
// refusal. The form is looked up on each tick: the live page may have been morphed.
(() => {
  let timer = null;
  let busy = false;

  const form = () => document.querySelector("form[data-rehearsal-play]");
  const say = (text) => {
    const out = document.querySelector("[data-rehearsal-status]");
    if (out) out.textContent = text;
  };
  const stop = (text) => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    const select = document.querySelector("[data-rehearsal-auto]");
    if (select) select.value = "0";
    if (text) say(text);
  };

  const tick = async () => {
    const f = form();
    if (!f) return stop("");
    if (busy || document.visibilityState !== "visible") return;
    busy = true;
    const body = new FormData(f);
    body.set("spiele", "1");
    try {
      const answer = await fetch(f.action, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": body.get("csrfmiddlewaretoken") },
      });
      const data = await answer.json();
      if (!answer.ok) return stop(data.message || String(answer.status));
      if (!data.games) return stop(f.dataset.doneText || "–");
      say(`+${data.games}`);
    } catch (err) {
      stop(String(err));
    } finally {
      busy = false;
    }
  };

  document.addEventListener("change", (event) => {
    const select = event.target.closest && event.target.closest("[data-rehearsal-auto]");
    if (!select) return;
    if (timer !== null) clearInterval(timer);
    timer = null;
    const seconds = Number(select.value);
    if (seconds > 0) {
      timer = setInterval(tick, seconds * 1000);
      tick();
    } else {
      say("");
    }
  });
})();
