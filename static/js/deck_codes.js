// The deck page's deck codes: each copy button copies its code (or share link) to the clipboard and says
// so. Without a clipboard (an insecure page), the code is selected for Ctrl+C.
const box = document.querySelector("[data-deck-codes]");

if (box) {
  const state = box.querySelector(".deck-code-state");
  const say = (text) => {
    if (state) state.textContent = text;
  };

  for (const button of box.querySelectorAll("button[data-copy-code]")) {
    button.addEventListener("click", async () => {
      const field = document.getElementById(button.dataset.copyCode);
      if (!field) return;
      try {
        if (!navigator.clipboard) throw new Error("no clipboard");
        await navigator.clipboard.writeText(field.value);
        say(button.dataset.done || "");
      } catch (error) {
        field.focus();
        field.select();
        say("");
      }
    });
  }
}
