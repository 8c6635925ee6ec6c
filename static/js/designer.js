// The live card designer (templates/printing/designer.html): every change to the form posts its values to
// the preview URL (data-preview-url) a moment after typing stops; the answer is the face as a WebP image,
// drawn by the same code as the printed sheets, or the fields' errors (JSON, in the page's language). A newer
// change cancels the request still running, so the face never steps back to older values. While a field is
// invalid the last face drawn stays and the error shows next to the field. Ctrl+S (⌘S) saves.

const root = document.getElementById("designer");
const form = document.getElementById("designer-form");
const face = document.getElementById("designer-face");
const empty = document.getElementById("designer-face-empty");
const status = document.getElementById("designer-status");
const dirty = document.getElementById("designer-dirty");
const DELAY = 250; // ms after the last keystroke

let timer = null;
let running = null; // the AbortController of the request in flight

let changed = false;

function say(key, isError) {
  status.textContent = root.dataset[key] || "";
  status.classList.toggle("error", Boolean(isError));
}

// Every field's errors show, typed into or not: they say why the face cannot be drawn (a place card needs its
// season before it has a face).
function showErrors(errors) {
  for (const list of form.querySelectorAll("[data-error-for]")) {
    const messages = errors[list.dataset.errorFor] || [];
    list.replaceChildren(...messages.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
    list.hidden = messages.length === 0;
    const box = list.closest(".designer-field");
    if (box) {
      box.classList.toggle("has-error", messages.length > 0);
      for (const input of box.querySelectorAll("input, select, textarea")) {
        if (messages.length) input.setAttribute("aria-invalid", "true");
        else input.removeAttribute("aria-invalid");
      }
    }
  }
}

// Under the face, the fields at fault as links to them: on a long form (or a phone) the errors may be far below.
function listProblems(errors) {
  const problems = document.getElementById("designer-problems");
  if (!problems) return;
  const links = [];
  for (const name of Object.keys(errors)) {
    const box = form.querySelector(`.designer-field[data-field="${CSS.escape(name)}"]`);
    const input = box && box.querySelector("input:not([type=hidden]), select, textarea");
    if (!input) continue;
    const caption = box.querySelector(":scope > label, :scope > fieldset > legend, :scope > .designer-check");
    const link = document.createElement("a");
    link.href = `#${input.id}`;
    link.textContent = (caption ? caption.textContent : name).trim().replace(/[:：]$/, "");
    link.addEventListener("click", (event) => {
      event.preventDefault();
      input.focus();
    });
    links.push(link);
  }
  problems.replaceChildren(...links.flatMap((link, i) => (i ? [document.createTextNode(" · "), link] : [link])));
  problems.hidden = links.length === 0;
}

function readAsDataURL(blob) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

async function redraw() {
  if (running) running.abort();
  const controller = new AbortController();
  running = controller;
  root.dataset.busy = "true";
  say("msgDrawing");
  try {
    const response = await fetch(root.dataset.previewUrl, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { "Accept": "image/webp, application/json" },
      signal: controller.signal,
    });
    const type = response.headers.get("Content-Type") || "";
    if (response.ok && type.startsWith("image/")) {
      const url = await readAsDataURL(await response.blob());
      if (controller.signal.aborted) return;
      face.src = url;
      face.hidden = false;
      if (empty) empty.hidden = true;
      showErrors({});
      listProblems({});
      say("msgDrawn");
    } else if (response.status === 400 && type.includes("json")) {
      const answer = await response.json();
      if (controller.signal.aborted) return;
      showErrors(answer.errors || {});
      listProblems(answer.errors || {});
      say("msgInvalid", true);
    } else {
      say("msgFailed", true);
    }
  } catch (error) {
    if (error.name !== "AbortError") say("msgFailed", true);
  } finally {
    if (running === controller) {
      running = null;
      delete root.dataset.busy;
    }
  }
}

function schedule() {
  if (!changed) {
    changed = true;
    if (dirty) dirty.hidden = false;
  }
  clearTimeout(timer);
  timer = setTimeout(redraw, DELAY);
}

if (root && form && face) {
  // A field's error list is part of its description: a screen reader reads it with the field.
  for (const list of form.querySelectorAll(".designer-field [data-error-for]")) {
    for (const input of list.closest(".designer-field").querySelectorAll("input, select, textarea")) {
      const described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      input.setAttribute("aria-describedby", [list.id, ...described].join(" "));
    }
  }
  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
  form.addEventListener("submit", () => {
    clearTimeout(timer);
    if (running) running.abort();
    changed = false; // leaving by saving: no warning
  });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  window.addEventListener("beforeunload", (event) => {
    if (changed) event.preventDefault();
  });
  // A page shown again with the errors of a save: every field's errors are on it already (server-drawn);
  // the face is drawn from the values as they stand, so it matches the form.
  if (form.querySelector(".has-error") || (root.dataset.new === "true" && form.elements.namedItem("name")?.value)) {
    schedule(); // the values shown are not saved
  }
}
