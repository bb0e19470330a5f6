// Keyboard entry from paper: the field that has the focus when the page opens (the first
// in error, else the first) has its value selected, so the next digits typed replace it
// ("2" does not become "22"); so does every later focus of a number field of the form.
(() => {
  const form = document.querySelector("[data-paper-form]");
  if (!form) return;
  for (const input of form.querySelectorAll("input[type=number]")) {
    input.addEventListener("focus", () => input.select());
  }
  const first = form.querySelector("[autofocus]");
  if (first) {
    first.focus();
    first.select();
  }
})();
