// The rules' offers: the legal actions (on their card, or as buttons in the action bar) and the pending
// decision in the one shape every game declares (view().decision: the answering action and field, the exact
// candidates, min and max). A decision over several cards (零探し, a hand limit, a payment) is made by
// toggling candidates and confirming: only the candidates can be chosen, so the rules accept every choice.

import { S, view, live } from "./state.js";
import { el, fill } from "./dom.js";
import { ui, decisionText, describe, zoneLabel, cardName } from "./words.js";
import { act } from "./net.js";

export function onCard(action) { return action.card !== undefined && action.card !== null; }

// The rule actions a card's menu offers (a choice of several cards is made by toggling, not here).
export function cardActions(iid) {
  return S.data.legal_actions.filter((a) => a.card === iid && !Array.isArray(a.cards));
}

export function openSelection() {
  const decision = view().decision;
  if (!live() || !decision || !decision.many || decision.player !== 0) { S.selection = null; return; }
  const candidates = new Set(decision.candidates);
  const selection = S.selection;
  if (selection && selection.type === decision.type && selection.answer === decision.answer) {
    selection.min = decision.min; selection.max = decision.max; selection.candidates = candidates;
    for (const iid of [...selection.chosen]) if (!candidates.has(iid)) selection.chosen.delete(iid);
    return;
  }
  const zones = [...new Set(decision.candidates.map((iid) => (view().cards[iid] || {}).zone).filter(Boolean))];
  S.selection = { type: decision.type, answer: decision.answer, field: decision.field, zones: zones,
    candidates: candidates, min: decision.min, max: decision.max, chosen: new Set() };
}

// Whether a card is one the open decision chooses among; chosen: whether it is chosen.
export function choosable(iid) { return Boolean(S.selection) && S.selection.candidates.has(iid); }
export function chosen(iid) { return Boolean(S.selection) && S.selection.chosen.has(iid); }

export function toggle(iid) {
  const set = S.selection.chosen;
  if (set.has(iid)) set.delete(iid);
  else set.add(iid);
}

export function drawPending() {
  const box = document.getElementById("gf-pending");
  const pending = view().pending;
  if (!pending) { box.hidden = true; fill(box); return; }
  box.hidden = false;
  const nodes = [el("p", { class: "gf-pending-text", text: decisionText(pending.type) })];
  const selection = S.selection;
  if (selection) {
    const n = selection.chosen.size;
    const ok = n >= selection.min && n <= selection.max;
    const confirm = el("button", { type: "button", id: "gf-confirm", disabled: !ok, "data-action-type": selection.answer,
      text: ui("confirm") + " (" + n + " " + ui("selected") + ")" });
    confirm.addEventListener("click", () => act({ type: selection.answer, [selection.field]: [...selection.chosen] }));
    const names = [...selection.chosen].map(cardName).join("、");
    const where = selection.zones.map((zone) => zoneLabel(zone, true)).join("・");
    nodes.push(el("p", { class: "muted", text: where + (selection.min === selection.max ? " · " + selection.min : " · " + selection.min + "–" + selection.max) + (names ? " · " + names : "") }), confirm);
  }
  fill(box, ...nodes);
}

export function drawActionBar() {
  const box = document.getElementById("gf-actionbar");
  if (!live()) { fill(box); box.hidden = true; return; }
  box.hidden = false;
  const legal = S.data.legal_actions;
  const buttons = legal
    .filter((a) => !onCard(a) && !Array.isArray(a.cards) && !a.choice)  // a choice of cards: made by toggling
    .map((a) => el("button", { type: "button", class: "gf-action", "data-action-type": a.type,
      "data-option": a.option === undefined ? null : String(a.option), text: describe(a), onclick: () => act(a) }));
  const onCards = legal.some(onCard);
  if (!buttons.length && view().result) { fill(box); box.hidden = true; return; }  // the game is over
  fill(box, el("h2", { text: ui("actions") }),
    buttons.length ? el("div", { class: "gf-buttons" }, ...buttons) : null,
    !buttons.length && !onCards && !S.selection && !view().result ? el("p", { class: "muted", text: ui("no_actions") }) : null);
}
