// The small menu a card or pile opens (placed in page coordinates, above everything).

import { el, fill } from "./dom.js";

let menu = null;

export function initMenu() {
  menu = document.getElementById("gf-menu");
  document.body.append(menu);
  document.addEventListener("click", (event) => { if (!menu.hidden && !menu.contains(event.target)) closeMenu(); });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape" && !menu.hidden) closeMenu(); });
}

export function menuOpen() { return Boolean(menu) && !menu.hidden; }

let quieted = null;  // the card whose preview is held back while its menu is open

export function closeMenu() {
  if (!menu) return;
  menu.hidden = true;
  fill(menu);
  if (quieted && quieted.dataset.cardFaceOff) {
    quieted.dataset.cardFace = quieted.dataset.cardFaceOff;
    delete quieted.dataset.cardFaceOff;
  }
  quieted = null;
}

// The card preview (static/js/card_preview.js, on hover) would cover the menu the card opened: it is held back
// (the card's data-card-face set aside, and the pointer told it left) until the menu closes.
function quiet(anchor) {
  if (!anchor.dataset.cardFace) return;
  quieted = anchor;
  anchor.dataset.cardFaceOff = anchor.dataset.cardFace;
  delete anchor.dataset.cardFace;
  anchor.dispatchEvent(new PointerEvent("pointerout", { bubbles: true, pointerType: "mouse", relatedTarget: document.body }));
}

export function menuButton(text, onclick, attrs) {
  return el("button", Object.assign({ type: "button", role: "menuitem", text: text, onclick: onclick }, attrs || {}));
}

export function showMenu(items, anchor) {
  closeMenu();
  fill(menu, ...items);
  quiet(anchor);
  const rect = anchor.getBoundingClientRect();
  menu.hidden = false;
  const width = menu.offsetWidth;
  const left = Math.max(8, Math.min(window.scrollX + rect.left, window.scrollX + document.documentElement.clientWidth - width - 8));
  menu.style.left = left + "px";
  const below = rect.bottom + 4 + menu.offsetHeight <= document.documentElement.clientHeight;
  menu.style.top = (window.scrollY + (below ? rect.bottom + 4 : Math.max(4, rect.top - menu.offsetHeight - 4))) + "px";
  const first = menu.querySelector("button, select, input");
  if (first) first.focus();
}

// A card's face, large, in a dialog of the board's own (the card menu's 拡大: on a touch screen a tap on a card
// opens its menu, so the preview is offered there).
let zoomBox = null;
export function zoom(url, name) {
  if (!zoomBox) {
    zoomBox = el("dialog", { id: "gf-zoom", class: "gf-zoom", "aria-labelledby": "gf-zoom-title" });
    const close = el("button", { type: "button", class: "gf-zoom-close", "aria-label": document.getElementById("goldfish").dataset.closeLabel || "×", text: "×" });
    close.addEventListener("click", () => zoomBox.close());
    zoomBox.append(close, el("h2", { id: "gf-zoom-title" }), el("img", { class: "gf-zoom-face", alt: "", width: "640", height: "894" }));
    zoomBox.addEventListener("click", (event) => { if (event.target === zoomBox) zoomBox.close(); });
    document.body.append(zoomBox);
  }
  zoomBox.querySelector("h2").textContent = name;
  const img = zoomBox.querySelector("img");
  img.src = url;
  img.alt = name;
  if (!zoomBox.open) zoomBox.showModal();
}
