// What the board calls things, in the page's language. The chrome (buttons, the manual tools) comes from the
// page's labels (L.ui, L.actions); the game's own words (its zones, phases, actions, decisions, grid rows, …)
// come from the game's declared vocabulary (L.game, rules/games/<slug>/vocabulary.py). Nothing here knows a
// game: a key the labels lack is shown as it is.

import { S, view, layout, defOf } from "./state.js";
import { el } from "./dom.js";

function game() { return S.L.game || {}; }
function word(table, key) { return table && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined; }

export function ui(key) { return word(game().words, key) || word(S.L.ui, key) || key; }
export function actionLabel(type) { return word(game().actions, type) || word(S.L.actions, type) || type; }
// One wording of turns for every game: each player's own turns ("あなたの3ターン目", "相手の3ターン目"); the
// view's clock says whose turn it is and which of theirs (rules/engine/story.py converts the game's count).
export function turnText(player, n) {
  if (!n) return game().before_turns || "";
  if (player === 0 && watching()) return (game().their_turn || "%(who)s %(n)s").replace("%(who)s", playerName(0)).replace("%(n)s", String(n));
  if (player === 0) return (game().your_turn || "%(n)s").replace("%(n)s", String(n));
  return (game().their_turn || "%(who)s %(n)s").replace("%(who)s", opponentWord(player)).replace("%(n)s", String(n));
}
function opponentWord(player) {
  const others = view().players.map((p, i) => i).filter((i) => i !== 0);
  const word = game().opponent || playerName(player);
  return others.length > 1 ? word + (others.indexOf(player) + 1) : word;
}
export function clockText() {
  const c = view().clock || { player: view().active, n: view().turn };
  return turnText(c.player, c.n);
}
export function phaseLabel(phase) { return word(game().phases, phase) || phase || ""; }
export function decisionText(type) { return word(game().decisions, type) || actionLabel(type); }
export function reasonLabel(reason) { return word(game().reasons, reason) || word(S.L.reasons, reason) || reason || ""; }

export function typeLabel(code) {
  if (code === "token" && !word(S.L.types, "token")) return actionLabel("manual.token");  // a stand-in or token
  return word(S.L.types, code) || code || "";
}
export function fieldLabel(key) { return word(S.L.fields, key) || key; }

// A spectator watches another's game: the player is called by the deck owner's name, never "you".
function watching() { return !S.canAct; }

export function playerName(i) {
  const p = view().players[i];
  if (!p) return String(i);
  if (i === 0 && watching()) return S.data.player_name || word(S.L.ui, "the_player") || p.name;
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
  if (def) return def.name;
  const named = (view().log_cards || {})[iid];  // a card your logged action named, out of sight now
  return named ? named.name : ui("hidden");
}

// The large face of a card (its preview, static/js/card_preview.js), where the card is known.
export function cardFace(iid) {
  const def = defOf(iid);
  if (def && def.face_m) return def.face_m;
  const named = (view().log_cards || {})[iid];
  return named && named.face ? named.face : null;
}

// A card's name as a node the card preview knows (data-card-face, data-card-name).
export function cardLabel(iid, text) {
  const name = cardName(iid);
  const face = iid ? cardFace(iid) : null;
  return el("span", { class: "gf-card-name", "data-card-face": face, "data-card-name": face ? name : null, text: text || name });
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

// An action as the player reads it: its label, then the cards and values it names. `describeParts` gives the
// pieces (text, and cards as [iid] to draw as names the preview knows); `describe` the plain text.
export function describeParts(action, omitCard) {
  // an action with an option the game words as a whole ("tool[skip]": 道具札を使わない) reads as that alone
  const whole = action.option !== undefined ? word(game().actions, action.type + "[" + action.option + "]") : undefined;
  const parts = [whole || actionLabel(action.type)];
  const cards = (ids) => {
    const out = [];
    ids.forEach((iid, k) => { if (k) out.push("、"); out.push([iid]); });
    return out;
  };
  for (const [k, v] of Object.entries(action)) {
    if (k === "type" || v === null || v === undefined || (omitCard && k === "card")) continue;
    if (k === "card" || k === "target" || k === "onto") {
      if (k !== "card") parts.push(k === "onto" ? ui("on") : "→");
      parts.push([v]);
    } else if (k === "cards" && Array.isArray(v)) parts.push(...(v.length ? cards(v) : ["—"]));
    else if ((k === "to" || k === "zone") && typeof v === "string") parts.push("→ " + zoneLabel(v, true));
    else if (k === "player" && typeof v === "number") parts.push(playerName(v));
    else if (k === "delta" && typeof v === "number") parts.push(v > 0 ? "+" + v : String(v));
    else if (k === "n" && typeof v === "number") parts.push("×" + v);
    else if (k === "sides" && typeof v === "number") parts.push(ui("sided").replace("%(n)s", String(v)));
    else if (k === "pos" && Array.isArray(v)) parts.push("→ " + squareLabel(v));
    else if (k === "option" && whole) continue;
    else if (k === "option") parts.push(document.documentElement.lang === "ja" ? "（" + optionLabel(v) + "）" : "(" + optionLabel(v) + ")");  // "パス（マナを置く）"
    else if ((k === "tap" || k === "discard") && Array.isArray(v)) { if (v.length) parts.push(ui(k === "tap" ? "pay_tap" : "pay_discard"), ...cards(v)); }
    else if (k === "effect" && typeof v === "number") parts.push(effectName(action.card, v));
    else if (typeof v !== "object") parts.push(String(v));  // (nothing internal: an object the words do not know is left out)
  }
  return parts.filter((p) => p !== "" && p !== null);
}

export function describe(action, omitCard) {
  let text = "";
  let last = null;
  for (const p of describeParts(action, omitCard)) {
    if (text && p !== "、" && last !== "、" && !(typeof p === "string" && p.startsWith("（"))) text += " ";
    text += Array.isArray(p) ? cardName(p[0]) : p;
    last = p;
  }
  return text;
}

// The same as nodes: each card a name the card preview knows.
export function describeNodes(action, omitCard) {
  const out = [];
  let last = null;
  for (const p of describeParts(action, omitCard)) {
    if (out.length && p !== "、" && last !== "、" && !(typeof p === "string" && p.startsWith("（"))) out.push(" ");
    out.push(Array.isArray(p) ? cardLabel(p[0]) : p);
    last = p;
  }
  return out;
}
