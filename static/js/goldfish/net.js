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
  const nodes = [];
  if (S.canAct) {
    const undoButton = el("button", { type: "button", id: "gf-undo", disabled: !(live() && v.can_undo), title: ui("undo") + " (Z)", "aria-keyshortcuts": "Z" },
      el("span", { class: "gf-icon", "aria-hidden": "true", text: "↶" }), el("span", { class: "gf-btn-label", text: " " + ui("undo") }));
    undoButton.addEventListener("click", undo);
    const redoButton = el("button", { type: "button", id: "gf-redo", disabled: !(live() && v.can_redo), title: ui("redo") + " (Y)", "aria-keyshortcuts": "Y" },
      el("span", { class: "gf-btn-label", text: ui("redo") + " " }), el("span", { class: "gf-icon", "aria-hidden": "true", text: "↷" }));
    redoButton.addEventListener("click", redo);
    nodes.push(undoButton, redoButton);
  }
  // the log (a drawer on a phone) and the help: one tap away
  nodes.push(el("button", { type: "button", id: "gf-log-toggle", class: "gf-log-toggle", "aria-controls": "gf-drawer", "aria-expanded": String(S.root.classList.contains("drawer-open")),
    "aria-keyshortcuts": "L", title: ui("log") + " (L)", text: ui("log"), onclick: () => toggleDrawer() }));
  nodes.push(el("button", { type: "button", id: "gf-help-open", class: "gf-help-open", "aria-keyshortcuts": "Shift+?", "aria-label": ui("help"), title: ui("help") + " (?)", text: "?", onclick: () => openHelp() }));
  fill(box, el("div", { class: "gf-buttons" }, ...nodes));
  drawReplay();
}

// The drawer (the log, the facts, the tools): always beside the board on a wide screen, a sheet on a phone.
export function toggleDrawer(open) {
  const root = S.root;
  const now = open === undefined ? !root.classList.contains("drawer-open") : open;
  root.classList.toggle("drawer-open", now);
  const button = document.getElementById("gf-log-toggle");
  if (button) button.setAttribute("aria-expanded", String(now));
  const drawer = document.getElementById("gf-drawer");
  if (now && drawer && getComputedStyle(drawer).position === "fixed") {
    const list = drawer.querySelector(".gf-log-list");
    if (list) list.scrollTop = list.scrollHeight;
    const close = document.getElementById("gf-drawer-close");
    if (close) close.focus();
  }
}

let help = null;
// The keyboard shortcuts and what the board's marks mean, in a dialog.
export function openHelp() {
  if (!help) {
    help = el("dialog", { id: "gf-help", class: "gf-help", "aria-labelledby": "gf-help-title" });
    const keys = [["Space", ui("key_pass")], ["Enter", ui("key_confirm")], ["E", ui("key_end")], ["Z", ui("undo")], ["Y", ui("redo")],
      ["L", ui("log")], ["?", ui("help")], ["Esc", ui("close")]];
    const dl = el("dl", { class: "gf-keys" });
    for (const [k, what] of keys) dl.append(el("dt", {}, el("kbd", { text: k })), el("dd", { text: what }));
    const legend = el("ul", { class: "gf-legend" },
      el("li", {}, el("span", { class: "gf-swatch has-actions", "aria-hidden": "true" }), ui("legend_actions")),
      el("li", {}, el("span", { class: "gf-swatch selectable", "aria-hidden": "true" }), ui("legend_choose")),
      el("li", {}, el("span", { class: "gf-swatch drop-ok", "aria-hidden": "true" }), ui("legend_drop")),
      el("li", {}, el("span", { class: "gf-swatch flash", "aria-hidden": "true" }), ui("legend_theirs")));
    const close = el("button", { type: "button", class: "gf-zoom-close", "aria-label": ui("close"), text: "×", onclick: () => help.close() });
    help.append(close, el("h2", { id: "gf-help-title", text: ui("help") }), dl, el("h3", { text: ui("legend") }), legend,
      el("p", { class: "muted", text: ui("help_touch") }), el("p", { class: "muted", text: ui("help_mouse") }));
    help.addEventListener("click", (event) => { if (event.target === help) help.close(); });
    document.body.append(help);
  }
  if (!help.open) help.showModal();
}

export function drawReplay() {
  const box = document.getElementById("gf-replay");
  if (!box) return;
  const data = S.data;
  const nodes = [];
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

// The rule action a key plays: Space the pass (or the one action offered), E the end of the turn.
function keyAction(kind) {
  const bar = [...document.querySelectorAll("#gf-actionbar button.gf-action")];
  const of = (type) => bar.find((b) => b.dataset.actionType === type && !b.dataset.option) || bar.find((b) => b.dataset.actionType === type);
  if (kind === "end") return of("end_turn");
  return of("pass") || (bar.length === 1 ? bar[0] : null);
}

// The keyboard: Space pass, Enter confirm, E end turn, Z undo, Y redo (also with Ctrl), L log, ? help, Esc close.
export function bindHistoryKeys() {
  document.addEventListener("keydown", (event) => {
    const t = event.target;
    const typing = t && (/^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName) || t.isContentEditable);
    if (typing || event.altKey) return;
    const key = event.key;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && !["z", "y"].includes(key)) return;
    if (key === "?" || (key === "/" && event.shiftKey)) { event.preventDefault(); openHelp(); return; }
    if (key === "l" || key === "L") { event.preventDefault(); toggleDrawer(); return; }
    if (key === "Escape") { closeMenu(); toggleDrawer(false); return; }
    if (!live()) return;
    const lower = key.toLowerCase();
    if (lower === "z" && view().can_undo) { event.preventDefault(); undo(); return; }
    if (lower === "y" && view().can_redo) { event.preventDefault(); redo(); return; }
    if (ctrl) return;
    if (key === " " && !(t && /^(BUTTON|A|SUMMARY)$/.test(t.tagName))) {
      const button = keyAction("pass");
      if (button) { event.preventDefault(); button.click(); }
      return;
    }
    if (key === "Enter" && !(t && /^(BUTTON|A|SUMMARY)$/.test(t.tagName))) {
      const confirm = document.getElementById("gf-confirm");
      if (confirm && !confirm.disabled) { event.preventDefault(); confirm.click(); }
      return;
    }
    if (lower === "e") {
      const button = keyAction("end");
      if (button) { event.preventDefault(); button.click(); }
    }
  });
}
