// Talking to the server: each click is one POST (an action, undo or redo) whose answer is the new view and
// legal actions. Requests run one at a time, in order, each carrying the version it saw (409: reload). Also
// the history controls: undo, redo and the replay of the game step by step.

import { S, view, live, absorb } from "./state.js";
import { el, fill } from "./dom.js";
import { closeMenu } from "./menu.js";
import { ui } from "./words.js";

let queue = Promise.resolve();
let redraw = () => {};

// What to call once an answer is in (main.js: draw everything again).
export function onUpdate(fn) { redraw = fn; }

function csrf() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

export function say(text, isError) {
  const line = document.getElementById("gf-status");
  line.textContent = text || "";
  line.classList.toggle("error", Boolean(isError));
}

export function request(url, body) {
  queue = queue.then(async () => {
    S.root.dataset.busy = "true";
    say(ui("working"));
    try {
      const init = { credentials: "same-origin", headers: { "Accept": "application/json" } };
      if (body !== undefined) {
        init.method = "POST";
        init.headers["Content-Type"] = "application/json";
        init.headers["X-CSRFToken"] = csrf();
        init.body = JSON.stringify(Object.assign({ version: S.data.version }, body));
      }
      const response = await fetch(url, init);
      const answer = await response.json().catch(() => ({}));
      if (response.status === 409) {
        say(ui("conflict"), true);
        const fresh = await fetch(S.d.api, { credentials: "same-origin", headers: { "Accept": "application/json" } });
        if (fresh.ok) update(await fresh.json());
        return;
      }
      if (!response.ok) {
        say(ui("error") + ": " + (answer.detail || response.status), true);
        return;
      }
      say("");
      update(answer);
    } catch (e) {
      say(ui("error"), true);
    } finally {
      S.root.dataset.busy = "false";
    }
  });
  return queue;
}

export function act(action) {
  closeMenu();
  return request(S.d.actionsApi, { action: action });
}

export function undo() { return request(S.d.undoApi, { steps: 1 }); }
export function redo() { return request(S.d.redoApi, { steps: 1 }); }
export function goToStep(step) { return request(S.d.api + "?step=" + step); }  // replay: anyone with the link

export function update(payload) {
  // cards a reveal or search showed: listed apart, unless the board shows them already (a pile of yours you look through)
  const ids = Object.keys((payload.revealed || {}).cards || {});
  const fresh = ids.length && !ids.every((iid) => payload.view.cards[iid]);
  S.data = payload;
  absorb(payload);
  if (fresh) {
    const ev = (payload.events || []).find((e) => e.type === "reveal" || e.type === "search");
    S.shown = { zone: ev ? ev.zone : "", ids: Object.keys(payload.revealed.cards), kind: ev ? ev.type : "reveal" };
  }
  redraw();
}

export function drawControls() {
  const box = document.getElementById("gf-controls");
  const v = view();
  const data = S.data;
  const nodes = [];
  if (S.canAct) {
    const undoButton = el("button", { type: "button", id: "gf-undo", disabled: !(live() && v.can_undo), text: "↶ " + ui("undo"), title: "Ctrl+Z" });
    undoButton.addEventListener("click", undo);
    const redoButton = el("button", { type: "button", id: "gf-redo", disabled: !(live() && v.can_redo), text: ui("redo") + " ↷", title: "Ctrl+Y" });
    redoButton.addEventListener("click", redo);
    nodes.push(el("div", { class: "gf-buttons" }, undoButton, redoButton));
  }
  const replay = el("div", { class: "gf-replay", "aria-label": ui("replay") },
    el("span", { class: "muted", text: ui("replay") + " " }),
    el("button", { type: "button", class: "gf-mini", id: "gf-replay-start", disabled: data.step <= 0, text: "«", "aria-label": ui("replay") + " 0", onclick: () => goToStep(0) }),
    el("button", { type: "button", class: "gf-mini", id: "gf-replay-back", disabled: data.step <= 0, text: "◀", "aria-label": ui("step") + " −1", onclick: () => goToStep(data.step - 1) }),
    el("span", { class: "gf-step", id: "gf-step", text: " " + data.step + " / " + data.steps + " " }),
    el("button", { type: "button", class: "gf-mini", id: "gf-replay-forward", disabled: data.step >= data.steps, text: "▶", "aria-label": ui("step") + " +1", onclick: () => goToStep(data.step + 1) }),
    el("button", { type: "button", class: "gf-mini", id: "gf-replay-end", disabled: data.step >= data.steps, text: "»", "aria-label": ui("latest"), onclick: () => goToStep(data.steps) }));
  nodes.push(replay);
  fill(box, ...nodes);
}

// Ctrl+Z / Ctrl+Y (not while typing).
export function bindHistoryKeys() {
  document.addEventListener("keydown", (event) => {
    const typing = event.target && /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName);
    if (typing || !live() || !(event.ctrlKey || event.metaKey)) return;
    if (event.key === "z" && view().can_undo) { event.preventDefault(); undo(); }
    if (event.key === "y" && view().can_redo) { event.preventDefault(); redo(); }
  });
}
