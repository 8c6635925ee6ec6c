// The card preview, on every page (base.html loads this module).
//
// Contract: any element with data-card-face="<URL of the card's m-size face>" (and optionally
// data-card-name="<the card's name>") shows that face large:
//  - with a mouse or pen: on hover, a floating preview beside the pointer, never off-screen (inside an
//    element marked data-preview-beside="<selector>": over the element named, else beside the marked one, so a
//    list is never covered);
//  - with the keyboard: on focus, the same preview beside the element;
//  - on a touch screen: a tap opens a sheet (a modal dialog) with the face, the name and, when the element is,
//    holds or sits in a link, a link to go on ("カードページへ"): the first tap on a card link previews it and
//    the sheet keeps the way to the page. Escape, the close button or a tap outside the sheet close it.
// Taps on a button or form field that is, holds or sits around the element keep their own action (the deck
// editor's +/- buttons, the goldfish board's cards), and so does a tap another script already handled
// (preventDefault). Listeners sit on the document, so elements that scripts draw later work too.
//
// Its words come from the script tag's data- attributes (translated by the template).

const SELECTOR = "[data-card-face]";
const CONTROLS = "button, input, select, textarea, summary, label, [role=button], [contenteditable]";
const HOVER_DELAY = 120; // ms before a hover shows the preview (a pointer passing over a list shows nothing)
const GAP = 16; // px between the pointer (or the element) and the preview
const MARGIN = 8; // px kept free at the window's edges
const MAX_WIDTH = 320; // px: the preview's width at most (the m face is 640 px wide: sharp on 2x screens)
const CARD_RATIO = 88 / 63; // height / width until the face has loaded

const script = document.querySelector("script[data-card-preview]");
const words = {
  open: script?.dataset.open || "Open the card page",
  close: script?.dataset.close || "Close",
};

let lastPointer = "mouse"; // the pointer type of the last press: a tap opens the sheet, a click does not
let floating = null; // the hover / focus preview
let current = null; // the element it shows
let point = null; // where the pointer is ({x, y}), or null when the preview sits beside the element (focus)
let timer = 0;
let frame = 0;

// -- the floating preview (hover and focus) -------------------------------------------------------------------

function floatingPreview() {
  if (!floating) {
    floating = document.createElement("div");
    floating.className = "card-preview";
    floating.setAttribute("aria-hidden", "true"); // the element names the card; this only shows it larger
    floating.hidden = true;
    const img = document.createElement("img");
    img.alt = "";
    img.decoding = "async";
    img.addEventListener("load", () => {
      floating.classList.remove("loading");
      place();
    });
    img.addEventListener("error", () => floating.classList.remove("loading"));
    floating.append(img);
    document.body.append(floating);
  }
  return floating;
}

function show(element, at) {
  const url = element.dataset.cardFace;
  if (!url) return;
  current = element;
  point = at;
  const preview = floatingPreview();
  const img = preview.firstChild;
  if (img.getAttribute("src") !== url) {
    preview.classList.add("loading");
    img.src = url;
  }
  preview.hidden = false;
  place();
}

function hide() {
  clearTimeout(timer);
  current = null;
  point = null;
  if (floating) floating.hidden = true;
}

function place() {
  if (!floating || floating.hidden || !current) return;
  if (!current.isConnected) return hide();
  const img = floating.firstChild;
  const ratio = img.naturalWidth ? img.naturalHeight / img.naturalWidth : CARD_RATIO;
  const room = { w: document.documentElement.clientWidth, h: window.innerHeight };
  const width = Math.floor(Math.min(MAX_WIDTH, (room.w - 2 * MARGIN) * 0.45, (room.h - 2 * MARGIN) / ratio));
  const height = Math.round(width * ratio);
  let left, right, middle;
  if (point) {
    left = right = point.x;
    middle = point.y;
  } else {
    const box = current.getBoundingClientRect();
    left = box.left;
    right = box.right;
    middle = box.top + box.height / 2;
  }
  // Inside a list marked data-preview-beside (the deck editor's lists) the preview never covers the list: it
  // stands over the element the attribute names (a selector: the editor's side column) when that is in
  // sight beside the list, else beside the list itself; at the row's height.
  const beside = current.closest("[data-preview-beside]");
  if (beside) {
    const box = beside.getBoundingClientRect();
    const spot = beside.dataset.previewBeside ? document.querySelector(beside.dataset.previewBeside) : null;
    const at = spot && spot.getBoundingClientRect();
    if (at && at.width && (at.left >= box.right || at.right <= box.left)) {
      left = right = at.left - GAP;
    } else {
      left = box.left;
      right = box.right;
    }
  }
  let x = right + GAP; // beside it on the right, else on the left, else as far in as the window allows
  if (x + width > room.w - MARGIN) x = left - GAP - width;
  if (x < MARGIN) x = Math.min(Math.max(MARGIN, right + GAP), room.w - MARGIN - width);
  const y = Math.min(Math.max(MARGIN, middle - height / 2), room.h - MARGIN - height);
  floating.style.width = `${width}px`;
  floating.style.height = `${height}px`;
  floating.style.left = `${Math.round(x)}px`;
  floating.style.top = `${Math.round(y)}px`;
}

function placeSoon() {
  if (!frame) {
    frame = requestAnimationFrame(() => {
      frame = 0;
      place();
    });
  }
}

const hovering = (event) => event.pointerType === "mouse" || event.pointerType === "pen";

document.addEventListener("pointerover", (event) => {
  if (!hovering(event)) return;
  const element = event.target.closest?.(SELECTOR);
  if (!element || element === current) return;
  clearTimeout(timer);
  point = { x: event.clientX, y: event.clientY };
  const showing = floating && !floating.hidden;
  timer = setTimeout(() => show(element, point), showing ? 0 : HOVER_DELAY);
});

document.addEventListener("pointermove", (event) => {
  if (!hovering(event) || !point) return;
  point = { x: event.clientX, y: event.clientY };
  if (current) placeSoon();
});

document.addEventListener("pointerout", (event) => {
  if (!hovering(event)) return;
  const element = event.target.closest?.(SELECTOR);
  if (!element || (event.relatedTarget && element.contains(event.relatedTarget))) return;
  clearTimeout(timer);
  if (current === element || !current) hide();
});

document.addEventListener("focusin", (event) => {
  const element = event.target.closest?.(SELECTOR);
  if (!element || lastPointer === "touch" || !event.target.matches(":focus-visible")) return;
  clearTimeout(timer);
  show(element, null);
});

document.addEventListener("focusout", (event) => {
  if (current && !point && !(event.relatedTarget && current.contains(event.relatedTarget))) hide();
});

document.addEventListener("keydown", (event) => {
  lastPointer = "keyboard";
  if (event.key === "Escape") hide();
});

// On a scroll the preview of the hovered element goes (the element moves away from under the pointer); the one
// of a focused element follows it. A hover still waiting to show stays: the scroll may have brought it there.
window.addEventListener(
  "scroll",
  () => {
    if (!floating || floating.hidden) return;
    if (point) hide();
    else placeSoon();
  },
  { passive: true, capture: true },
);
window.addEventListener("resize", placeSoon, { passive: true });

// -- the sheet (a tap on a touch screen) -----------------------------------------------------------------------

let sheet = null;
let returnTo = null;

function cardSheet() {
  if (sheet) return sheet;
  sheet = document.createElement("dialog");
  sheet.className = "card-sheet";
  sheet.setAttribute("aria-labelledby", "card-sheet-title");
  const body = document.createElement("div");
  body.className = "card-sheet-body";
  const close = document.createElement("button");
  close.type = "button";
  close.className = "card-sheet-close";
  close.setAttribute("aria-label", words.close);
  close.textContent = "×";
  close.addEventListener("click", () => sheet.close());
  const title = document.createElement("h2");
  title.id = "card-sheet-title";
  title.className = "card-sheet-title";
  const face = document.createElement("img");
  face.className = "card-sheet-face";
  face.decoding = "async";
  face.width = 640; // the m face's width; its height until the face has loaded: a card's proportions
  face.height = Math.round(640 * CARD_RATIO);
  const open = document.createElement("a");
  open.className = "button card-sheet-open";
  open.textContent = words.open;
  body.append(close, title, face, open);
  sheet.append(body);
  // A tap on the backdrop lands on the dialog itself (its body covers the rest of it): it closes the sheet.
  sheet.addEventListener("click", (event) => {
    if (event.target === sheet) sheet.close();
  });
  sheet.addEventListener("close", () => {
    if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    returnTo = null;
  });
  document.body.append(sheet);
  return sheet;
}

function openSheet(element, href) {
  const dialog = cardSheet();
  const name = element.dataset.cardName || element.textContent.trim();
  const [, title, face, open] = dialog.firstChild.children;
  title.textContent = name;
  face.alt = name;
  face.src = element.dataset.cardFace;
  open.hidden = !href;
  if (href) open.href = href;
  else open.removeAttribute("href");
  hide();
  returnTo = element.matches("a[href], [tabindex]") ? element : element.querySelector("a[href]");
  if (!dialog.open) dialog.showModal();
}

document.addEventListener(
  "pointerdown",
  (event) => {
    lastPointer = event.pointerType || "mouse";
  },
  { capture: true, passive: true },
);

document.addEventListener("click", (event) => {
  if (lastPointer !== "touch" || event.defaultPrevented) return;
  const element = event.target.closest?.(SELECTOR);
  if (!element || (sheet && sheet.contains(element))) return;
  const control = event.target.closest(CONTROLS) || element.closest(CONTROLS);
  if (control) return; // a button or field keeps its own action
  const link = event.target.closest("a[href]") || element.closest("a[href]") || element.querySelector("a[href]");
  event.preventDefault();
  openSheet(element, link ? link.href : "");
});
