// Where a list page lands (static/js/outbox.js sets doko-open-at-next after a save): just
// saved, at the next game's box with the focus in its form (the quick entry open again
// after a quick row); a refused save, with the error in view and its field focused.
(() => {
  const box = document.querySelector("[data-outbox-box]");
  if (!box) return;
  const list = box.dataset.list, NEXT = "doko-open-at-next";
  // The field a keyboard user types first: the first input, or a radio group's ticked one.
  const firstField = (root) => {
    const field = root && root.querySelector("input:not([type=hidden]):not([disabled]), select, textarea");
    return (field && field.type === "radio" && root.querySelector(`input[type=radio][name="${field.name}"]:checked`)) || field;
  };
  const opened = sessionStorage.getItem(NEXT);
  if (opened === list || opened === `${list}#schnell`) { // just saved: on at the next game's form
    sessionStorage.removeItem(NEXT);
    const quick = opened.endsWith("#schnell") && document.getElementById("schnell");
    (document.getElementById("next") || box).scrollIntoView();
    if (quick) { quick.open = true; quick.scrollIntoView(); }
    const field = firstField(quick ? quick.querySelector("form") : document.getElementById("game-form"));
    if (field) field.focus({ preventScroll: true });
  }
  // A refused save (the form sent back with its errors): the error in view, its field focused.
  const refusal = document.querySelector("#eingabe .field-error, #eingabe [role=alert], #eingabe .errors");
  if (refusal) {
    const form = refusal.closest("form"), holder = refusal.closest("fieldset, p");
    if (refusal.closest("details")) refusal.closest("details").open = true;
    const marked = refusal.dataset.field && form.querySelector(`[name="${refusal.dataset.field}"]:not([type=hidden])`);
    const field = marked || (holder && (holder.querySelector("input[type=number], select") || firstField(holder))) || firstField(form);
    if (field) field.focus({ preventScroll: true });
    refusal.scrollIntoView({ block: "center" });
  }
})();
