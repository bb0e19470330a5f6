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
