// "alle" / "keine": tick or untick every box of a group at once (the members present at a
// club evening). The buttons stay hidden without this script; the boxes work the same.
(() => {
  document.querySelectorAll("[data-check-all]").forEach((button) => {
    const boxes = () => document.querySelectorAll(button.dataset.checkAll);
    button.hidden = false;
    button.addEventListener("click", () => {
      const on = button.dataset.checkValue === "1";
      boxes().forEach((box) => { box.checked = on; });
    });
  });
})();
