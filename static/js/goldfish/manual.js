// The manual tools, always there beside the rules: a card's menu (its rule actions first, then move, flip,
// tap, counters), a pile's menu (draw, mill, shuffle, reveal, search), the Tools panel (life, draw, mill,
// shuffle, reveal the top N, search, token, die roll, declare a winner), the cards a reveal or search
// showed, and dragging a card onto a zone.

import { S, view, live } from "./state.js";
import { el, fill, number } from "./dom.js";
import { ui, actionLabel, describe, describeNodes, cardName, cardFace, playerName, zoneKind, zoneOwner, zoneLabel } from "./words.js";
import { act } from "./net.js";
import { closeMenu, menuButton, showMenu, zoom } from "./menu.js";
import { cardActions } from "./decisions.js";

// A place cards can be dragged onto: `onDrop(iid, card, event)` for a card the view shows (the board decides
// whether the drop is the rules' move, a manual one with Shift held, or refused).
export function dropTarget(node, onDrop) {
  node.addEventListener("dragover", (event) => {
    // only a drop the rules list (or a manual one, Shift held) is offered: any other springs back
    if (!(node.classList.contains("drop-ok") || event.shiftKey)) return;
    event.preventDefault();
    node.classList.add("drop");
  });
  node.addEventListener("dragleave", () => node.classList.remove("drop"));
  node.addEventListener("drop", (event) => {
    event.preventDefault();
    event.stopPropagation();
    node.classList.remove("drop");
    const iid = event.dataTransfer.getData("text/plain");
    const card = iid ? view().cards[iid] : null;
    if (card) onDrop(iid, card, event);
  });
}

export function zoneSelect(selected, filter) {
  const select = el("select", { "aria-label": ui("zone") });
  for (const zone of Object.keys(view().zones)) {
    if (filter && !filter(zone)) continue;
    select.append(el("option", { value: zone, selected: zone === selected, text: zoneLabel(zone, true) }));
  }
  return select;
}

export function openCardMenu(iid, node) {
  const card = view().cards[iid];
  const items = [el("p", { class: "gf-menu-title", text: cardName(iid) })];
  const face = cardFace(iid);
  if (face) {  // the card large (on a touch screen the menu is what a tap opens: the preview is here)
    items.push(menuButton(ui("zoom"), () => { closeMenu(); zoom(face, cardName(iid)); }, { class: "gf-zoom-item", "data-manual": "zoom" }));
  }
  for (const action of cardActions(iid)) {
    items.push(menuButton("", () => act(action), {
      class: "rule", "data-action-type": action.type, "data-target": action.target || action.onto || "",
      "data-pos": Array.isArray(action.pos) ? action.pos.join(",") : null,
      "data-option": action.option === undefined ? null : String(action.option),
      "data-effect": action.effect === undefined ? null : String(action.effect),
      "aria-label": describe(action, true),
    }));
    items[items.length - 1].replaceChildren(...describeNodes(action, true));
  }
  items.push(el("p", { class: "gf-menu-title muted", text: ui("manual") }));
  const to = zoneSelect(card ? card.zone : "p0.hand", (z) => !card || z !== card.zone);
  const where = el("select", { "aria-label": ui("move_to") },
    el("option", { value: "top", text: ui("top") }), el("option", { value: "bottom", text: ui("bottom") }));
  items.push(el("div", { class: "gf-menu-row" }, to, where,
    menuButton(ui("move_to"), () => act(Object.assign({ type: "manual.move", card: iid, to: to.value }, where.value === "bottom" ? { index: 0 } : {})), { "data-manual": "move" })));
  items.push(el("div", { class: "gf-menu-row" },
    menuButton(ui("flip"), () => act({ type: "manual.flip", card: iid }), { "data-manual": "flip" }),
    menuButton(ui("tap"), () => act({ type: "manual.tap", card: iid }), { "data-manual": "tap" })));
  const counterName = el("input", { type: "text", value: Object.keys((card && card.counters) || {})[0] || ui("counter"), maxlength: "30", "aria-label": ui("counter_name"), class: "gf-text-in" });
  items.push(el("div", { class: "gf-menu-row" }, el("span", { text: ui("counter") }), counterName,
    menuButton("−", () => act({ type: "manual.counter", card: iid, name: counterName.value || ui("counter"), delta: -1 }), { "data-manual": "counter-", "aria-label": ui("counter") + " −1" }),
    menuButton("+", () => act({ type: "manual.counter", card: iid, name: counterName.value || ui("counter"), delta: 1 }), { "data-manual": "counter+", "aria-label": ui("counter") + " +1" })));
  items.push(menuButton(ui("close"), closeMenu, { class: "gf-menu-close" }));
  showMenu(items, node);
}

// A pile as a sheet: the cards of it the viewer sees (looking is never an action), then its manual tools.
export function openPileMenu(zone, node, seen) {
  const count = (view().zones[zone] || []).length;
  const owner = zoneOwner(zone);
  const player = owner === null ? 0 : owner;
  const n = number(3, 1, 100, ui("n"));
  const items = [el("p", { class: "gf-menu-title", text: zoneLabel(zone, true) + " · " + count + " " + ui("cards") })];
  if (seen) items.push(seen);
  else if (count) items.push(el("p", { class: "muted gf-sheet-note", text: ui("pile_hidden") }));
  if (!live()) {
    items.push(menuButton(ui("close"), closeMenu, { class: "gf-menu-close" }));
    showMenu(items, node);
    return;
  }
  items.push(el("p", { class: "gf-menu-title muted", text: ui("manual") }));
  if (zoneKind(zone) === "deck") {
    items.push(menuButton(ui("draw") + " 1", () => act({ type: "manual.draw", player: player, n: 1 }), { "data-manual": "draw" }));
    items.push(menuButton(ui("mill") + " 1", () => act({ type: "manual.mill", player: player, n: 1 }), { "data-manual": "mill" }));
  }
  items.push(menuButton(ui("shuffle"), () => act({ type: "manual.shuffle", zone: zone }), { "data-manual": "shuffle" }));
  items.push(el("div", { class: "gf-menu-row" }, n, menuButton(ui("reveal"), () => act({ type: "manual.reveal", zone: zone, n: +n.value }), { "data-manual": "reveal" })));
  items.push(menuButton(ui("search"), () => act({ type: "manual.search", zone: zone }), { "data-manual": "search" }));
  items.push(menuButton(ui("close"), closeMenu, { class: "gf-menu-close" }));
  showMenu(items, node);
}

// -- the cards a reveal or search showed ----------------------------------------------------------------
function isHiddenOrIn(iid, zone) {
  // a shown card stays listed while it is still in the zone it was shown in (hidden there, or visible)
  const ids = view().zones[zone] || [];
  if (ids.includes(iid)) return true;
  const card = view().cards[iid];
  return !card && ids.includes(null);
}

export function pruneShown() {
  if (S.shown) S.shown.ids = S.shown.ids.filter((iid) => isHiddenOrIn(iid, S.shown.zone));
}

export function drawShown() {
  const box = document.getElementById("gf-shown");
  const shown = S.shown;
  if (!shown || !shown.ids.length) { box.hidden = true; fill(box); return; }
  box.hidden = false;
  const list = el("ul", { class: "gf-shown-list" });
  for (const iid of shown.ids) {
    const item = el("li", { "data-iid": iid }, el("span", { class: "gf-shown-name", text: cardName(iid) }));
    if (live()) {
      const to = zoneSelect("p0.hand");
      item.append(" ", to, el("button", { type: "button", class: "gf-mini", text: ui("move_to"),
        onclick: () => act({ type: "manual.move", card: iid, to: to.value, face_up: zoneKind(to.value) !== "deck" ? undefined : false }) }));
    }
    list.append(item);
  }
  const close = el("button", { type: "button", class: "gf-mini", text: ui("close"), onclick: () => { S.shown = null; drawShown(); } });
  fill(box, el("h2", { text: ui("shown") + ": " + zoneLabel(shown.zone, true) }), list,
    live() && shown.kind === "search" ? el("button", { type: "button", class: "gf-mini", text: ui("shuffle"), onclick: () => act({ type: "manual.shuffle", zone: shown.zone }) }) : null,
    close);
}

// -- the Tools panel ----------------------------------------------------------------------------------
export function drawTools() {
  const details = document.getElementById("gf-tools");
  const body = document.getElementById("gf-tools-body");
  if (!live()) { details.hidden = true; fill(body); return; }
  details.hidden = false;
  const v = view();
  const rows = [];
  const players = () => {
    const s = el("select", { "aria-label": ui("player") });
    v.players.forEach((p, i) => s.append(el("option", { value: String(i), text: playerName(i) })));
    return s;
  };
  const decks = (z) => zoneKind(z) === "deck";
  // life
  { const who = players(); const n = number(-1, -999, 999, ui("life"));
    rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("life") }), who, n,
      el("button", { type: "button", class: "gf-mini", text: ui("apply"), onclick: () => act({ type: "manual.life", player: +who.value, delta: +n.value }) }))); }
  for (const [kind, label] of [["draw", ui("draw")], ["mill", ui("mill")]]) {
    const who = players(); const n = number(1, 1, 100, ui("n"));
    rows.push(el("div", { class: "gf-tool" }, el("span", { text: label }), who, n,
      el("button", { type: "button", class: "gf-mini", "data-tool": kind, text: ui("apply"), onclick: () => act({ type: "manual." + kind, player: +who.value, n: +n.value }) })));
  }
  { const z = zoneSelect("p0.deck", decks);
    rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("shuffle") }), z,
      el("button", { type: "button", class: "gf-mini", "data-tool": "shuffle", text: ui("apply"), onclick: () => act({ type: "manual.shuffle", zone: z.value }) }))); }
  { const z = zoneSelect("p0.deck", decks); const n = number(3, 1, 100, ui("n"));
    rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("reveal") }), z, n,
      el("button", { type: "button", class: "gf-mini", "data-tool": "reveal", text: ui("apply"), onclick: () => act({ type: "manual.reveal", zone: z.value, n: +n.value }) }))); }
  { const z = zoneSelect("p0.deck", decks);
    rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("search") }), z,
      el("button", { type: "button", class: "gf-mini", "data-tool": "search", text: ui("apply"), onclick: () => act({ type: "manual.search", zone: z.value }) }))); }
  { const name = el("input", { type: "text", value: actionLabel("manual.token"), maxlength: "60", "aria-label": ui("token_name"), class: "gf-text-in" });
    const z = zoneSelect("p0.field");
    rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("token") }), name, z,
      el("button", { type: "button", class: "gf-mini", "data-tool": "token", text: ui("apply"),
        onclick: () => act({ type: "manual.token", player: zoneOwner(z.value) === null ? 0 : zoneOwner(z.value), to: z.value, name: name.value || actionLabel("manual.token") }) }))); }
  { const sides = number(6, 2, 1000, ui("sides"));
    rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("roll") }), sides,
      el("button", { type: "button", class: "gf-mini", "data-tool": "roll", text: "🎲", onclick: () => act({ type: "manual.roll", sides: +sides.value }) }))); }
  if (!v.result) {
    const who = players();
    rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("win") }), who,
      el("button", { type: "button", class: "gf-mini", "data-tool": "win", text: ui("apply"), onclick: () => act({ type: "manual.win", player: +who.value }) })));
  }
  const rolled = (S.data.events || []).find((e) => e.type === "roll");
  if (rolled) rows.unshift(el("p", { class: "gf-rolled", text: "🎲 " + ui("rolled") + ": " + rolled.value + " / " + rolled.sides }));
  fill(body, ...rows);
  if (rolled) details.open = true;
}
