// Print options: every change redraws the preview of the first sheet and updates the download links,
// without reloading the page (the same query string drives the preview, the PDF and the page). The note
// under the options counts the cards a sheet holds for the chosen size and paper as the server's layout
// does (printing/sheets.py: the numbers come from the page, in #print-geometry).
(function () {
  "use strict";
  const root = document.getElementById("print");
  const form = document.getElementById("print-form");
  const preview = document.getElementById("preview");
  const note = document.getElementById("grid-note");
  if (!root || !form) return;
  const pdf = document.getElementById("pdf-link");
  const alignment = document.getElementById("alignment-link");
  const jobForm = document.getElementById("job-form");
  const readJSON = (id) => {
    const el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  };
  const geometry = readJSON("print-geometry");
  const messages = readJSON("print-messages");
  let timer = null;

  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (m, key) => (key in values ? String(values[key]) : m));
  const number = (name, fallback) => {
    const el = form.elements.namedItem(name);
    const value = el ? parseFloat(String(el.value).replace(",", ".")) : NaN;
    return Number.isFinite(value) ? value : fallback;
  };

  // The card size chosen: a listed size, or the custom "W×H" (null when it cannot be read).
  function cardSize() {
    const chosen = form.elements.namedItem("card_size");
    const key = chosen ? chosen.value : "";
    if (key && key !== "custom" && geometry.sizes[key]) return geometry.sizes[key];
    if (key && key !== "custom") return null;
    const custom = form.elements.namedItem("custom_size");
    const text = (custom ? custom.value : "").trim().toLowerCase().replace("×", "x").replace("mm", "");
    if (geometry.sizes[text]) return geometry.sizes[text];
    const parts = text.split("x").map((p) => Number(p.trim()));
    if (parts.length !== 2 || parts.some((p) => !Number.isFinite(p) || p <= 0)) return null;
    return parts;
  }

  // The note for the options shown; false when they cannot make a sheet (the note says why).
  function updateNote() {
    if (!note || !geometry || !messages) return true;
    const size = cardSize();
    const paperEl = form.elements.namedItem("paper");
    const paper = paperEl && geometry.papers[paperEl.value] ? paperEl.value : "A4";
    const paperName = messages.papers[paper] || paper;
    if (!size) {
      note.textContent = messages.unreadable;
      return false;
    }
    const [w, h] = size;
    const [pageW, pageH] = geometry.papers[paper];
    const bleed = number("bleed", 0);
    const gutter = number("gutter", 0);
    const cellW = w + 2 * bleed;
    const cellH = h + 2 * bleed;
    const usableW = pageW - 2 * geometry.margin;
    const usableH = pageH - 2 * geometry.ruler_band;
    const cols = Math.floor((usableW + gutter + 1e-9) / (cellW + gutter));
    const rows = Math.floor((usableH + gutter + 1e-9) / (cellH + gutter));
    if (cols < 1 || rows < 1) {
      note.textContent = fill(messages.misfit, { w, h, paper: paperName });
      return false;
    }
    note.textContent = fill(messages.note, { cols, rows, count: cols * rows, paper: paperName });
    return true;
  }

  function syncJob() {  // the background job posts the same options as the form shows
    if (!jobForm) return;
    jobForm.querySelectorAll("input[type=hidden]:not([name=csrfmiddlewaretoken])").forEach((el) => el.remove());
    for (const [name, value] of new FormData(form)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      jobForm.append(input);
    }
  }
  syncJob();
  function update() {
    const query = new URLSearchParams(new FormData(form)).toString();
    if (preview) preview.src = root.dataset.preview + "?" + query;
    if (pdf) pdf.href = root.dataset.pdf + "?" + query;
    if (alignment) alignment.href = root.dataset.alignment + "?" + query;
    history.replaceState(null, "", "?" + query);
    syncJob();
  }
  // Without a preview (the page came with an error) the form is sent as it is: the server says what is wrong.
  form.addEventListener("input", updateNote);
  form.addEventListener("change", () => {
    const ok = updateNote();
    clearTimeout(timer);
    if (ok && preview) timer = setTimeout(update, 250);
  });
  form.addEventListener("submit", (event) => {
    if (!preview) return;
    event.preventDefault();
    if (updateNote()) update();
    else form.submit();
  });
})();
