// The house-rules form: the option-by-option fields only while "eigene Hausregeln" is
// chosen; under a preset they would show values that are not the preset's.
(() => {
  document.querySelectorAll("[data-rules-form]").forEach((form) => {
    const preset = form.querySelector("select[name=preset]");
    const custom = form.querySelector("[data-custom-rules]");
    if (!preset || !custom) return;
    const update = () => { custom.hidden = preset.value !== custom.dataset.customRules; };
    preset.addEventListener("change", update);
    update();
  });
})();
