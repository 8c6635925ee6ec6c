// The rules' offers: the legal actions (on their card, or as buttons in the action bar) and the pending
// decision, whose prompt the game declares. A decision over several cards (零探し, a hand limit, a payment)
// is made by toggling cards in its zone and confirming.

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
  const pending = view().pending;
  if (!live() || !pending) { S.selection = null; return; }
  let choose = pending.choose;
  if (!choose) {  // no declared decision: derive one from the legal actions that take a list of cards
    const lists = S.data.legal_actions.filter((a) => Array.isArray(a.cards) && a.type === pending.type);
    if (!lists.length) { S.selection = null; return; }
    const ids = lists.flatMap((a) => a.cards);
    const first = ids.length ? view().cards[ids[0]] : null;
    const zone = first ? first.zone : "p0.hand";
    choose = { zone: zone, min: Math.min(...lists.map((a) => a.cards.length)), max: (view().zones[zone] || []).length };
  }
  const selection = S.selection;
  if (selection && selection.type === pending.type && selection.zone === choose.zone) {
    selection.min = choose.min; selection.max = choose.max;
    const here = new Set(view().zones[choose.zone] || []);
    for (const iid of [...selection.chosen]) if (!here.has(iid)) selection.chosen.delete(iid);
    return;
  }
  S.selection = { type: pending.type, zone: choose.zone, min: choose.min || 0, max: choose.max === undefined ? 999 : choose.max, chosen: new Set() };
}

// Whether a card in `zone` is one the open decision chooses among; chosen: whether it is chosen.
export function choosable(zone) { return Boolean(S.selection) && S.selection.zone === zone; }
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
    const confirm = el("button", { type: "button", id: "gf-confirm", disabled: !ok, "data-action-type": selection.type,
      text: ui("confirm") + " (" + n + " " + ui("selected") + ")" });
    confirm.addEventListener("click", () => act({ type: selection.type, cards: [...selection.chosen] }));
    const names = [...selection.chosen].map(cardName).join("、");
    nodes.push(el("p", { class: "muted", text: zoneLabel(selection.zone, true) + (selection.min === selection.max ? " · " + selection.min : " · " + selection.min + "–" + selection.max) + (names ? " · " + names : "") }), confirm);
  }
  fill(box, ...nodes);
}

export function drawActionBar() {
  const box = document.getElementById("gf-actionbar");
  if (!live()) { fill(box); box.hidden = true; return; }
  box.hidden = false;
  const legal = S.data.legal_actions;
  const buttons = legal
    .filter((a) => !onCard(a) && !Array.isArray(a.cards))
    .map((a) => el("button", { type: "button", class: "gf-action", "data-action-type": a.type,
      "data-option": a.option === undefined ? null : String(a.option), text: describe(a), onclick: () => act(a) }));
  const onCards = legal.some(onCard);
  fill(box, el("h2", { text: ui("actions") }),
    buttons.length ? el("div", { class: "gf-buttons" }, ...buttons) : null,
    !buttons.length && !onCards && !S.selection && !view().result ? el("p", { class: "muted", text: ui("no_actions") }) : null);
}
