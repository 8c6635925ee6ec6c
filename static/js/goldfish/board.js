// Drawing the game: each player's zones (the goldfish at the top, yours below with the hand at the bottom;
// cards that sit on another stacked on their host), the game's own layout (original's grid of squares,
// vision's weather area), the facts (turn, phase, priority, the stack), the result, the log and the card
// inspector. Every word comes from words.js (the game's declared vocabulary).

import { S, view, live, layout, defOf } from "./state.js";
import { el, fill } from "./dom.js";
import {
  ui, actionLabel, typeLabel, fieldLabel, playerName, zoneKind, zoneOwner, zoneLabel, hiddenFromOpponent, cardName,
  rowLabel, squareLabel, describeNodes, turnText, clockText, phaseLabel, reasonLabel, cardFace, cardLabel, effectName,
} from "./words.js";
import { act } from "./net.js";
import { cardActions, choosable, chosen, toggle, drawPending } from "./decisions.js";
import { dropTarget, openCardMenu, openPileMenu } from "./manual.js";
import { menuOpen, zoom, showMenu, menuButton, closeMenu } from "./menu.js";
import { say } from "./net.js";

const PILES = new Set(["deck", "soul", "discard", "exile", "skill", "weather"]);
const LONG_PRESS = 450;  // ms a finger rests on a card to open its menu (even while cards are being chosen)
const coarse = () => window.matchMedia && window.matchMedia("(pointer: coarse)").matches;

// -- cards --------------------------------------------------------------------------------------------------
// A card's figures that matter in play (the engine's where they differ from the printed ones), as short marks.
function cardStats(iid) {
  const def = defOf(iid) || {};
  const card = view().cards[iid] || {};
  const fields = def.fields || {};
  const stats = [];
  const now = card.stats || {};  // the engine's figures where they differ from the printed ones (auras, …)
  const listed = new Set(["cost"]);
  const mod = (key) => (card.counters && card.counters[key]) || 0;  // "until end of turn" changes
  const stat = (key, mark) => {
    listed.add(key);
    if (key in now) { stats.push(mark + now[key]); return; }
    if (fields[key] === undefined || fields[key] === null || fields[key] === "") return;
    const value = typeof fields[key] === "number" ? fields[key] + mod(key) : fields[key];
    stats.push(mark + value);
  };
  stat("power", "⚔");
  stat("attack", "⚔");
  stat("defence", "防");
  stat("hp", "♥");
  stat("speed", "»");
  stat("distance", "");
  stat("move_cost", "↕");
  stat("required_nodes", "◇");
  if (Array.isArray(fields.season) && fields.season.length) stats.push(fields.season.join(""));
  if (Array.isArray(fields.attributes) && fields.attributes.length) stats.push(fields.attributes.join(""));
  for (const [key, value] of Object.entries(now)) if (!listed.has(key)) stats.push(fieldLabel(key) + " " + value);
  return stats;
}

function costNode(iid) {
  const def = defOf(iid) || {};
  const now = (view().cards[iid] || {}).stats || {};
  const cost = "cost" in now ? now.cost : def.cost;
  if (cost === null || cost === undefined) return null;
  return el("span", { class: "gf-cost" + ("cost" in now ? " changed" : ""), "data-printed": "cost" in now ? String(def.cost) : null, text: String(cost) });
}

function cardText(iid, mini) {
  const def = defOf(iid);
  const card = view().cards[iid] || {};
  if (!def) return el("span", { class: "gf-back-label", text: ui("hidden") });
  const stats = cardStats(iid);
  if (S.faces && def.face && !mini) {  // the face, with the cost and the figures drawn large over it
    return el("span", { class: "gf-tile" },
      el("img", { src: def.face, alt: "", loading: "lazy", class: "gf-face", draggable: "false" }),
      costNode(iid),
      el("span", { class: "gf-name", text: def.name }),
      stats.length ? el("span", { class: "gf-stats", text: stats.join(" ") }) : null,
      card.token ? el("span", { class: "gf-token", text: actionLabel("manual.token") }) : null);
  }
  return el("span", { class: "gf-text" },
    el("span", { class: "gf-top" }, costNode(iid), el("span", { class: "gf-name", text: def.name })),
    mini ? null : el("span", { class: "gf-type", text: typeLabel(def.card_type) }),
    mini || !stats.length ? null : el("span", { class: "gf-stats", text: stats.join(" ") }),
    card.token ? el("span", { class: "gf-token", text: actionLabel("manual.token") }) : null);
}

function upsideDown(zone) {
  if ((layout().upside_down || []).includes(zone)) return true;  // the rules' layout (kannagi's 魂: 表逆向き)
  const place = placeOf(zone);
  return Boolean(place && place.upside_down);
}

function cardNode(iid, options) {
  const opts = options || {};
  if (iid === null) return el("span", { class: "gf-card back", "aria-label": ui("hidden") });
  const card = view().cards[iid] || {};
  const actions = live() ? cardActions(iid) : [];
  const selectable = choosable(iid);
  const classes = ["gf-card"];
  const def = defOf(iid);
  if (S.faces && def && def.face && !opts.mini) classes.push("faced");
  if (card.tapped) classes.push("tapped");
  if (upsideDown(card.zone)) classes.push("upside-down");
  if (!card.face_up && !opts.mini && !/\.hand$/.test(card.zone || "")) classes.push("face-down");
  if (actions.length) classes.push("has-actions");
  if (selectable) classes.push("selectable");
  if (selectable && chosen(iid)) classes.push("selected");
  if (opts.mini) classes.push("mini");
  if (card.owner !== undefined && card.owner !== 0) classes.push("theirs");
  const counters = Object.entries(card.counters || {}).map(([name, value]) => el("span", { class: "gf-counter", title: name, text: name + " " + value }));
  const face = cardFace(iid);
  const node = el("button", {
    type: "button", class: classes.join(" "), "data-iid": iid, "data-def": card.def,
    "data-card-face": face, "data-card-name": face ? cardName(iid) : null,  // the preview on hover (card_preview.js)
    "aria-pressed": selectable ? String(chosen(iid)) : null,
    title: face ? null : cardName(iid) + (card.tapped ? " · " + ui("tapped") : "") + (!card.face_up ? " · " + ui("face_down") : ""),
    draggable: live() && !coarse() ? "true" : null,  // (on a touch screen a finger resting on a card shows it large)
  }, cardText(iid, opts.mini), counters.length ? el("span", { class: "gf-counters" }, ...counters) : null,
  // the accessible name is what the card shows (its name and figures) plus its state, never a label that hides them
  card.tapped || !card.face_up || actions.length
    ? el("span", { class: "visually-hidden", text: (card.tapped ? " · " + ui("tapped") : "") + (!card.face_up ? " · " + ui("face_down") : "") + (actions.length ? " · " + ui("has_actions") : "") })
    : null);
  let pressed = false;  // a long press showed the card large: the click that ends it does nothing more
  let clicks = 0;  // clicks on this very node (a double click is two on the same card, never on a redrawn one)
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    clicks += 1;
    if (pressed) { pressed = false; return; }
    clickCard(iid, node, false);
  });
  node.addEventListener("dblclick", (event) => {  // the card's main action: the first the rules list for it
    event.stopPropagation();
    event.preventDefault();
    if (!live() || choosable(iid) || coarse() || clicks < 2) return;
    const main = cardActions(iid)[0];
    if (main) act(main);
  });
  // the menu, even while cards are being chosen for a decision: right-click
  node.addEventListener("contextmenu", (event) => {
    if (!live() || coarse()) { if (coarse()) event.preventDefault(); return; }
    event.preventDefault();
    event.stopPropagation();
    if (!(menuOpen() && node.dataset.menu === "open")) clickCard(iid, node, true);
  });
  // a long press on a touch screen: the card large
  let timer = 0;
  let start = null;
  const cancel = () => { clearTimeout(timer); timer = 0; };
  node.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    pressed = false;  // (a long press that ended without a click leaves nothing to swallow)
    start = { x: event.clientX, y: event.clientY };
    cancel();
    timer = setTimeout(() => {
      timer = 0;
      pressed = true;
      const url = cardFace(iid);
      if (url) zoom(url, cardName(iid));
      else if (live()) clickCard(iid, node, true);
    }, LONG_PRESS);
  });
  node.addEventListener("pointermove", (event) => {
    if (timer && start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10) cancel();  // a scroll
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) node.addEventListener(type, cancel);
  node.addEventListener("dragstart", (event) => {
    event.dataTransfer.setData("text/plain", iid);
    event.dataTransfer.effectAllowed = "move";
    S.dragging = iid;
    markDropTargets(iid);
  });
  node.addEventListener("dragend", () => { S.dragging = null; markDropTargets(null); });
  return node;
}

function clickCard(iid, node, menuOnly) {
  const card = view().cards[iid];
  inspect(iid);
  if (!menuOnly && card && choosable(iid)) {
    toggle(iid);
    drawBoard();
    drawPending();
    return;
  }
  if (!live()) {  // watching: the card large
    const url = cardFace(iid);
    if (url) zoom(url, cardName(iid));
    return;
  }
  document.querySelectorAll('#gf-board [data-menu="open"]').forEach((n) => n.removeAttribute("data-menu"));
  node.dataset.menu = "open";
  openCardMenu(iid, node);
}

// -- dragging a card from the hand: the rules' listed move for that card and target --------------------------
function table() { return S.data.table || { places: {}, counters: [], drops: {} }; }
function placeOf(zone) { return (table().places || {})[zoneKind(zone)] || null; }

// The rule action a drop of `iid` on `zone` (or on a square `pos` of the grid) makes, or null.
export function dropAction(iid, zone, pos) {
  if (!live()) return null;
  const drops = table().drops || {};
  const owner = zoneOwner(zone);
  if (owner !== null && owner !== 0) return null;
  const actions = cardActions(iid).filter((a) => a.target === undefined && a.onto === undefined);
  if (pos) return actions.find((a) => samePos(a.pos, pos)) || null;
  return actions.find((a) => drops[a.type] === zoneKind(zone) && !Array.isArray(a.pos)) || null;
}

// Why a card cannot be dropped there, in the player's words.
function whyNot(iid) {
  const can = [...new Set(cardActions(iid).map((a) => actionLabel(a.type)))];
  const name = "《" + cardName(iid) + "》";
  return can.length
    ? ui("drop_refused").replace("%(card)s", name) + " " + ui("drop_can").replace("%(actions)s", can.join("・"))
    : ui("drop_nothing").replace("%(card)s", name);
}

function markDropTargets(iid) {
  document.querySelectorAll("#gf-board .drop-ok").forEach((n) => n.classList.remove("drop-ok"));
  if (!iid) return;
  document.querySelectorAll("#gf-board [data-zone]").forEach((n) => { if (dropAction(iid, n.dataset.zone)) n.classList.add("drop-ok"); });
  const grid = layout().grid;
  if (grid) {
    document.querySelectorAll("#gf-board .gf-square[data-pos]").forEach((n) => {
      const pos = n.dataset.pos.split(",").map(Number);
      if (dropAction(iid, grid.zone, pos)) n.classList.add("drop-ok");
    });
  }
}

function springBack(iid) {
  const node = document.querySelector(`#gf-board [data-iid="${iid}"]`);
  say(whyNot(iid), true);
  if (node) {
    node.classList.remove("spring");
    void node.offsetWidth;  // restart the animation
    node.classList.add("spring");
  }
}

// A drop on a zone or square: the rule action if the rules list one; with Shift held, a manual move; else the
// card springs back with the reason and nothing is sent.
function dropped(iid, card, event, zone, pos) {
  const rule = dropAction(iid, zone, pos);
  if (rule) { act(rule); return; }
  if (event && event.shiftKey) {
    if (pos) { if (!(card.zone === zone && samePos(card.pos, pos))) act({ type: "manual.move", card: iid, to: zone, pos: pos }); }
    else if (card.zone !== zone) act({ type: "manual.move", card: iid, to: zone });
    return;
  }
  if (card.zone === zone && !pos) return;  // put back where it was
  springBack(iid);
}

// -- zones ----------------------------------------------------------------------------------------------------
// How a zone is drawn: its declared place (rules/games/table.py), except that a pile the open decision chooses
// from is laid out as a row (its candidates must be in reach).
function areaOf(zone) {
  const place = placeOf(zone) || { area: "row", show: "faces" };
  if (place.area === "pile" && S.selection && S.selection.zones.includes(zone)) return { area: "row", show: "faces" };
  return place;
}

// A counted pile: its name and count; a tap opens it as a sheet (the cards the viewer sees, the pile's tools).
// Looking is never an action: the sheet lists what the view already shows.
function pileNode(zone) {
  const ids = view().zones[zone] || [];
  const box = el("section", { class: "gf-zone pile" + (ids.length ? "" : " empty"), "data-zone": zone, "aria-label": zoneLabel(zone, true),
    "data-hidden": hiddenFromOpponent(zone) ? "opponent" : null });
  const button = el("button", { type: "button", class: "gf-chip", "data-pile": zone, "aria-haspopup": "dialog",
    "aria-label": zoneLabel(zone, true) + " " + ids.length + ui("cards") },
  el("span", { class: "gf-chip-back", "aria-hidden": "true" }),
  el("h3", {}, zoneLabel(zone, false) + " ", el("span", { class: "gf-count", text: String(ids.length) })));
  button.addEventListener("click", (event) => { event.stopPropagation(); openPile(zone, button); });
  box.append(button);
  if (live()) dropTarget(box, (iid, card, ev) => dropped(iid, card, ev, zone));
  return box;
}

function openPile(zone, anchor) {
  const ids = (view().zones[zone] || []).filter((i) => i !== null);
  const seen = el("div", { class: "gf-sheet-cards" }, ...ids.slice().reverse().map((iid) => cardNode(iid)));
  openPileMenu(zone, anchor, ids.length ? seen : null);
}

// A zone's cards with the ones sitting on another card (kannagi: a place on its season, apparitions on a
// place) stacked on their host, offset so that each stays visible.
function stackedCards(zone) {
  const ids = view().zones[zone] || [];
  const present = new Set(ids.filter((i) => i !== null));
  const riders = {};
  const tops = [];
  for (const iid of ids) {
    const card = iid === null ? null : view().cards[iid];
    if (card && card.on && present.has(card.on) && card.on !== iid) (riders[card.on] = riders[card.on] || []).push(iid);
    else tops.push(iid);
  }
  for (const list of Object.values(riders)) list.sort((a, b) => ((view().cards[a].order || 0) - (view().cards[b].order || 0)));
  const seen = new Set();
  function stack(iid) {
    const node = cardNode(iid);
    if (iid === null || seen.has(iid) || !riders[iid]) return node;
    seen.add(iid);
    return el("div", { class: "gf-stack" }, node, ...riders[iid].map((r) => el("div", { class: "gf-rider" }, stack(r))));
  }
  return tops.map(stack);
}

function zoneNode(zone, kindClass) {
  const ids = view().zones[zone] || [];
  const hidden = ids.filter((i) => i === null).length;
  const box = el("section", { class: "gf-zone " + kindClass + (ids.length ? "" : " empty"), "data-zone": zone, "aria-label": zoneLabel(zone, true),
    "data-hidden": hiddenFromOpponent(zone) ? "opponent" : null },
  el("h3", {}, zoneLabel(zone, false) + " ", el("span", { class: "gf-count", text: String(ids.length) })));
  const cards = el("div", { class: "gf-cards" });
  if (hidden && hidden === ids.length) {
    cards.append(el("span", { class: "gf-card back", "aria-label": ui("hidden") }, el("span", { class: "gf-pile-count", text: String(hidden) })));
  } else {
    cards.append(...stackedCards(zone));
    if (!ids.length) cards.append(el("span", { class: "gf-empty", text: ui("empty") }));
  }
  box.append(cards);
  if (live()) dropTarget(box, (iid, card, ev) => dropped(iid, card, ev, zone));
  return box;
}

// -- the game's layout: a grid of squares (original), a weather area (vision) ------------------------------
function laidOut() {  // zones the layout draws itself (not again as rows)
  const out = new Set();
  const grid = layout().grid;
  if (grid) { out.add(grid.zone); Object.values(grid.strips || {}).forEach((z) => out.add(z)); }
  if (layout().weather) out.add(layout().weather.zone);
  return out;
}
function samePos(a, b) { return Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1]; }

// A square large, in a sheet: its cards as faces (a tap on the small grid zooms it).
function zoomSquare(pos, ids, anchor) {
  const items = [el("p", { class: "gf-menu-title", text: squareLabel(pos) })];
  items.push(el("div", { class: "gf-sheet-cards large" }, ...ids.map((iid) => cardNode(iid))));
  items.push(menuButton(ui("close"), closeMenu, { class: "gf-menu-close" }));
  showMenu(items, anchor);
}

function gridNode(grid) {
  const v = view();
  const byPos = {};
  const loose = [];
  for (const iid of v.zones[grid.zone] || []) {
    const card = iid === null ? null : v.cards[iid];
    if (card && Array.isArray(card.pos)) (byPos[card.pos[0] + "," + card.pos[1]] = byPos[card.pos[0] + "," + card.pos[1]] || []).push(iid);
    else loose.push(iid);
  }
  const box = el("section", { class: "gf-grid", "data-zone": grid.zone, "aria-label": zoneLabel(grid.zone, false) });
  box.style.setProperty("--cols", String(grid.cols));  // (CSSOM: the page's CSP allows no style attribute)
  for (let r = grid.rows - 1; r >= 0; r--) {  // the opponent's side on top, yours at the bottom
    box.append(el("div", { class: "gf-row-label", text: rowLabel(r) }));
    const strip = (grid.strips || {})[String(r)];
    if (strip) {
      const node = zoneNode(strip, "row");
      node.classList.add("gf-strip");
      box.append(node);
      continue;
    }
    for (let c = 0; c < grid.cols; c++) {
      const pos = [r, c];
      const ids = byPos[r + "," + c] || [];
      const square = el("div", { class: "gf-square" + (ids.length ? "" : " empty"), "data-pos": r + "," + c, role: "group", "aria-label": squareLabel(pos) },
        ...ids.map((iid) => cardNode(iid)));
      if (ids.length) {
        square.addEventListener("click", (event) => { if (event.target === square) zoomSquare(pos, ids, square); });
      }
      if (live()) dropTarget(square, (iid, card, ev) => dropped(iid, card, ev, grid.zone, pos));
      box.append(square);
    }
  }
  if (loose.length) {  // cards put on the board without a square (a manual move): listed under it
    box.append(el("div", { class: "gf-row-label", text: ui("unplaced") }), el("div", { class: "gf-strip gf-loose" }, ...loose.map((iid) => cardNode(iid))));
  }
  return el("div", { class: "gf-grid-frame" }, box);
}

function weatherNode(w) {
  const v = view();
  const ids = (v.zones[w.zone] || []).filter((i) => i !== null);
  const left = typeof w.turns_left === "number" ? ui("weather_left").replace("%(n)s", String(w.turns_left)) : "";
  const box = el("details", { class: "gf-weather", "data-zone": w.zone },
    el("summary", {}, el("span", { class: "gf-weather-title", text: zoneLabel(w.zone, false) }), " ",
      ...ids.map((iid) => el("b", { class: "gf-weather-name", text: "《" + cardName(iid) + "》 " })),
      el("span", { class: "gf-weather-left", "data-turns-left": String(w.turns_left), "data-changes-after": String(w.changes_after_turn), text: left })));
  if (!ids.length) box.append(el("p", { class: "muted", text: ui("no_weather") }));
  for (const iid of ids) {
    const def = defOf(iid) || {};
    const rules = ((def.fields || {}).weather_effects || []).map((e) => el("li", {}, el("b", { text: e.kind + " " }), e.text));
    const force = (w.in_force || []).find((f) => f.card === iid) || { automated: "manual", manual: "" };
    const mode = force.automated || "manual";
    box.append(el("div", { class: "gf-weather-card", "data-weather": def.name || "", "data-mode": mode },
      cardNode(iid, { mini: true }),
      el("span", { class: "gf-weather-mode " + mode, text: ui("weather_" + mode) + (force.manual ? ": " + force.manual : "") }),
      rules.length ? el("ul", { class: "gf-weather-rules" }, ...rules) : (def.rules_text ? el("p", { class: "gf-rules", text: def.rules_text }) : null)));
  }
  if (live()) {
    dropTarget(box, (iid, card) => { if (card.zone !== w.zone) act({ type: "manual.move", card: iid, to: w.zone, face_up: true }); });
  }
  return box;
}

// -- the figures beside a player's name: life and the game's declared counters, as the engine counts them --
function figures(i) {
  const p = view().players[i];
  return Object.entries(p.figures || {}).map(([key, value]) =>
    ({ key: key, label: key === "life" ? ui("life") : zoneLabel("p" + i + "." + key, false), value: value }));
}

function figureNode(i, f) {
  const isLife = f.key === "life";
  return el("span", { class: isLife ? "gf-life gf-figure" : "gf-figure", "data-figure": f.key, "data-player": String(i), "data-life": isLife ? String(f.value) : null },
    el("span", { class: "gf-figure-label", text: f.label }), " ", el("b", { text: String(f.value) }));
}

function playerNode(i) {
  const v = view();
  const p = v.players[i];
  const skip = laidOut();
  const you = i === 0;
  const zones = Object.keys(v.zones).filter((z) => zoneOwner(z) === i && !skip.has(z));
  const head = el("header", { class: "gf-player-head" },
    el("strong", { class: "gf-player-name", text: playerName(i) }),
    v.active === i ? el("span", { class: "gf-badge", text: ui("active") }) : null,
    ...figures(i).map((f) => figureNode(i, f)));
  const piles = el("div", { class: "gf-piles" });
  const rows = el("div", { class: "gf-rows" });
  let field = null;
  let hand = null;
  for (const zone of zones) {
    const place = areaOf(zone);
    if (place.area === "hand" && you) hand = zoneNode(zone, "hand");
    else if (place.area === "hand" || place.area === "pile") piles.append(pileNode(zone));
    else if (place.area === "field") field = zoneNode(zone, "field");
    else rows.append(zoneNode(zone, "row"));
  }
  head.append(piles);
  const node = el("section", { class: "gf-player" + (p.goldfish ? " goldfish" : "") + (you ? " you" : " opponent") + (p.lost ? " lost" : ""), "data-player": String(i) }, head);
  if (you) node.append(rows.childNodes.length ? rows : "", field || "", hand || "");
  else node.append(field || "", rows.childNodes.length ? rows : "");
  return node;
}

export function drawBoard() {
  const v = view();
  const before = S.reduced ? null : positions();
  const nodes = [];
  const skip = laidOut();
  v.players.forEach((p, i) => { if (i !== 0) nodes.push(playerNode(i)); });
  const middle = [];
  if (layout().weather) middle.push(weatherNode(layout().weather));
  if (layout().grid) middle.push(gridNode(layout().grid));
  const shared = Object.keys(v.zones).filter((z) => zoneOwner(z) === null && !skip.has(z));
  if (shared.length) {
    middle.push(el("section", { class: "gf-shared" }, ...shared.map((z) => (areaOf(z).area === "pile" ? pileNode(z) : zoneNode(z, "row")))));
  }
  if (middle.length) nodes.push(el("div", { class: "gf-middle" }, ...middle));
  nodes.push(playerNode(0));
  const board = document.getElementById("gf-board");
  if (table().back) S.root.style.setProperty("--back", table().back);
  const open = board.querySelector("details.gf-weather[open]") !== null;
  fill(board, ...nodes);
  if (open) { const w = board.querySelector("details.gf-weather"); if (w) w.open = true; }
  fan(board);
  if (before) slide(before);
  changed();
}

// Cards that overflow a row (the hand above all) overlap so that every card stays in sight.
export function fan(root) {
  for (const row of (root || document).querySelectorAll(".gf-zone.hand .gf-cards, .gf-zone.row .gf-cards, .gf-zone.field .gf-cards")) {
    const cards = [...row.children].filter((n) => n.classList.contains("gf-card") || n.classList.contains("gf-stack"));
    row.style.removeProperty("--fan");
    row.style.removeProperty("max-width");
    row.style.removeProperty("--w");
    row.classList.remove("fanned", "two-rows");
    if (cards.length < 2) continue;
    const width = row.clientWidth;
    const one = cards[0].getBoundingClientRect().width;
    const gap = 4;
    const need = cards.length * one + (cards.length - 1) * gap;
    if (need > width && width > 0 && twoRows(row, cards.length, one, gap, width)) continue;
    if (need > width && width > 0) {
      const overlap = Math.min(one * 0.75, (need - width) / (cards.length - 1) + 1);
      row.style.setProperty("--fan", -overlap + "px");  // (the gap stays between them)
      row.classList.add("fanned");
    }
  }
}

// A hand too wide for one line goes on two, every card whole, where the board has the height for it (the
// field gives way); else it overlaps on one line.
function twoRows(row, count, one, gap, width) {
  const board = row.closest(".gf-board");
  if (!board || !row.closest(".gf-zone.hand") || count < 4) return false;
  const perRow = Math.ceil(count / 2);
  const field = board.querySelector(".gf-player.you > .gf-zone.field");
  // larger cards first (on two lines there is room across), then the hand's own size
  for (const w of [Math.min(one * 1.25, Math.floor((width - (perRow - 1) * gap) / perRow)), one]) {
    const half = perRow * w + (perRow - 1) * gap;
    if (w < one || half > width) continue;
    row.classList.add("two-rows");
    row.style.setProperty("--w", w + "px");
    row.style.maxWidth = Math.ceil(half) + 1 + "px";  // (4 and 4, not 5 and 3)
    const fits = board.scrollHeight <= board.clientHeight + 1 && document.documentElement.scrollHeight <= window.innerHeight + 1
      && (!field || field.scrollHeight <= field.clientHeight + 1 || field.clientHeight >= one * 1.4);
    if (fits) return true;
  }
  row.classList.remove("two-rows");
  row.style.removeProperty("max-width");
  row.style.removeProperty("--w");
  return false;
}

// -- every change seen where it happens: cards slide, figures float ±N, the opponent's moves flash ----------
function positions() {
  const out = {};
  document.querySelectorAll("#gf-board .gf-card[data-iid]").forEach((n) => { out[n.dataset.iid] = n.getBoundingClientRect(); });
  return out;
}

function slide(before) {
  document.querySelectorAll("#gf-board .gf-card[data-iid]").forEach((n) => {
    const was = before[n.dataset.iid];
    if (!was || !n.animate) return;
    const now = n.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
    n.animate([{ translate: dx + "px " + dy + "px" }, { translate: "0 0" }], { duration: 260, easing: "ease-out" });
  });
}

function changed() {
  const now = {};
  view().players.forEach((p, i) => { for (const f of figures(i)) now[i + ":" + f.key] = f.value; });
  const was = S.figures;
  S.figures = now;
  if (was) {
    for (const [key, value] of Object.entries(now)) {
      if (!(key in was) || was[key] === value) continue;
      const [i, fig] = key.split(":");
      const node = document.querySelector(`#gf-board .gf-figure[data-player="${i}"][data-figure="${fig}"]`);
      if (!node) continue;
      const delta = value - was[key];
      node.classList.add("changed", delta < 0 ? "down" : "up");
      node.append(el("span", { class: "gf-float " + (delta < 0 ? "down" : "up"), "aria-hidden": "true", text: (delta > 0 ? "+" : "−") + Math.abs(delta) }));
    }
  }
  // the other seats' moves: their cards the last answer's events name, highlighted one after another
  const theirs = [];
  for (const e of S.data.events || []) {
    const ids = [e.card, ...(Array.isArray(e.cards) ? e.cards : [])].filter((c) => typeof c === "string");
    for (const iid of ids) {
      const card = view().cards[iid];
      if (card && card.owner !== 0 && !theirs.includes(iid)) theirs.push(iid);
    }
  }
  theirs.forEach((iid, k) => {
    const node = document.querySelector(`#gf-board .gf-card[data-iid="${iid}"]`);
    if (!node) return;
    if (S.reduced || !k) { node.classList.add("flash"); return; }
    setTimeout(() => node.classList.add("flash"), k * 450);
  });
}

// -- the side panels: facts, result, log, the inspected card --------------------------------------------------
// One entry of the stack (timestorm's) or the 対抗 chain (original's): the card by name (its preview), what
// put it there in the game's words, and what it does (its text, or its numbered effect's).
function stackItem(item) {
  const entry = typeof item === "string" ? { card: item } : (item || {});
  const iid = typeof entry.card === "string" ? entry.card : null;
  const head = [];
  if (entry.kind && typeof entry.effect !== "number") head.push(el("span", { class: "gf-stack-kind", text: ui(entry.kind) !== entry.kind ? ui(entry.kind) : actionLabel(entry.kind) }));
  if (iid) head.push(cardLabel(iid));
  if (Array.isArray(entry.cards) && entry.cards.length) {
    entry.cards.forEach((c, k) => { if (k) head.push(" ・ "); head.push(cardLabel(c)); });
  }
  if (typeof entry.effect === "number" && iid) head.push(el("span", { class: "muted", text: effectName(iid, entry.effect) }));
  const where = Array.isArray(entry.to) ? entry.to : (Array.isArray(entry.pos) ? entry.pos : null);
  if (where) head.push(el("span", { class: "muted", text: "→ " + squareLabel(where) }));
  if (typeof entry.player === "number" && entry.player !== 0) head.push(el("span", { class: "muted", text: "(" + playerName(entry.player) + ")" }));
  const def = iid ? defOf(iid) : null;
  let text = "";
  if (def) {
    const effects = (def.fields && def.fields.effects) || [];
    const eff = typeof entry.effect === "number" ? effects[entry.effect - 1] : null;
    text = (eff && eff.text) || def.rules_text || "";
  }
  const li = el("li", { class: "gf-stack-item" }, el("span", { class: "gf-stack-head" }, ...head.flatMap((n, k) => (k ? [" ", n] : [n]))));
  if (text) li.append(el("span", { class: "gf-stack-text", text: text }));
  return li;
}

export function drawInfo() {
  const v = view();
  const box = document.getElementById("gf-info");
  const rows = [[ui("phase"), phaseLabel(v.phase)]];
  if (v.priority !== null && v.priority !== undefined) rows.push([ui("priority"), playerName(v.priority)]);
  const dl = el("dl", { class: "gf-facts" });
  for (const [k, val] of rows) dl.append(el("dt", { text: k }), el("dd", { text: val }));
  const clock = el("p", { class: "gf-clock", id: "gf-clock", "data-player": String((v.clock || {}).player), text: clockText() });
  const stack = v.stack || [];
  const stackBox = stack.length
    ? el("div", { class: "gf-stack-box" }, el("h3", { text: ui("stack") }), el("ol", { class: "gf-stack-list", reversed: true },
      ...stack.slice().reverse().map(stackItem)))  // the newest (the first to resolve) on top
    : null;
  // the cards as text boxes instead of faces: a setting of the player's, kept in this browser
  const textToggle = el("input", { type: "checkbox", id: "gf-textbox", checked: !S.faces });
  textToggle.addEventListener("change", () => {
    S.faces = !textToggle.checked;
    try { window.localStorage.setItem("gf-textbox", S.faces ? "0" : "1"); } catch (e) { /* private mode */ }
    drawBoard();
  });
  fill(box, clock, dl, stackBox, el("label", { class: "gf-toggle" }, textToggle, " " + ui("textbox")));
  const docked = document.getElementById("gf-dock-clock");  // the phone's action bar says it too
  if (docked) docked.textContent = clockText() + (v.phase ? " · " + phaseLabel(v.phase) : "");
}

export function drawResult() {
  const box = document.getElementById("gf-result");
  const result = view().result;
  if (!result) { box.hidden = true; box.removeAttribute("data-winner"); fill(box); return; }
  const won = result.winner === 0;
  const drawn = result.winner === null || result.winner === undefined;
  const reason = reasonLabel(result.reason);
  box.hidden = false;
  box.dataset.winner = String(result.winner);
  box.className = "gf-result " + (won ? "won" : "lost");
  const yours = (view().clock || {}).yours;  // the win turn as the simulations count it: your turns begun
  fill(box,
    el("strong", { text: won ? ui("won") : (drawn ? ui("drawn") : ui("lost")) }), " ",
    el("span", { class: "gf-result-when", text: [drawn || won ? "" : ui("winner") + ": " + playerName(result.winner),
      turnText(0, typeof yours === "number" ? yours : result.turn), reason].filter(Boolean).join(" · ") }));
}

// A line of the log's story (rules/engine/story.py): texts, and cards by name (their preview) or face down.
function storyLine(line) {
  const node = el("div", { class: "gf-log-line " + line.kind });
  for (const part of line.parts || []) {
    if (typeof part === "string") node.append(part);
    else if (part.hidden) node.append(el("span", { class: "gf-hidden-card", text: part.text }));
    else node.append(el("span", { class: "gf-card-name", "data-iid": part.card, "data-card-face": part.face || null,
      "data-card-name": part.face ? part.name : null, text: "《" + part.name + "》" }));
  }
  return node;
}

export function drawLog() {
  const box = document.getElementById("gf-log");
  const entries = view().log || [];
  const last = entries.slice(-30);
  // it scrolls on its own: focusable, so a keyboard can scroll it too
  const list = el("ol", { class: "gf-log-list", tabindex: "0", "aria-label": ui("log"), start: String(Math.max(1, S.data.step - last.length + 1)) });
  for (const entry of last) {
    list.append(el("li", { class: "gf-log-entry" + (entry.override ? " override" : "") },
      el("div", { class: "gf-log-action" }, ...describeNodes(entry.action),
        entry.override ? el("small", { class: "muted", text: " (" + ui("override") + ")" }) : null),
      ...(entry.story || []).map(storyLine)));
  }
  fill(box, el("h2", { text: ui("log") }), last.length ? list : el("p", { class: "muted", text: ui("log_empty") }));
  list.scrollTop = list.scrollHeight;  // the newest line in sight
}

export function inspect(iid) {
  const box = document.getElementById("gf-inspect");
  const def = defOf(iid);
  if (!def) { box.hidden = true; return; }
  // the card's figures in words: a coded value by its label, a yes/no field by its name when it is yes; lists of
  // records (original's effects, vision's weather effects) are in the card's text below, not repeated as data
  const record = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const fields = Object.entries(def.fields || {}).filter(([k, v]) => k !== "script" && v !== null && v !== "" && v !== false
    && !record(v) && !(Array.isArray(v) && (!v.length || v.some(record))));
  const choices = S.L.choices || {};
  const shown = (k, v) => {
    if (v === true) return fieldLabel(k);
    const word = (x) => (choices[k] && choices[k][x]) || x;
    return fieldLabel(k) + ": " + (Array.isArray(v) ? v.map(word).join(" ") : word(v));
  };
  const now = Object.entries((view().cards[iid] || {}).stats || {});  // the engine's figures now, where they differ
  const link = def.id ? el("a", { href: S.d.cardUrl.replace(/0\/$/, def.id + "/"), target: "_blank", rel: "noopener", text: def.name }) : el("strong", { text: def.name });
  box.hidden = false;
  fill(box,
    el("h2", {}, link),
    def.face_m ? el("img", { src: def.face_m, alt: def.name, class: "gf-inspect-face", loading: "lazy" }) : null,
    el("p", { class: "muted", text: [typeLabel(def.card_type), def.cost !== null && def.cost !== undefined ? ui("cost") + " " + def.cost : null].filter(Boolean).join(" · ") }),
    fields.length ? el("p", { class: "muted", text: fields.map(([k, v]) => shown(k, v)).join(" · ") }) : null,
    now.length ? el("p", { class: "gf-now", text: now.map(([k, v]) => (k === "cost" ? ui("cost") : fieldLabel(k)) + " → " + v).join(" · ") }) : null,
    def.rules_text ? el("p", { class: "gf-rules", text: def.rules_text }) : null);
}
