// The deck editor: a card picker on the search API, +/- and direct counts, and a live validation panel.
// Every change is one POST to the deck's entries endpoint; the answer is the whole deck, which redraws the
// sections and the validation panel. Requests run one at a time, in order. Each POST carries this visit's
// session: the server keeps the visit's changes within ten minutes as one revision (a new visit, a new one).
// Every card named carries data-card-face (its large face) for the card preview (card_preview.js).
(function () {
  "use strict";
  const root = document.getElementById("editor");
  if (!root) return;
  const d = root.dataset;
  const q = document.getElementById("picker-q");
  const sectionSelect = document.getElementById("picker-section");
  const typeSelect = document.getElementById("picker-type");
  const statsBox = document.getElementById("stats-panel");
  const results = document.getElementById("picker-results");
  const pickerError = document.getElementById("picker-error");
  const sectionsBox = document.getElementById("sections");
  const validationBox = document.getElementById("validation-panel");
  const saveState = document.getElementById("save-state");
  let revision = parseInt(d.revision, 10);
  let found = [];
  let active = -1;
  let queue = Promise.resolve();
  let session = newSession();
  // Coming back to the page from the history (the back button's cache) is a new visit too.
  window.addEventListener("pageshow", (event) => { if (event.persisted) session = newSession(); });

  function newSession() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function csrf() {
    const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = v;
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c) node.append(c);
    return node;
  }

  // The card types as the game names them in the page's language: the type menu's options.
  const typeLabels = new Map(Array.from(typeSelect.options).filter((o) => o.value).map((o) => [o.value, o.textContent]));
  function cardUrl(id) { return d.cardUrl.replace(/0\/$/, id + "/"); }
  // A search result's large face: its uploaded image, else its drawn face (the face URL answers with the
  // current drawing whatever key it is given).
  function faceUrl(card) {
    return (card.thumbnails && card.thumbnails.m) || d.faceUrl.replace("/0/", "/" + card.id + "/");
  }

  // -- drawing the deck -----------------------------------------------------------------------
  function range(s) {
    if (s.min === null && s.max === null) return "";
    if (s.min === s.max) return " (" + s.min + ")";
    return " (" + (s.min === null ? "" : s.min) + "–" + (s.max === null ? "" : s.max) + ")";
  }

  function drawSections(sections) {
    const frag = document.createDocumentFragment();
    for (const s of sections) {
      const body = el("tbody");
      for (const e of s.entries) {
        const row = el("tr", { "data-card": e.card, class: e.flagged ? "flagged" : null },
          el("td", { class: "count-cell" },
            el("button", { type: "button", class: "minus", "data-delta": "-1", "aria-label": d.msgRemove + ": " + e.name, text: "−" }),
            el("input", { type: "number", class: "count", min: "0", max: "999", value: String(e.count), "aria-label": d.msgCount + ": " + e.name }),
            el("button", { type: "button", class: "plus", "data-delta": "1", "aria-label": d.msgAdd + ": " + e.name, text: "+" })),
          el("td", {}, el("a", { href: cardUrl(e.card), "data-card-face": e.face || null, "data-card-name": e.name, text: e.name }),
            e.flagged ? el("span", { class: "flag", text: " ⚠" }) : null),
          el("td", { class: "muted", text: e.type_label || e.card_type }),
          el("td", { class: "num", text: e.cost === null ? "" : String(e.cost) }));
        body.append(row);
      }
      if (!s.entries.length) body.append(el("tr", {}, el("td", { class: "muted", text: d.msgEmpty })));
      frag.append(el("section", { class: "deck-section", "data-section": s.key },
        el("h3", {}, s.label + " ", el("span", { class: "count", text: String(s.count) }), el("small", { class: "muted", text: range(s) })),
        el("table", { class: "entries" }, body)));
    }
    sectionsBox.replaceChildren(frag);
  }

  function drawValidation(deck) {
    const list = el("ul", { class: "violations" });
    for (const v of deck.violations) list.append(el("li", { "data-code": v.code, text: v.message }));
    const verdict = deck.legal
      ? el("span", { class: "verdict ok", text: "✔ " + d.msgLegal })
      : el("span", { class: "verdict ng", text: "✘ " + d.msgIllegal });
    const box = el("section", { class: "validation " + (deck.legal ? "legal" : "illegal"), id: "validation", "aria-live": "polite", "data-legal": String(deck.legal) },
      el("h2", {}, verdict, " ", el("small", { class: "muted", text: deck.regulation.name })),
      deck.violations.length ? list : null);
    validationBox.replaceChildren(box);
  }

  function apply(deck) {
    revision = deck.revision;
    root.dataset.revision = String(revision);
    const focused = document.activeElement && document.activeElement.closest("tr[data-card]");
    const focusCard = focused && focused.dataset.card;
    const focusClass = document.activeElement && document.activeElement.className;
    drawSections(deck.sections);
    drawValidation(deck);
    if (focusCard) {  // keep the keyboard where it was
      const again = sectionsBox.querySelector('tr[data-card="' + focusCard + '"] .' + (focusClass || "count").split(" ")[0]);
      if (again) again.focus();
    }
  }

  // -- saving -----------------------------------------------------------------------------------
  function send(change) {
    queue = queue.then(async () => {
      saveState.textContent = d.msgSaving;
      const response = await fetch(d.entriesApi, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), "Accept": "application/json" },
        body: JSON.stringify(Object.assign({ revision: revision, session: session }, change)),
      });
      const body = await response.json().catch(() => ({}));
      if (response.status === 409) {
        saveState.textContent = d.msgConflict;
        await reload();
        return;
      }
      if (!response.ok) {
        saveState.textContent = d.msgError + ": " + (body.detail || response.status);
        return;
      }
      apply(body);
      saveState.textContent = d.msgSaved;
      refreshStats();
    }).catch(() => { saveState.textContent = d.msgError; });
    return queue;
  }

  let statsTimer = null;
  function refreshStats() {  // the server draws the panel; redraw it once the changes settle
    clearTimeout(statsTimer);
    statsTimer = setTimeout(async () => {
      const form = statsBox.querySelector("form.odds-form");
      const params = form ? new URLSearchParams(new FormData(form)).toString() : "";
      const response = await fetch(d.statsUrl + (params ? "?" + params : ""), { credentials: "same-origin" });
      if (!response.ok) return;
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = doc.getElementById("stats");
      if (fresh) statsBox.replaceChildren(document.adoptNode(fresh));
    }, 300);
  }

  async function reload() {
    const response = await fetch(d.api, { credentials: "same-origin", headers: { "Accept": "application/json" } });
    if (response.ok) apply(await response.json());
  }

  sectionsBox.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-delta]");
    if (!button) return;
    const row = button.closest("tr[data-card]");
    const section = button.closest("[data-section]").dataset.section;
    send({ card: parseInt(row.dataset.card, 10), section: section, delta: parseInt(button.dataset.delta, 10) });
  });

  sectionsBox.addEventListener("change", (event) => {
    const input = event.target.closest("input.count");
    if (!input) return;
    const count = parseInt(input.value, 10);
    if (!(count >= 0 && count <= 999)) return;
    const row = input.closest("tr[data-card]");
    send({ card: parseInt(row.dataset.card, 10), section: input.closest("[data-section]").dataset.section, count: count });
  });

  sectionsBox.addEventListener("keydown", (event) => {
    const input = event.target.closest("input.count");
    if (input && event.key === "Enter") { event.preventDefault(); input.dispatchEvent(new Event("change", { bubbles: true })); }
  });

  // -- the picker -------------------------------------------------------------------------------
  let timer = null;
  let searchSeq = 0;
  typeSelect.addEventListener("change", search);
  q.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(search, 180);
  });

  async function search() {
    const typed = q.value.trim();
    const seq = ++searchSeq;
    pickerError.hidden = true;
    if (!typed && !typeSelect.value) { results.replaceChildren(); found = []; return; }
    // The type filter is a clause of the same query language as the typed text.
    const text = typeSelect.value ? (typed ? "(" + typed + ") " : "") + 'type:"' + typeSelect.value + '"' : typed;
    const url = d.cardsApi + "?game=" + encodeURIComponent(d.game) + "&q=" + encodeURIComponent(text);
    const response = await fetch(url, { headers: { "Accept": "application/json" } });
    const body = await response.json().catch(() => ({}));
    if (seq !== searchSeq) return;  // a newer search is under way
    if (!response.ok) {
      pickerError.textContent = body.detail || String(response.status);
      pickerError.hidden = false;
      results.replaceChildren();
      found = [];
      return;
    }
    found = body.results || [];
    active = found.length ? 0 : -1;
    drawResults();
  }

  function drawResults() {
    const frag = document.createDocumentFragment();
    found.forEach((card, i) => {
      const item = el("li", { role: "option", id: "pick-" + card.id, "data-card": card.id, "aria-selected": String(i === active), class: i === active ? "active" : null,
        "data-card-face": faceUrl(card), "data-card-name": card.name },
        el("button", { type: "button", class: "add", tabindex: "-1", "aria-label": d.msgAdd + ": " + card.name, text: "+" }),
        " ", el("span", { class: "name", text: card.name }),
        " ", el("small", { class: "muted", text: (typeLabels.get(card.card_type) || card.card_type) + (card.cost === null || card.cost === undefined ? "" : " · " + card.cost) }));
      frag.append(item);
    });
    if (!found.length) frag.append(el("li", { class: "muted", text: d.msgNone }));
    results.replaceChildren(frag);
    q.setAttribute("aria-activedescendant", active >= 0 ? "pick-" + found[active].id : "");
  }

  function pick(card, delta) {
    const change = { card: card.id, delta: delta };
    if (sectionSelect.value) change.section = sectionSelect.value;
    return send(change);
  }

  q.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!found.length) return;
      event.preventDefault();
      active = (active + (event.key === "ArrowDown" ? 1 : -1) + found.length) % found.length;
      drawResults();
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (active >= 0 && found[active]) pick(found[active], event.shiftKey ? -1 : 1);
      else search();
    } else if (event.key === "Escape") {
      q.value = "";
      results.replaceChildren();
      found = [];
    }
  });

  results.addEventListener("click", (event) => {
    const item = event.target.closest("li[data-card]");
    if (!item) return;
    const card = found.find((c) => String(c.id) === item.dataset.card);
    if (card) pick(card, 1);
  });
})();
