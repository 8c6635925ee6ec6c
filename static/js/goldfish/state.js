// The board's state: the session as the server last answered it (#gf-payload, then each request's answer),
// the labels the page carries (#gf-labels), and what the player has open (a decision's chosen cards, cards a
// reveal showed). One shared object: the other modules read and set its fields.

export const S = {
  root: null,  // #goldfish
  d: null,  // its data- attributes: the API urls, can-act
  L: {},  // the labels in the page's language: the chrome, and the game's own words under L.game
  data: null,  // the session payload: view, legal_actions, version, step, steps, events, revealed
  canAct: false,
  defs: {},  // every card definition seen so far (names stay readable in the log once a card is hidden)
  cardDefs: {},  // instance id -> def key, likewise
  selection: null,  // {type, answer, field, zones, candidates: Set, min, max, chosen: Set} while a decision over several cards is open
  shown: null,  // cards a reveal or search showed: {zone, ids, kind}
  faces: true,  // card faces (the default), or text boxes (a setting)
  reduced: false,  // prefers-reduced-motion: no animation
  figures: null,  // life and counters as last drawn, "player:key" -> value (a change floats ±N)
  dragging: null,  // the card being dragged
};

export function init(root) {
  S.root = root;
  S.d = root.dataset;
  S.L = JSON.parse(document.getElementById("gf-labels").textContent);
  S.data = JSON.parse(document.getElementById("gf-payload").textContent);
  S.canAct = S.d.canAct === "true";
  try { S.faces = window.localStorage.getItem("gf-textbox") !== "1"; } catch (e) { S.faces = true; }
  S.reduced = Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  absorb(S.data);
}

export function view() { return S.data.view; }
export function live() { return S.canAct && S.data.step >= S.data.steps; }
export function layout() { return view().layout || {}; }  // how the game's board is drawn (original's grid, vision's weather)

export function absorb(payload) {
  const v = payload.view;
  Object.assign(S.defs, v.defs || {});
  for (const [iid, card] of Object.entries(v.cards || {})) S.cardDefs[iid] = card.def;
  const revealed = payload.revealed || {};
  Object.assign(S.defs, revealed.defs || {});
  for (const [iid, card] of Object.entries(revealed.cards || {})) S.cardDefs[iid] = card.def;
}

export function defOf(iid) {
  const card = view().cards[iid];
  const key = card ? card.def : S.cardDefs[iid];
  return key !== undefined ? S.defs[key] : undefined;
}
