// What the board calls things, in the page's language. The chrome (buttons, the manual tools) comes from the
// page's labels (L.ui, L.actions); the game's own words (its zones, phases, actions, decisions, grid rows, …)
// come from the game's declared vocabulary (L.game, rules/games/<slug>/vocabulary.py). Nothing here knows a
// game: a key the labels lack is shown as it is.

import { S, view, layout, defOf } from "./state.js";

function game() { return S.L.game || {}; }
function word(table, key) { return table && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined; }

export function ui(key) { return word(game().words, key) || word(S.L.ui, key) || key; }
export function actionLabel(type) { return word(game().actions, type) || word(S.L.actions, type) || type; }
export function turnWord() { return game().turn || ui("turn"); }
export function onTurnWord() { return game().on_turn || ui("on_turn"); }
export function phaseLabel(phase) { return word(game().phases, phase) || phase || ""; }
export function decisionText(type) { return word(game().decisions, type) || actionLabel(type); }
export function reasonLabel(reason) { return word(game().reasons, reason) || word(S.L.reasons, reason) || reason || ""; }

export function typeLabel(code) {
  if (code === "token" && !word(S.L.types, "token")) return actionLabel("manual.token");  // a stand-in or token
  return word(S.L.types, code) || code || "";
}
export function fieldLabel(key) { return word(S.L.fields, key) || key; }

export function playerName(i) {
  const p = view().players[i];
  if (!p) return String(i);
  const m = /^(\S+)\s+(\d+)$/.exec(p.name);  // "goldfish 2": the label with its number
  const kind = m ? m[1] : p.name;
  const base = word(S.L.players, kind) || kind;
  if (m) return view().players.filter((q) => q.goldfish).length > 1 ? base + " " + m[2] : base;
  const sameName = view().players.filter((q) => q.name === p.name).length > 1;
  return sameName ? base + " " + (i + 1) : base;
}

export function zoneKind(zone) { const i = zone.indexOf("."); return i < 0 ? zone : zone.slice(i + 1); }  // "p0.hand" -> hand; "board" -> board
export function zoneOwner(zone) {
  const m = /^p(\d+)\./.exec(zone);
  return m ? parseInt(m[1], 10) : null;
}
export function zoneLabel(zone, withPlayer) {
  const kind = zoneKind(zone);
  const name = word(game().zones, kind) || kind;
  const owner = zoneOwner(zone);
  return withPlayer && owner !== null ? playerName(owner) + ": " + name : name;
}
// A zone whose cards the opponent does not see (the game declares which).
export function hiddenFromOpponent(zone) { return (game().hidden || []).includes(zoneKind(zone)); }

export function cardName(iid) {
  const def = defOf(iid);
  return def ? def.name : ui("hidden");
}

export function rowLabel(r) {
  const grid = layout().grid;
  const names = game().rows || [];
  return names[r] || (grid ? String(r + 1) : "");
}
export function squareLabel(pos) { return Array.isArray(pos) ? rowLabel(pos[0]) + " " + (pos[1] + 1) : String(pos); }

export function optionLabel(v) {
  // one of the choices a pending decision spells out (vision's weathers), or an option the game names (manacard's passes)
  const listed = ((view().pending || {}).options || []).find((o) => o.option === v);
  if (listed && listed.label) return listed.label;
  return word(game().options, String(v)) || String(v);
}

export function effectName(iid, k) {
  // the card's k-th effect (by name where the card prints one), or "effect k"
  const def = defOf(iid);
  const effects = (def && def.fields && def.fields.effects) || [];
  const e = effects[k - 1];  // 1-based, as the cards print their ■ effects
  const label = ui("effect") + " " + k;
  return e && e.name ? label + "《" + e.name + "》" : label;
}

export function describe(action, omitCard) {
  // an action's label: its type, then the cards and values it names
  const parts = [actionLabel(action.type)];
  for (const [k, v] of Object.entries(action)) {
    if (k === "type" || v === null || v === undefined || (omitCard && k === "card")) continue;
    if (k === "card" || k === "target" || k === "onto") parts.push((k === "card" ? "" : (k === "onto" ? ui("on") + " " : "→ ")) + cardName(v));
    else if (k === "cards" && Array.isArray(v)) parts.push(v.length ? v.map(cardName).join("、") : "—");
    else if ((k === "to" || k === "zone") && typeof v === "string") parts.push("→ " + zoneLabel(v, true));
    else if (k === "player" && typeof v === "number") parts.push(playerName(v));
    else if (k === "delta" && typeof v === "number") parts.push(v > 0 ? "+" + v : String(v));
    else if (k === "n" && typeof v === "number") parts.push("×" + v);
    else if (k === "sides" && typeof v === "number") parts.push("d" + v);
    else if (k === "pos" && Array.isArray(v)) parts.push("→ " + squareLabel(v));
    else if (k === "option") parts.push(optionLabel(v));
    else if ((k === "tap" || k === "discard") && Array.isArray(v)) { if (v.length) parts.push(ui(k === "tap" ? "pay_tap" : "pay_discard") + " " + v.map(cardName).join("、")); }
    else if (k === "effect" && typeof v === "number") parts.push(effectName(action.card, v));
    else parts.push(typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  return parts.filter(Boolean).join(" ");
}
