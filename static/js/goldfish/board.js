// Drawing the game: each player's zones (the goldfish at the top, yours below with the hand at the bottom;
// cards that sit on another stacked on their host), the game's own layout (original's grid of squares,
// vision's weather area), the facts (turn, phase, priority, the stack), the result, the log and the card
// inspector. Every word comes from words.js (the game's declared vocabulary).

import { S, view, live, layout, defOf } from "./state.js";
import { el, fill } from "./dom.js";
import {
  ui, actionLabel, typeLabel, fieldLabel, playerName, zoneKind, zoneOwner, zoneLabel, hiddenFromOpponent, cardName,
  rowLabel, squareLabel, describe, turnWord, onTurnWord, phaseLabel, reasonLabel,
} from "./words.js";
import { act } from "./net.js";
import { cardActions, choosable, chosen, toggle, drawPending } from "./decisions.js";
import { dropTarget, openCardMenu, openPileMenu } from "./manual.js";

const PILES = new Set(["deck", "soul", "discard", "exile", "skill", "weather"]);
const lookedAt = new Set();  // face-down piles of the player's that the player is looking through

// -- cards --------------------------------------------------------------------------------------------------
function cardFace(iid, mini) {
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
  if (!card.face_up && !opts.mini && !/\.hand$/.test(card.zone || "")) classes.push("face-down");
  if (actions.length) classes.push("has-actions");
  if (selectable) classes.push("selectable");
  if (selectable && chosen(iid)) classes.push("selected");
  if (opts.mini) classes.push("mini");
  const counters = Object.entries(card.counters || {}).map(([name, value]) => el("span", { class: "gf-counter", title: name, text: name + " " + value }));
  const node = el("button", {
    type: "button", class: classes.join(" "), "data-iid": iid, "data-def": card.def,
    "aria-pressed": selectable ? String(chosen(iid)) : null,
    title: cardName(iid) + (card.tapped ? " · " + ui("tapped") : "") + (!card.face_up ? " · " + ui("face_down") : ""),
    draggable: live() ? "true" : null,
  }, cardFace(iid, opts.mini), counters.length ? el("span", { class: "gf-counters" }, ...counters) : null);
  node.addEventListener("click", (event) => { event.stopPropagation(); clickCard(iid, node, false); });
  // the menu, even while cards are being chosen for a decision
  node.addEventListener("contextmenu", (event) => { if (live()) { event.preventDefault(); event.stopPropagation(); clickCard(iid, node, true); } });
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
  if (faceDown && lookedAt.has(zone)) {
    box.querySelector("h3").addEventListener("click", (event) => { event.stopPropagation(); lookedAt.delete(zone); drawBoard(); });
  }
  if (kindClass === "pile" || (faceDown && !lookedAt.has(zone))) {
    const top = ids.length ? ids[ids.length - 1] : undefined;
    if (top === undefined) cards.append(el("span", { class: "gf-empty", text: ui("empty") }));
    else if (top === null || hidden === ids.length || faceDown) {
      const pile = el("button", { type: "button", class: "gf-card back pile", "data-pile": zone, "aria-label": zoneLabel(zone, true) + " " + ids.length },
        el("span", { class: "gf-pile-count", text: String(ids.length) }));
      pile.addEventListener("click", (event) => {
        event.stopPropagation();
        if (faceDown) { lookedAt.add(zone); drawBoard(); } else openPileMenu(zone, pile);
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
  const box = el("section", { class: "gf-grid", "data-zone": grid.zone, "aria-label": zoneLabel(grid.zone, false) });
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
      const square = el("div", { class: "gf-square" + (ids.length ? "" : " empty"), "data-pos": r + "," + c, "aria-label": squareLabel(pos) },
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
  return box;
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
export function drawInfo() {
  const v = view();
  const box = document.getElementById("gf-info");
  const rows = [
    [turnWord(), String(v.turn)],
    [ui("phase"), phaseLabel(v.phase)],
    [ui("active"), playerName(v.active)],
  ];
  if (v.priority !== null && v.priority !== undefined) rows.push([ui("priority"), playerName(v.priority)]);
  const dl = el("dl", { class: "gf-facts" });
  for (const [k, val] of rows) dl.append(el("dt", { text: k }), el("dd", { text: val }));
  const stack = v.stack || [];
  if (stack.length) {
    dl.append(el("dt", { text: ui("stack") }), el("dd", {}, el("ol", { class: "gf-stack-list" },
      ...stack.map((item) => el("li", { text: typeof item === "string" ? cardName(item) : (item.card ? cardName(item.card) : JSON.stringify(item)) })))));
  }
  const faceToggle = el("input", { type: "checkbox", id: "gf-faces", checked: S.faces });
  faceToggle.addEventListener("change", () => {
    S.faces = faceToggle.checked;
    try { window.localStorage.setItem("gf-faces", S.faces ? "1" : "0"); } catch (e) { /* private mode */ }
    drawBoard();
  });
  fill(box, dl, el("label", { class: "gf-toggle" }, faceToggle, " " + ui("faces")));
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
  fill(box,
    el("strong", { text: won ? ui("won") : (drawn ? ui("drawn") : ui("lost")) }), " ",
    el("span", { text: (drawn ? "" : ui("winner") + ": " + playerName(result.winner) + " · ") + onTurnWord() + " " + result.turn + (reason ? " · " + reason : "") }));
}

export function drawLog() {
  const box = document.getElementById("gf-log");
  const entries = view().log || [];
  const last = entries.slice(-20);
  const list = el("ol", { class: "gf-log-list", start: String(Math.max(1, S.data.step - last.length + 1)) });
  for (const entry of last) {
    list.append(el("li", { class: entry.override ? "override" : null },
      describe(entry.action), entry.override ? el("small", { class: "muted", text: " (" + ui("override") + ")" }) : null));
  }
  fill(box, el("h2", { text: ui("log") }), list);
  list.scrollTop = list.scrollHeight;  // the newest line in sight
}

export function inspect(iid) {
  const box = document.getElementById("gf-inspect");
  const def = defOf(iid);
  if (!def) { box.hidden = true; return; }
  const fields = Object.entries(def.fields || {}).filter(([k, v]) => k !== "script" && v !== null && v !== "" && !(Array.isArray(v) && !v.length));
  const now = Object.entries((view().cards[iid] || {}).stats || {});  // the engine's figures now, where they differ
  const link = def.id ? el("a", { href: S.d.cardUrl.replace(/0\/$/, def.id + "/"), target: "_blank", rel: "noopener", text: def.name }) : el("strong", { text: def.name });
  box.hidden = false;
  fill(box,
    el("h2", {}, link),
    def.face ? el("img", { src: def.face.replace("/face/s/", "/face/m/"), alt: def.name, class: "gf-inspect-face", loading: "lazy" }) : null,
    el("p", { class: "muted", text: [typeLabel(def.card_type), def.cost !== null && def.cost !== undefined ? ui("cost") + " " + def.cost : null].filter(Boolean).join(" · ") }),
    fields.length ? el("p", { class: "muted", text: fields.map(([k, v]) => fieldLabel(k) + ": " + (Array.isArray(v) ? v.join(" ") : (typeof v === "object" ? JSON.stringify(v) : v))).join(" · ") }) : null,
    now.length ? el("p", { class: "gf-now", text: now.map(([k, v]) => (k === "cost" ? ui("cost") : fieldLabel(k)) + " → " + v).join(" · ") }) : null,
    def.rules_text ? el("p", { class: "gf-rules", text: def.rules_text }) : null);
}
