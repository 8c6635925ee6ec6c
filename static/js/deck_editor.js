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
  let wasLegal = document.getElementById("deck-status").dataset.legal === "true";
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

  // The deck's cards of one section grouped by the game's card types, in the order the game declares them
  // (the type menu's order; a type it does not declare comes last), cheapest first within a type (the
  // server's order).
  const typeOrder = Array.from(typeLabels.keys());
  function groups(entries) {
    const by = new Map();
    for (const e of entries) {
      if (!by.has(e.card_type)) by.set(e.card_type, []);
      by.get(e.card_type).push(e);
    }
    const rank = (code) => { const i = typeOrder.indexOf(code); return i < 0 ? typeOrder.length : i; };
    return Array.from(by.entries()).sort((a, b) => rank(a[0]) - rank(b[0]) || String(a[0]).localeCompare(String(b[0])))
      .map(([code, list]) => ({ code: code, label: list[0].type_label || typeLabels.get(code) || code, entries: list,
        count: list.reduce((n, e) => n + e.count, 0) }));
  }

  function countControls(e) {
    return [
      el("button", { type: "button", class: "minus", "data-delta": "-1", "aria-label": d.msgRemove + ": " + e.name, text: "−" }),
      el("input", { type: "number", class: "count", min: "0", max: "999", value: String(e.count), "aria-label": d.msgCount + ": " + e.name }),
      el("button", { type: "button", class: "plus", "data-delta": "1", "aria-label": d.msgAdd + ": " + e.name, text: "+" }),
    ];
  }

  function cardLink(e, ...children) {
    return el("a", { href: cardUrl(e.card), "data-card-face": e.face || null, "data-card-name": e.name }, ...children);
  }

  function listBody(s) {
    const body = el("tbody");
    for (const g of groups(s.entries)) {
      body.append(el("tr", { class: "type-row", "data-type": g.code },
        el("th", { colspan: "3", scope: "rowgroup" }, g.label + " ", el("span", { class: "group-count", text: String(g.count) }))));
      for (const e of g.entries) {
        const link = cardLink(e);
        link.textContent = e.name;
        body.append(el("tr", { "data-card": e.card, class: e.flagged ? "flagged" : null },
          el("td", { class: "count-cell" }, ...countControls(e)),
          el("td", {}, link, e.flagged ? el("span", { class: "flag", text: " ⚠" }) : null),
          el("td", { class: "num", text: e.cost === null ? "" : String(e.cost) })));
      }
    }
    if (!s.entries.length) body.append(el("tr", {}, el("td", { class: "muted", text: d.msgEmpty })));
    return el("table", { class: "entries" }, body);
  }

  function facesBody(s) {
    const box = el("div", { class: "edit-groups" });
    for (const g of groups(s.entries)) {
      const grid = el("ul", { class: "edit-faces" });
      for (const e of g.entries) {
        const img = el("img", { src: e.face_small || e.face || null, alt: "", loading: "lazy", decoding: "async", width: "240", height: "336" });
        grid.append(el("li", { class: "edit-tile" + (e.flagged ? " flagged" : ""), "data-card": e.card },
          cardLink(e, el("span", { class: "face-frame" }, img),
            el("span", { class: "face-name" }, e.flagged ? el("span", { class: "flag", text: "⚠ " }) : null, e.name)),
          el("span", { class: "count-cell" }, ...countControls(e))));
      }
      box.append(el("div", { class: "edit-group", "data-type": g.code },
        el("h4", { class: "face-group" }, g.label + " ", el("span", { class: "group-count", text: String(g.count) })), grid));
    }
    if (!s.entries.length) box.append(el("p", { class: "muted", text: d.msgEmpty }));
    return box;
  }

  let lastSections = null;
  function drawSections(sections) {
    lastSections = sections;
    const frag = document.createDocumentFragment();
    const faces = sectionsBox.dataset.view === "faces";
    for (const s of sections) {
      frag.append(el("section", { class: "deck-section", "data-section": s.key },
        el("h3", {}, s.label + " ", el("span", { class: "count", text: String(s.count) }), el("small", { class: "muted", text: range(s) })),
        faces ? facesBody(s) : listBody(s)));
    }
    sectionsBox.replaceChildren(frag);
  }

  // -- faces or a list: one tap away, remembered on this device ---------------------------------
  const viewButtons = Array.from(document.querySelectorAll(".view-switch button[data-view]"));
  function setView(view, redraw) {
    sectionsBox.dataset.view = view;
    for (const b of viewButtons) b.setAttribute("aria-pressed", String(b.dataset.view === view));
    try { localStorage.setItem("deck-editor-view", view); } catch (e) { /* private mode: not remembered */ }
    if (redraw && lastSections) drawSections(lastSections);
  }
  for (const b of viewButtons) b.addEventListener("click", () => setView(b.dataset.view, true));

  // -- the status bar: the deck's count, its legality and the last change, always in sight -------
  const statusTotal = document.getElementById("status-total");
  const statusVerdict = document.getElementById("status-verdict");
  const statusBar = document.getElementById("deck-status");
  const lastChange = document.getElementById("last-change");
  // On a desktop the bar sticks under the site's header (whose height depends on the window's width).
  const siteHeader = document.querySelector(".site-header");
  function placeStatus() {
    const sticky = siteHeader && getComputedStyle(siteHeader).position === "sticky";
    statusBar.style.top = sticky ? siteHeader.offsetHeight + 6 + "px" : "";
  }
  placeStatus();
  window.addEventListener("resize", placeStatus, { passive: true });
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  }
  function drawStatus(deck) {
    const total = deck.sections.reduce((n, s) => n + s.count, 0);
    statusTotal.textContent = fill(d.msgTotal, { count: total });
    statusVerdict.textContent = deck.legal ? "✔ " + d.msgLegal : "✘ " + d.msgIllegal;
    statusBar.dataset.legal = String(deck.legal);
  }
  function describeChange(change, deck) {
    let entry = null;
    for (const s of deck.sections) for (const e of s.entries) if (e.card === change.card && (!change.section || s.key === change.section)) entry = entry || e;
    const count = entry ? entry.count : 0;
    const name = entry ? entry.name : (change.name || "");
    const template = change.delta > 0 ? d.msgAdded : change.delta < 0 ? d.msgRemoved : d.msgSet;
    lastChange.textContent = fill(template, { name: name, count: count });
    const mark = sectionsBox.querySelector('[data-card="' + change.card + '"]');
    if (mark) { mark.classList.add("just-changed"); setTimeout(() => mark.classList.remove("just-changed"), 1500); }
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
    const focused = document.activeElement && document.activeElement.closest("#sections [data-card]");
    const focusCard = focused && focused.dataset.card;
    const focusClass = document.activeElement && document.activeElement.className;
    drawSections(deck.sections);
    drawValidation(deck);
    drawStatus(deck);
    // What the reader noticed in an imported list is about that list: once the deck becomes legal it is old news.
    if (deck.legal && !wasLegal) for (const note of document.querySelectorAll(".messages li.deck-reading")) note.remove();
    wasLegal = deck.legal;
    if (focusCard) {  // keep the keyboard where it was
      const again = sectionsBox.querySelector('[data-card="' + focusCard + '"] .' + (focusClass || "count").split(" ")[0]);
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
        body: JSON.stringify(Object.assign({ revision: revision, session: session }, change, { name: undefined })),
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
      describeChange(change, body);
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
    const row = button.closest("[data-card]");
    const section = button.closest("[data-section]").dataset.section;
    const named = row.querySelector("[data-card-name]");
    send({ card: parseInt(row.dataset.card, 10), section: section, delta: parseInt(button.dataset.delta, 10), name: named && named.dataset.cardName });
  });

  sectionsBox.addEventListener("change", (event) => {
    const input = event.target.closest("input.count");
    if (!input) return;
    const count = parseInt(input.value, 10);
    if (!(count >= 0 && count <= 999)) return;
    const row = input.closest("[data-card]");
    const named = row.querySelector("[data-card-name]");
    send({ card: parseInt(row.dataset.card, 10), section: input.closest("[data-section]").dataset.section, count: count, name: named && named.dataset.cardName });
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
    const change = { card: card.id, delta: delta, name: card.name };
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

  // The page comes with the deck as a list (without the script); draw it in the view chosen last time.
  let savedView = "faces";
  try { savedView = localStorage.getItem("deck-editor-view") || "faces"; } catch (e) { /* not remembered */ }
  setView(savedView === "list" ? "list" : "faces", false);
  reload();
})();
