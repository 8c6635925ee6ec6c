// The deck page's "copy as text": each button copies its text box (the list, or the post style) to the
// clipboard and says so. Without a clipboard (an insecure page), the text is selected for Ctrl+C.
(function () {
  "use strict";
  const box = document.getElementById("export-box");
  if (!box) return;
  const state = box.querySelector(".export-state");

  function say(text) {
    if (state) state.textContent = text;
  }

  async function copy(area, done) {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(area.value);
      say(done);
    } catch (error) {
      area.focus();
      area.select();
      say("");
    }
  }

  for (const button of box.querySelectorAll("button.export-copy")) {
    button.addEventListener("click", () => {
      const area = document.getElementById(button.dataset.copy);
      if (area) copy(area, button.dataset.done || "");
    });
  }
})();
