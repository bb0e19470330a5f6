// The prize ceremony on the projector: the arrow, page or space key (a presenter's
// clicker) follows the "next place" link. Without JavaScript the link is clicked.
document.addEventListener("keydown", (event) => {
  if (!["ArrowRight", "PageDown", " ", "Enter"].includes(event.key)) return;
  const next = document.querySelector("[data-next]");
  if (next) { event.preventDefault(); window.location.assign(next.href); }
});
