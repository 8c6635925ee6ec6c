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
import { dropTarget, openCardMenu, openPileMenu, lookedAt } from "./manual.js";
import { menuOpen } from "./menu.js";

const PILES = new Set(["deck", "soul", "discard", "exile", "skill", "weather"]);
const LONG_PRESS = 450;  // ms a finger rests on a card to open its menu (even while cards are being chosen)
const coarse = () => window.matchMedia && window.matchMedia("(pointer: coarse)").matches;

// -- cards --------------------------------------------------------------------------------------------------
function cardText(iid, mini) {
  const def = defOf(iid);
  const card = view().cards[iid] || {};
  if (!def) return el("span", { class: "gf-back-label", text: ui("hidden") });
  if (S.faces && def.face && !mini) {
    return el("img", { src: def.face, alt: def.name, loading: "lazy", class: "gf-face" });
  }
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
  stat("defence", "🛡");
  stat("hp", "♥");
  stat("speed", "»");
  stat("distance", "");
  stat("move_cost", "↕");
  stat("required_nodes", "◇");
  if (Array.isArray(fields.season) && fields.season.length) stats.push(fields.season.join(""));
  if (Array.isArray(fields.attributes) && fields.attributes.length) stats.push(fields.attributes.join(""));
  for (const [key, value] of Object.entries(now)) if (!listed.has(key)) stats.push(fieldLabel(key) + " " + value);
  const cost = "cost" in now ? now.cost : def.cost;
  return el("span", { class: "gf-text" },
    el("span", { class: "gf-top" },
      cost !== null && cost !== undefined ? el("span", { class: "gf-cost" + ("cost" in now ? " changed" : ""), "data-printed": "cost" in now ? String(def.cost) : null, text: String(cost) }) : null,
      el("span", { class: "gf-name", text: def.name })),
    mini ? null : el("span", { class: "gf-type", text: typeLabel(def.card_type) }),
    mini || !stats.length ? null : el("span", { class: "gf-stats", text: stats.join(" ") }),
    card.token ? el("span", { class: "gf-token", text: actionLabel("manual.token") }) : null);
}

function cardNode(iid, options) {
  const opts = options || {};
  if (iid === null) return el("span", { class: "gf-card back", "aria-label": ui("hidden") });
  const card = view().cards[iid] || {};
  const actions = live() ? cardActions(iid) : [];
  const selectable = choosable(iid);
  const classes = ["gf-card"];
  if (card.tapped) classes.push("tapped");
  if ((layout().upside_down || []).includes(card.zone)) classes.push("upside-down");  // kannagi's 魂 (表逆向き)
  if (!card.face_up && !opts.mini && !/\.hand$/.test(card.zone || "")) classes.push("face-down");
  if (actions.length) classes.push("has-actions");
  if (selectable) classes.push("selectable");
  if (selectable && chosen(iid)) classes.push("selected");
  if (opts.mini) classes.push("mini");
  const counters = Object.entries(card.counters || {}).map(([name, value]) => el("span", { class: "gf-counter", title: name, text: name + " " + value }));
  const face = cardFace(iid);
  const node = el("button", {
    type: "button", class: classes.join(" "), "data-iid": iid, "data-def": card.def,
    "data-card-face": face, "data-card-name": face ? cardName(iid) : null,  // the preview on hover (card_preview.js)
    "aria-pressed": selectable ? String(chosen(iid)) : null,
    title: face ? null : cardName(iid) + (card.tapped ? " · " + ui("tapped") : "") + (!card.face_up ? " · " + ui("face_down") : ""),
    draggable: live() && !coarse() ? "true" : null,  // (on a touch screen a finger resting on a card opens its menu)
  }, cardText(iid, opts.mini), counters.length ? el("span", { class: "gf-counters" }, ...counters) : null,
  // the accessible name is what the card shows (its name and figures) plus its state, never a label that hides them
  card.tapped || !card.face_up
    ? el("span", { class: "visually-hidden", text: (card.tapped ? " · " + ui("tapped") : "") + (!card.face_up ? " · " + ui("face_down") : "") })
    : null);
  let pressed = false;  // a long press opened the menu: the click that ends it does nothing more
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    if (pressed) { pressed = false; return; }
    clickCard(iid, node, false);
  });
  // the menu, even while cards are being chosen for a decision: right-click, or a long press on a touch screen
  node.addEventListener("contextmenu", (event) => {
    if (!live()) return;
    event.preventDefault();
    event.stopPropagation();
    if (!(menuOpen() && node.dataset.menu === "open")) clickCard(iid, node, true);
  });
  let timer = 0;
  let start = null;
  const cancel = () => { clearTimeout(timer); timer = 0; };
  node.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch" || !live()) return;
    start = { x: event.clientX, y: event.clientY };
    cancel();
    timer = setTimeout(() => { timer = 0; pressed = true; clickCard(iid, node, true); }, LONG_PRESS);
  });
  node.addEventListener("pointermove", (event) => {
    if (timer && start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10) cancel();  // a scroll
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) node.addEventListener(type, cancel);
  node.addEventListener("dragstart", (event) => { event.dataTransfer.setData("text/plain", iid); event.dataTransfer.effectAllowed = "move"; });
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
  if (!live()) return;
  document.querySelectorAll('#gf-board [data-menu="open"]').forEach((n) => n.removeAttribute("data-menu"));
  node.dataset.menu = "open";
  openCardMenu(iid, node);
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

// -- zones ----------------------------------------------------------------------------------------------------
function zoneNode(zone, kindClass) {
  const ids = view().zones[zone] || [];
  const hidden = ids.filter((i) => i === null).length;
  const box = el("section", { class: "gf-zone " + kindClass + (ids.length ? "" : " empty"), "data-zone": zone, "aria-label": zoneLabel(zone, true),
    "data-hidden": hiddenFromOpponent(zone) ? "opponent" : null },
    el("h3", {}, zoneLabel(zone, false) + " ", el("span", { class: "gf-count", text: String(ids.length) })));
  const cards = el("div", { class: "gf-cards" });
  // a face-down pile hidden from the opponent that its owner may look through (manacard's skill deck): drawn face
  // down, listed while a choice is made from it or while the player looks through it (a click on it; a click on
  // its heading closes it)
  const faceDown = kindClass === "pile open" && hiddenFromOpponent(zone) && hidden < ids.length
    && ids.every((i) => i === null || !(view().cards[i] || {}).face_up) && !(S.selection && S.selection.zones.includes(zone));
  if (faceDown && lookedAt.has(zone)) {  // its owner is looking through it: a button puts it face down again
    box.querySelector("h3").append(" ", el("button", { type: "button", class: "gf-mini gf-look-close", "data-look": "close",
      text: ui("close"), onclick: (event) => { event.stopPropagation(); lookedAt.delete(zone); drawBoard(); } }));
  }
  if (kindClass === "pile" || (faceDown && !lookedAt.has(zone))) {
    const top = ids.length ? ids[ids.length - 1] : undefined;
    if (top === undefined) cards.append(el("span", { class: "gf-empty", text: ui("empty") }));
    else if (top === null || hidden === ids.length || faceDown) {
      const pile = el("button", { type: "button", class: "gf-card back pile", "data-pile": zone, "aria-label": zoneLabel(zone, true) + " " + ids.length },
        el("span", { class: "gf-pile-count", text: String(ids.length) }));
      pile.addEventListener("click", (event) => {
        event.stopPropagation();
        openPileMenu(zone, pile, faceDown);  // a face-down pile its owner may look through: the menu offers 見る
      });
      cards.append(pile);
    } else {
      for (const iid of ids) cards.append(cardNode(iid, { mini: true }));
    }
  } else if (kindClass === "pile open" && hidden < ids.length) {  // a pile the player sees: a list of names
    for (const iid of ids.slice().reverse()) cards.append(cardNode(iid, { mini: true }));
  } else if (hidden && hidden === ids.length) {
    cards.append(el("span", { class: "gf-card back", "aria-label": ui("hidden") }, el("span", { class: "gf-pile-count", text: String(hidden) })));
  } else {
    cards.append(...stackedCards(zone));
    if (!ids.length) cards.append(el("span", { class: "gf-empty", text: ui("empty") }));
  }
  box.append(cards);
  if (live()) {
    dropTarget(box, (iid, card) => { if (card.zone !== zone) act({ type: "manual.move", card: iid, to: zone }); });
  }
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

function dropOnSquare(iid, pos) {
  // a rule action that puts this card on this square (summon, move, …) if there is one; else a manual move
  const grid = layout().grid;
  const rule = live() ? S.data.legal_actions.find((a) => a.card === iid && samePos(a.pos, pos)) : null;
  if (rule) act(rule);
  else act({ type: "manual.move", card: iid, to: grid.zone, pos: pos });
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
  const box = el("section", { class: "gf-grid", "data-zone": grid.zone, "aria-label": zoneLabel(grid.zone, false), tabindex: "0" });
  for (let r = grid.rows - 1; r >= 0; r--) {  // the goldfish's side on top, yours at the bottom
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
      if (live()) {
        dropTarget(square, (iid, card) => { if (!(card.zone === grid.zone && samePos(card.pos, pos))) dropOnSquare(iid, pos); });
      }
      box.append(square);
    }
  }
  if (loose.length) {  // cards put on the board without a square (a manual move): listed under it
    box.append(el("div", { class: "gf-row-label", text: ui("unplaced") }), el("div", { class: "gf-strip gf-loose" }, ...loose.map((iid) => cardNode(iid))));
  }
  return el("div", { class: "gf-grid-frame" }, box);  // a wide board scrolls in its own frame on a narrow screen
}

function weatherNode(w) {
  const v = view();
  const ids = (v.zones[w.zone] || []).filter((i) => i !== null);
  const left = typeof w.turns_left === "number" ? ui("weather_left").replace("%(n)s", String(w.turns_left)) : "";
  const box = el("section", { class: "gf-weather", "data-zone": w.zone, "aria-label": zoneLabel(w.zone, false) },
    el("h2", {}, zoneLabel(w.zone, false) + " ",
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

function playerNode(i) {
  const v = view();
  const p = v.players[i];
  const skip = laidOut();
  const zones = Object.keys(v.zones).filter((z) => zoneOwner(z) === i && !skip.has(z));
  const head = el("header", { class: "gf-player-head" },
    el("strong", { class: "gf-player-name", text: playerName(i) }),
    p.life !== null && p.life !== undefined ? el("span", { class: "gf-life", "data-life": String(p.life) }, ui("life") + " ", el("b", { text: String(p.life) })) : null);
  if (live() && p.life !== null && p.life !== undefined) {
    for (const delta of [-1, 1]) {
      head.append(el("button", { type: "button", class: "gf-mini", "data-life-delta": String(delta), "data-player": String(i),
        "aria-label": playerName(i) + " " + ui("life") + (delta > 0 ? " +1" : " −1"), text: delta > 0 ? "+1" : "−1",
        onclick: () => act({ type: "manual.life", player: i, delta: delta }) }));
    }
  }
  if (v.active === i) head.append(el("span", { class: "gf-badge", text: ui("active") }));
  const main = el("div", { class: "gf-main" });
  const side = el("div", { class: "gf-piles" });
  let hand = null;
  for (const zone of zones) {
    const kind = zoneKind(zone);
    if (kind === "hand") hand = zoneNode(zone, "hand");
    else if (PILES.has(kind)) side.append(zoneNode(zone, kind === "deck" ? "pile" : "pile open"));
    else main.append(zoneNode(zone, kind === "field" ? "field" : "row"));
  }
  for (const pile of side.querySelectorAll(".gf-zone.open .gf-cards")) pile.classList.add("fan");
  const body = el("div", { class: "gf-player-body" }, main, side);
  const node = el("section", { class: "gf-player" + (p.goldfish ? " goldfish" : " you") + (p.lost ? " lost" : ""), "data-player": String(i) }, head);
  if (p.goldfish) node.append(hand || "", body);
  else node.append(body, hand || "");
  return node;
}

export function drawBoard() {
  const v = view();
  const nodes = [];
  const skip = laidOut();
  if (layout().weather) nodes.push(weatherNode(layout().weather));
  v.players.forEach((p, i) => { if (p.goldfish) nodes.push(playerNode(i)); });
  if (layout().grid) nodes.push(gridNode(layout().grid));
  const shared = Object.keys(v.zones).filter((z) => zoneOwner(z) === null && !skip.has(z));
  if (shared.length) {
    nodes.push(el("section", { class: "gf-shared" }, ...shared.map((z) => zoneNode(z, zoneKind(z) === "deck" ? "pile" : "row"))));
  }
  v.players.forEach((p, i) => { if (!p.goldfish) nodes.push(playerNode(i)); });
  fill(document.getElementById("gf-board"), ...nodes);
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
  const faceToggle = el("input", { type: "checkbox", id: "gf-faces", checked: S.faces });
  faceToggle.addEventListener("change", () => {
    S.faces = faceToggle.checked;
    try { window.localStorage.setItem("gf-faces", S.faces ? "1" : "0"); } catch (e) { /* private mode */ }
    drawBoard();
  });
  fill(box, clock, dl, stackBox, el("label", { class: "gf-toggle" }, faceToggle, " " + ui("faces")));
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
