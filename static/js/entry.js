// Quick buttons for Augen and +/- steppers for Sonderpunkte. Pure convenience:
// the form works without JavaScript.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  const form = button.closest("form");
  if (!form) return;
  const fire = (input) => input.dispatchEvent(new Event("change", { bubbles: true }));
  if (button.classList.contains("quick-augen")) {
    const input = form.querySelector("input[name$='re_augen']");
    input.value = button.dataset.value;
    fire(input);
  } else if (button.classList.contains("step")) {
    const input = button.parentElement.querySelector("input[type=number]");
    const next = Math.max(0, (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10));
    input.value = String(next);
    fire(input);
  }
});

// Augen counted for Re or for Kontra: show what the other party has (240 − x).
const showOtherAugen = (form) => {
  const input = form.querySelector("input[name$='re_augen']");
  const out = form.querySelector("[data-augen-other]");
  if (!input || !out) return;
  const side = form.querySelector("input[name$='augen_side']:checked");
  const value = parseInt(input.value, 10);
  if (Number.isNaN(value) || value < 0 || value > 240) return;
  const counted = side ? side.value : "re";
  out.textContent = `${out.dataset[counted]} ${240 - value}`;
};
document.addEventListener("input", (event) => {
  const form = event.target.closest("form");
  if (form) showOtherAugen(form);
});
document.addEventListener("change", (event) => {
  const form = event.target.closest("form");
  if (form) showOtherAugen(form);
});
document.addEventListener("DOMContentLoaded", () => document.querySelectorAll("form").forEach(showOtherAugen));
// The live preview cannot compute without the server: it says so (the outbox keeps the save).
document.addEventListener("htmx:sendError", (event) => {
  const preview = document.getElementById("preview");
  const box = document.querySelector("[data-outbox-box]");
  if (!preview || !box || !event.target.closest || !event.target.closest("form[data-outbox]")) return;
  const p = document.createElement("p");
  p.className = "result invalid";
  p.dataset.previewOffline = "";
  p.textContent = box.dataset.textPreview;
  preview.replaceChildren(p);
});
