// The goldfish board: draws a session's view (from /api/goldfish/<id>/) and sends each click as one
// POST (an action, undo or redo) whose answer is the new view and legal actions. Requests run one at a
// time, in order, each carrying the version it saw (409: reload). Rule actions are offered on their card
// (a small menu) or as buttons; decisions over several cards are chosen by toggling cards and confirming;
// manual tools are on every card's menu, on the piles and in the Tools panel. Strings come translated
// from the page (#gf-labels); the first view is on the page too (#gf-payload).
(function () {
  "use strict";

  // -- the start form: show the options of the chosen format's game only --------------------------------
  const startForm = document.getElementById("goldfish-start");
  if (startForm) {
    const select = startForm.querySelector("select[name=regulation]");
    const gamesNode = document.getElementById("gf-regulation-games");
    if (select && gamesNode) {
      const games = JSON.parse(gamesNode.textContent);
      const sync = () => {
        const game = games[select.value];
        startForm.querySelectorAll("fieldset.gf-options").forEach((fs) => { fs.hidden = Boolean(game) && fs.dataset.game !== game; });
      };
      select.addEventListener("change", sync);
      sync();
    }
  }

  const root = document.getElementById("goldfish");
  if (!root) return;
  const d = root.dataset;
  const L = JSON.parse(document.getElementById("gf-labels").textContent);
  let data = JSON.parse(document.getElementById("gf-payload").textContent);
  const canAct = d.canAct === "true";
  const board = document.getElementById("gf-board");
  const menu = document.getElementById("gf-menu");
  document.body.append(menu);  // placed in page coordinates, above everything
  const statusLine = document.getElementById("gf-status");
  const defs = {};  // every card definition seen so far (names stay readable in the log once a card is hidden)
  const cardDefs = {};  // instance id -> def key, likewise
  let selection = null;  // {type, zone, min, max, chosen: Set} while a decision over several cards is open
  let shown = null;  // cards a reveal or search showed: {zone, ids}
  let queue = Promise.resolve();
  let faces = false;
  try { faces = window.localStorage.getItem("gf-faces") === "1"; } catch (e) { faces = false; }

  // -- small helpers ------------------------------------------------------------------------------------
  function csrf() {
    const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = v;
      else if (k === "onclick") node.addEventListener("click", v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
    return node;
  }

  function fill(node, ...kids) {
    node.replaceChildren(...kids.filter((k) => k !== null && k !== undefined && k !== false));
  }

  function typeLabel(code) {
    if (code === "token" && !(L.types && L.types.token)) return actionLabel("manual.token");  // a stand-in or token
    return (L.types && L.types[code]) || code || "";
  }

  function ui(key) { return (L.ui && L.ui[key]) || key; }
  function actionLabel(type) { return (L.actions && L.actions[type]) || type; }
  function view() { return data.view; }
  function live() { return canAct && data.step >= data.steps; }

  function playerName(i) {
    const p = view().players[i];
    if (!p) return String(i);
    const m = /^(\S+)\s+(\d+)$/.exec(p.name);  // "goldfish 2": the label with its number
    const kind = m ? m[1] : p.name;
    const base = (L.players && L.players[kind]) || kind;
    if (m) return view().players.filter((q) => q.goldfish).length > 1 ? base + " " + m[2] : base;
    const sameName = view().players.filter((q) => q.name === p.name).length > 1;
    return sameName ? base + " " + (i + 1) : base;
  }

  function zoneKind(zone) { const i = zone.indexOf("."); return i < 0 ? zone : zone.slice(i + 1); }  // "p0.hand" -> hand; "board" -> board
  function zoneOwner(zone) {
    const m = /^p(\d+)\./.exec(zone);
    return m ? parseInt(m[1], 10) : null;
  }
  function zoneLabel(zone, withPlayer) {
    const kind = zoneKind(zone);
    const own = L.game_zones && L.game_zones[view().game];  // a game's own name for a zone (original: 支援)
    const name = (own && own[kind]) || (L.zones && L.zones[kind]) || kind;
    const owner = zoneOwner(zone);
    return withPlayer && owner !== null ? playerName(owner) + ": " + name : name;
  }

  function defOf(iid) {
    const card = view().cards[iid];
    const key = card ? card.def : cardDefs[iid];
    return key !== undefined ? defs[key] : undefined;
  }
  function cardName(iid) {
    const def = defOf(iid);
    return def ? def.name : ui("hidden");
  }

  function absorb(payload) {
    const v = payload.view;
    Object.assign(defs, v.defs || {});
    for (const [iid, card] of Object.entries(v.cards || {})) cardDefs[iid] = card.def;
    const revealed = payload.revealed || {};
    Object.assign(defs, revealed.defs || {});
    for (const [iid, card] of Object.entries(revealed.cards || {})) cardDefs[iid] = card.def;
  }

  // -- talking to the server ----------------------------------------------------------------------------
  function say(text, isError) {
    statusLine.textContent = text || "";
    statusLine.classList.toggle("error", Boolean(isError));
  }

  function request(url, body) {
    queue = queue.then(async () => {
      root.dataset.busy = "true";
      say(ui("working"));
      try {
        const init = { credentials: "same-origin", headers: { "Accept": "application/json" } };
        if (body !== undefined) {
          init.method = "POST";
          init.headers["Content-Type"] = "application/json";
          init.headers["X-CSRFToken"] = csrf();
          init.body = JSON.stringify(Object.assign({ version: data.version }, body));
        }
        const response = await fetch(url, init);
        const answer = await response.json().catch(() => ({}));
        if (response.status === 409) {
          say(ui("conflict"), true);
          const fresh = await fetch(d.api, { credentials: "same-origin", headers: { "Accept": "application/json" } });
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
        root.dataset.busy = "false";
      }
    });
    return queue;
  }

  function act(action) {
    closeMenu();
    return request(d.actionsApi, { action: action });
  }

  function update(payload) {
    const fresh = payload.revealed && Object.keys(payload.revealed.cards || {}).length;
    data = payload;
    absorb(payload);
    if (fresh) {
      const ev = (payload.events || []).find((e) => e.type === "reveal" || e.type === "search");
      shown = { zone: ev ? ev.zone : "", ids: Object.keys(payload.revealed.cards), kind: ev ? ev.type : "reveal" };
    }
    render();
  }

  // -- drawing ----------------------------------------------------------------------------------------------
  function render() {
    const v = view();
    root.dataset.version = String(data.version);
    root.dataset.step = String(data.step);
    root.dataset.turn = String(v.turn);
    root.dataset.phase = v.phase || "";
    openSelection();
    if (shown) shown.ids = shown.ids.filter((iid) => isHiddenOrIn(iid, shown.zone));
    drawResult();
    drawBoard();
    drawInfo();
    drawControls();
    drawPending();
    drawActionBar();
    drawShown();
    drawTools();
    drawLog();
  }

  function isHiddenOrIn(iid, zone) {
    // a shown card stays listed while it is still in the zone it was shown in (hidden there, or visible)
    const ids = view().zones[zone] || [];
    if (ids.includes(iid)) return true;
    const card = view().cards[iid];
    return !card && ids.includes(null);
  }

  function openSelection() {
    const pending = view().pending;
    if (!live() || !pending) { selection = null; return; }
    let choose = pending.choose;
    if (!choose) {  // no declared decision: derive one from the legal actions that take a list of cards
      const lists = data.legal_actions.filter((a) => Array.isArray(a.cards) && a.type === pending.type);
      if (!lists.length) { selection = null; return; }
      const ids = lists.flatMap((a) => a.cards);
      const first = ids.length ? view().cards[ids[0]] : null;
      const zone = first ? first.zone : "p0.hand";
      choose = { zone: zone, min: Math.min(...lists.map((a) => a.cards.length)), max: (view().zones[zone] || []).length };
    }
    if (selection && selection.type === pending.type && selection.zone === choose.zone) {
      selection.min = choose.min; selection.max = choose.max;
      const here = new Set(view().zones[choose.zone] || []);
      for (const iid of [...selection.chosen]) if (!here.has(iid)) selection.chosen.delete(iid);
      return;
    }
    selection = { type: pending.type, zone: choose.zone, min: choose.min || 0, max: choose.max === undefined ? 999 : choose.max, chosen: new Set() };
  }

  function drawResult() {
    const box = document.getElementById("gf-result");
    const result = view().result;
    if (!result) { box.hidden = true; box.removeAttribute("data-winner"); fill(box); return; }
    const won = result.winner === 0;
    const drawn = result.winner === null || result.winner === undefined;
    const reason = (L.reasons && L.reasons[result.reason]) || result.reason || "";
    box.hidden = false;
    box.dataset.winner = String(result.winner);
    box.className = "gf-result " + (won ? "won" : "lost");
    fill(box,
      el("strong", { text: won ? ui("won") : (drawn ? ui("drawn") : ui("lost")) }), " ",
      el("span", { text: (drawn ? "" : ui("winner") + ": " + playerName(result.winner) + " · ") + ui("on_turn") + " " + result.turn + (reason ? " · " + reason : "") }));
  }

  function onCard(action) { return action.card !== undefined && action.card !== null; }

  function cardActions(iid) {
    return data.legal_actions.filter((a) => a.card === iid && !Array.isArray(a.cards));
  }

  function cardFace(iid, mini) {
    const def = defOf(iid);
    const card = view().cards[iid] || {};
    if (!def) return el("span", { class: "gf-back-label", text: ui("hidden") });
    if (faces && def.face && !mini) {
      return el("img", { src: def.face, alt: def.name, loading: "lazy", class: "gf-face" });
    }
    const fields = def.fields || {};
    const stats = [];
    const mod = (key) => (card.counters && card.counters[key]) || 0;  // "until end of turn" changes
    const stat = (key, mark) => {
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
    return el("span", { class: "gf-text" },
      el("span", { class: "gf-top" },
        def.cost !== null && def.cost !== undefined ? el("span", { class: "gf-cost", text: String(def.cost) }) : null,
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
    const selectable = selection && selection.zone === card.zone;
    const classes = ["gf-card"];
    if (card.tapped) classes.push("tapped");
    if (!card.face_up && !opts.mini && !/\.hand$/.test(card.zone || "")) classes.push("face-down");
    if (actions.length) classes.push("has-actions");
    if (selectable) classes.push("selectable");
    if (selectable && selection.chosen.has(iid)) classes.push("selected");
    if (opts.mini) classes.push("mini");
    const counters = Object.entries(card.counters || {}).map(([name, value]) => el("span", { class: "gf-counter", title: name, text: name + " " + value }));
    const node = el("button", {
      type: "button", class: classes.join(" "), "data-iid": iid, "data-def": card.def,
      "aria-pressed": selectable ? String(selection.chosen.has(iid)) : null,
      title: cardName(iid) + (card.tapped ? " · " + ui("tapped") : "") + (!card.face_up ? " · " + ui("face_down") : ""),
      draggable: live() ? "true" : null,
    }, cardFace(iid, opts.mini), counters.length ? el("span", { class: "gf-counters" }, ...counters) : null);
    node.addEventListener("click", (event) => { event.stopPropagation(); clickCard(iid, node, false); });
    // the menu, even while cards are being chosen for a decision
    node.addEventListener("contextmenu", (event) => { if (live()) { event.preventDefault(); event.stopPropagation(); clickCard(iid, node, true); } });
    node.addEventListener("dragstart", (event) => { event.dataTransfer.setData("text/plain", iid); event.dataTransfer.effectAllowed = "move"; });
    return node;
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
    const box = el("section", { class: "gf-zone " + kindClass + (ids.length ? "" : " empty"), "data-zone": zone, "aria-label": zoneLabel(zone, true) },
      el("h3", {}, zoneLabel(zone, false) + " ", el("span", { class: "gf-count", text: String(ids.length) })));
    const cards = el("div", { class: "gf-cards" });
    if (kindClass === "pile") {
      const top = ids.length ? ids[ids.length - 1] : undefined;
      if (top === undefined) cards.append(el("span", { class: "gf-empty", text: ui("empty") }));
      else if (top === null || hidden === ids.length) {
        const pile = el("button", { type: "button", class: "gf-card back pile", "data-pile": zone, "aria-label": zoneLabel(zone, true) + " " + ids.length },
          el("span", { class: "gf-pile-count", text: String(ids.length) }));
        pile.addEventListener("click", (event) => { event.stopPropagation(); openPileMenu(zone, pile); });
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

  // A place cards can be dragged onto: `onDrop(iid, card)` for a card the view shows.
  function dropTarget(node, onDrop) {
    node.addEventListener("dragover", (event) => { event.preventDefault(); node.classList.add("drop"); });
    node.addEventListener("dragleave", () => node.classList.remove("drop"));
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      event.stopPropagation();
      node.classList.remove("drop");
      const iid = event.dataTransfer.getData("text/plain");
      const card = iid ? view().cards[iid] : null;
      if (card) onDrop(iid, card);
    });
  }

  const PILES = new Set(["deck", "soul", "discard", "exile", "skill", "weather"]);

  // -- the game's layout: original's grid of squares, vision's weather area ------------------------------
  function layout() { return view().layout || {}; }
  function laidOut() {  // zones the layout draws itself (not again as rows)
    const out = new Set();
    const grid = layout().grid;
    if (grid) { out.add(grid.zone); Object.values(grid.strips || {}).forEach((z) => out.add(z)); }
    if (layout().weather) out.add(layout().weather.zone);
    return out;
  }
  function rowLabel(r) {
    const grid = layout().grid;
    const names = (L.rows && L.rows[view().game]) || [];
    return names[r] || (grid ? String(r + 1) : "");
  }
  function squareLabel(pos) { return Array.isArray(pos) ? rowLabel(pos[0]) + " " + (pos[1] + 1) : String(pos); }
  function samePos(a, b) { return Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1]; }

  function dropOnSquare(iid, pos) {
    // a rule action that puts this card on this square (summon, move, …) if there is one; else a manual move
    const grid = layout().grid;
    const rule = live() ? data.legal_actions.find((a) => a.card === iid && samePos(a.pos, pos)) : null;
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

  function drawBoard() {
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
    fill(board, ...nodes);
  }

  function drawInfo() {
    const v = view();
    const box = document.getElementById("gf-info");
    const rows = [
      [ui("turn"), String(v.turn)],
      [ui("phase"), (L.phases && L.phases[v.phase]) || v.phase || ""],
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
    const faceToggle = el("input", { type: "checkbox", id: "gf-faces", checked: faces });
    faceToggle.addEventListener("change", () => {
      faces = faceToggle.checked;
      try { window.localStorage.setItem("gf-faces", faces ? "1" : "0"); } catch (e) { /* private mode */ }
      drawBoard();
    });
    fill(box, dl, el("label", { class: "gf-toggle" }, faceToggle, " " + ui("faces")));
  }

  function drawControls() {
    const box = document.getElementById("gf-controls");
    const v = view();
    const nodes = [];
    if (canAct) {
      const undo = el("button", { type: "button", id: "gf-undo", disabled: !(live() && v.can_undo), text: "↶ " + ui("undo"), title: "Ctrl+Z" });
      undo.addEventListener("click", () => request(d.undoApi, { steps: 1 }));
      const redo = el("button", { type: "button", id: "gf-redo", disabled: !(live() && v.can_redo), text: ui("redo") + " ↷", title: "Ctrl+Y" });
      redo.addEventListener("click", () => request(d.redoApi, { steps: 1 }));
      nodes.push(el("div", { class: "gf-buttons" }, undo, redo));
    }
    // replay: anyone with the link steps through the game from its start
    const go = (step) => request(d.api + "?step=" + step);
    const replay = el("div", { class: "gf-replay", "aria-label": ui("replay") },
      el("span", { class: "muted", text: ui("replay") + " " }),
      el("button", { type: "button", class: "gf-mini", id: "gf-replay-start", disabled: data.step <= 0, text: "«", "aria-label": ui("replay") + " 0", onclick: () => go(0) }),
      el("button", { type: "button", class: "gf-mini", id: "gf-replay-back", disabled: data.step <= 0, text: "◀", "aria-label": ui("step") + " −1", onclick: () => go(data.step - 1) }),
      el("span", { class: "gf-step", id: "gf-step", text: " " + data.step + " / " + data.steps + " " }),
      el("button", { type: "button", class: "gf-mini", id: "gf-replay-forward", disabled: data.step >= data.steps, text: "▶", "aria-label": ui("step") + " +1", onclick: () => go(data.step + 1) }),
      el("button", { type: "button", class: "gf-mini", id: "gf-replay-end", disabled: data.step >= data.steps, text: "»", "aria-label": ui("latest"), onclick: () => go(data.steps) }));
    nodes.push(replay);
    fill(box, ...nodes);
  }

  function drawPending() {
    const box = document.getElementById("gf-pending");
    const pending = view().pending;
    if (!pending) { box.hidden = true; fill(box); return; }
    box.hidden = false;
    const text = (L.pending && L.pending[pending.type]) || actionLabel(pending.type);
    const nodes = [el("p", { class: "gf-pending-text", text: text })];
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

  function describe(action, omitCard) {
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

  function optionLabel(v) {
    // a pass option (manacard), or one of the choices a pending decision spells out (vision's weathers)
    const listed = ((view().pending || {}).options || []).find((o) => o.option === v);
    if (listed && listed.label) return listed.label;
    return (L.options && L.options[v]) || String(v);
  }

  function effectName(iid, k) {
    // the card's k-th effect (original: its ■ effects, by name where printed), or "effect k"
    const def = defOf(iid);
    const effects = (def && def.fields && def.fields.effects) || [];
    const e = effects[k - 1];  // 1-based, as the cards print their ■ effects
    const label = ui("effect") + " " + k;
    return e && e.name ? label + "《" + e.name + "》" : label;
  }

  function drawActionBar() {
    const box = document.getElementById("gf-actionbar");
    if (!live()) { fill(box); box.hidden = true; return; }
    box.hidden = false;
    const buttons = data.legal_actions
      .filter((a) => !onCard(a) && !Array.isArray(a.cards))
      .map((a) => el("button", { type: "button", class: "gf-action", "data-action-type": a.type,
        "data-option": a.option === undefined ? null : String(a.option), text: describe(a), onclick: () => act(a) }));
    const onCards = data.legal_actions.some(onCard);
    fill(box, el("h2", { text: ui("actions") }),
      buttons.length ? el("div", { class: "gf-buttons" }, ...buttons) : null,
      !buttons.length && !onCards && !selection && !view().result ? el("p", { class: "muted", text: ui("no_actions") }) : null);
  }

  function zoneSelect(selected, filter) {
    const select = el("select", { "aria-label": ui("zone") });
    for (const zone of Object.keys(view().zones)) {
      if (filter && !filter(zone)) continue;
      select.append(el("option", { value: zone, selected: zone === selected, text: zoneLabel(zone, true) }));
    }
    return select;
  }

  function number(value, min, max, label) {
    return el("input", { type: "number", value: String(value), min: String(min), max: String(max), class: "gf-num", "aria-label": label });
  }

  function drawShown() {
    const box = document.getElementById("gf-shown");
    if (!shown || !shown.ids.length) { box.hidden = true; fill(box); return; }
    box.hidden = false;
    const list = el("ul", { class: "gf-shown-list" });
    for (const iid of shown.ids) {
      const item = el("li", { "data-iid": iid }, el("span", { class: "gf-shown-name", text: cardName(iid) }));
      if (live()) {
        const to = zoneSelect("p0.hand");
        item.append(" ", to, el("button", { type: "button", class: "gf-mini", text: ui("move_to"),
          onclick: () => act({ type: "manual.move", card: iid, to: to.value, face_up: zoneKind(to.value) !== "deck" ? undefined : false }) }));
      }
      list.append(item);
    }
    const close = el("button", { type: "button", class: "gf-mini", text: ui("close"), onclick: () => { shown = null; drawShown(); } });
    fill(box, el("h2", { text: ui("shown") + ": " + zoneLabel(shown.zone, true) }), list,
      live() && shown.kind === "search" ? el("button", { type: "button", class: "gf-mini", text: ui("shuffle"), onclick: () => act({ type: "manual.shuffle", zone: shown.zone }) }) : null,
      close);
  }

  function drawTools() {
    const details = document.getElementById("gf-tools");
    const body = document.getElementById("gf-tools-body");
    if (!live()) { details.hidden = true; fill(body); return; }
    details.hidden = false;
    const v = view();
    const rows = [];
    const players = () => {
      const s = el("select", { "aria-label": ui("player") });
      v.players.forEach((p, i) => s.append(el("option", { value: String(i), text: playerName(i) })));
      return s;
    };
    const decks = (z) => zoneKind(z) === "deck";
    // life
    { const who = players(); const n = number(-1, -999, 999, ui("life"));
      rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("life") }), who, n,
        el("button", { type: "button", class: "gf-mini", text: "OK", onclick: () => act({ type: "manual.life", player: +who.value, delta: +n.value }) }))); }
    for (const [kind, label] of [["draw", ui("draw")], ["mill", ui("mill")]]) {
      const who = players(); const n = number(1, 1, 100, ui("n"));
      rows.push(el("div", { class: "gf-tool" }, el("span", { text: label }), who, n,
        el("button", { type: "button", class: "gf-mini", "data-tool": kind, text: "OK", onclick: () => act({ type: "manual." + kind, player: +who.value, n: +n.value }) })));
    }
    { const z = zoneSelect("p0.deck", decks);
      rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("shuffle") }), z,
        el("button", { type: "button", class: "gf-mini", "data-tool": "shuffle", text: "OK", onclick: () => act({ type: "manual.shuffle", zone: z.value }) }))); }
    { const z = zoneSelect("p0.deck", decks); const n = number(3, 1, 100, ui("n"));
      rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("reveal") }), z, n,
        el("button", { type: "button", class: "gf-mini", "data-tool": "reveal", text: "OK", onclick: () => act({ type: "manual.reveal", zone: z.value, n: +n.value }) }))); }
    { const z = zoneSelect("p0.deck", decks);
      rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("search") }), z,
        el("button", { type: "button", class: "gf-mini", "data-tool": "search", text: "OK", onclick: () => act({ type: "manual.search", zone: z.value }) }))); }
    { const name = el("input", { type: "text", value: actionLabel("manual.token"), maxlength: "60", "aria-label": ui("token_name"), class: "gf-text-in" });
      const z = zoneSelect("p0.field");
      rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("token") }), name, z,
        el("button", { type: "button", class: "gf-mini", "data-tool": "token", text: "OK",
          onclick: () => act({ type: "manual.token", player: zoneOwner(z.value) === null ? 0 : zoneOwner(z.value), to: z.value, name: name.value || actionLabel("manual.token") }) }))); }
    { const sides = number(6, 2, 1000, ui("sides"));
      rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("roll") }), sides,
        el("button", { type: "button", class: "gf-mini", "data-tool": "roll", text: "🎲", onclick: () => act({ type: "manual.roll", sides: +sides.value }) }))); }
    if (!v.result) {
      const who = players();
      rows.push(el("div", { class: "gf-tool" }, el("span", { text: ui("win") }), who,
        el("button", { type: "button", class: "gf-mini", "data-tool": "win", text: "OK", onclick: () => act({ type: "manual.win", player: +who.value }) })));
    }
    const rolled = (data.events || []).find((e) => e.type === "roll");
    if (rolled) rows.unshift(el("p", { class: "gf-rolled", text: "🎲 " + ui("rolled") + ": " + rolled.value + " / " + rolled.sides }));
    fill(body, ...rows);
    if (rolled) details.open = true;
  }

  function drawLog() {
    const box = document.getElementById("gf-log");
    const entries = view().log || [];
    const last = entries.slice(-20);
    const list = el("ol", { class: "gf-log-list", start: String(Math.max(1, data.step - last.length + 1)) });
    for (const entry of last) {
      list.append(el("li", { class: entry.override ? "override" : null },
        describe(entry.action), entry.override ? el("small", { class: "muted", text: " (" + ui("override") + ")" }) : null));
    }
    fill(box, el("h2", { text: ui("log") }), list);
    list.scrollTop = list.scrollHeight;  // the newest line in sight
  }

  // -- the card menu ---------------------------------------------------------------------------------------
  function closeMenu() {
    menu.hidden = true;
    fill(menu);
  }

  function placeMenu(anchor) {
    const rect = anchor.getBoundingClientRect();
    menu.hidden = false;
    const width = menu.offsetWidth;
    const left = Math.max(8, Math.min(window.scrollX + rect.left, window.scrollX + document.documentElement.clientWidth - width - 8));
    menu.style.left = left + "px";
    const below = rect.bottom + 4 + menu.offsetHeight <= document.documentElement.clientHeight;
    menu.style.top = (window.scrollY + (below ? rect.bottom + 4 : Math.max(4, rect.top - menu.offsetHeight - 4))) + "px";
    const first = menu.querySelector("button, select, input");
    if (first) first.focus();
  }

  function menuButton(text, onclick, attrs) {
    return el("button", Object.assign({ type: "button", role: "menuitem", text: text, onclick: onclick }, attrs || {}));
  }

  function clickCard(iid, node, menuOnly) {
    const card = view().cards[iid];
    inspect(iid);
    if (!menuOnly && selection && card && card.zone === selection.zone) {
      if (selection.chosen.has(iid)) selection.chosen.delete(iid);
      else selection.chosen.add(iid);
      drawBoard();
      drawPending();
      return;
    }
    if (!live()) return;
    const items = [el("p", { class: "gf-menu-title", text: cardName(iid) })];
    for (const action of cardActions(iid)) {
      items.push(menuButton(describe(action, true), () => act(action), {
        class: "rule", "data-action-type": action.type, "data-target": action.target || action.onto || "",
        "data-pos": Array.isArray(action.pos) ? action.pos.join(",") : null,
        "data-option": action.option === undefined ? null : String(action.option),
        "data-effect": action.effect === undefined ? null : String(action.effect),
      }));
    }
    items.push(el("p", { class: "gf-menu-title muted", text: ui("manual") }));
    const to = zoneSelect(card ? card.zone : "p0.hand", (z) => !card || z !== card.zone);
    const where = el("select", { "aria-label": ui("move_to") },
      el("option", { value: "top", text: ui("top") }), el("option", { value: "bottom", text: ui("bottom") }));
    items.push(el("div", { class: "gf-menu-row" }, to, where,
      menuButton(ui("move_to"), () => act(Object.assign({ type: "manual.move", card: iid, to: to.value }, where.value === "bottom" ? { index: 0 } : {})), { "data-manual": "move" })));
    items.push(el("div", { class: "gf-menu-row" },
      menuButton(ui("flip"), () => act({ type: "manual.flip", card: iid }), { "data-manual": "flip" }),
      menuButton(ui("tap"), () => act({ type: "manual.tap", card: iid }), { "data-manual": "tap" })));
    const counterName = el("input", { type: "text", value: Object.keys((card && card.counters) || {})[0] || ui("counter"), maxlength: "30", "aria-label": ui("counter_name"), class: "gf-text-in" });
    items.push(el("div", { class: "gf-menu-row" }, el("span", { text: ui("counter") }), counterName,
      menuButton("−", () => act({ type: "manual.counter", card: iid, name: counterName.value || ui("counter"), delta: -1 }), { "data-manual": "counter-", "aria-label": ui("counter") + " −1" }),
      menuButton("+", () => act({ type: "manual.counter", card: iid, name: counterName.value || ui("counter"), delta: 1 }), { "data-manual": "counter+", "aria-label": ui("counter") + " +1" })));
    items.push(menuButton(ui("close"), closeMenu, { class: "gf-menu-close" }));
    fill(menu, ...items);
    placeMenu(node);
  }

  function openPileMenu(zone, node) {
    if (!live()) return;
    const owner = zoneOwner(zone);
    const player = owner === null ? 0 : owner;
    const n = number(3, 1, 100, ui("n"));
    const items = [el("p", { class: "gf-menu-title", text: zoneLabel(zone, true) + " · " + (view().zones[zone] || []).length + " " + ui("cards") })];
    if (zoneKind(zone) === "deck") {
      items.push(menuButton(ui("draw") + " 1", () => act({ type: "manual.draw", player: player, n: 1 }), { "data-manual": "draw" }));
      items.push(menuButton(ui("mill") + " 1", () => act({ type: "manual.mill", player: player, n: 1 }), { "data-manual": "mill" }));
    }
    items.push(menuButton(ui("shuffle"), () => act({ type: "manual.shuffle", zone: zone }), { "data-manual": "shuffle" }));
    items.push(el("div", { class: "gf-menu-row" }, n, menuButton(ui("reveal"), () => act({ type: "manual.reveal", zone: zone, n: +n.value }), { "data-manual": "reveal" })));
    items.push(menuButton(ui("search"), () => act({ type: "manual.search", zone: zone }), { "data-manual": "search" }));
    items.push(menuButton(ui("close"), closeMenu, { class: "gf-menu-close" }));
    fill(menu, ...items);
    placeMenu(node);
  }

  function inspect(iid) {
    const box = document.getElementById("gf-inspect");
    const def = defOf(iid);
    if (!def) { box.hidden = true; return; }
    const fields = Object.entries(def.fields || {}).filter(([k, v]) => k !== "script" && v !== null && v !== "" && !(Array.isArray(v) && !v.length));
    const link = def.id ? el("a", { href: d.cardUrl.replace(/0\/$/, def.id + "/"), target: "_blank", rel: "noopener", text: def.name }) : el("strong", { text: def.name });
    box.hidden = false;
    fill(box,
      el("h2", {}, link),
      def.face ? el("img", { src: def.face.replace("/face/s/", "/face/m/"), alt: def.name, class: "gf-inspect-face", loading: "lazy" }) : null,
      el("p", { class: "muted", text: [typeLabel(def.card_type), def.cost !== null && def.cost !== undefined ? ui("cost") + " " + def.cost : null].filter(Boolean).join(" · ") }),
      fields.length ? el("p", { class: "muted", text: fields.map(([k, v]) => ((L.fields && L.fields[k]) || k) + ": " + (Array.isArray(v) ? v.join(" ") : (typeof v === "object" ? JSON.stringify(v) : v))).join(" · ") }) : null,
      def.rules_text ? el("p", { class: "gf-rules", text: def.rules_text }) : null);
  }

  document.addEventListener("click", (event) => { if (!menu.hidden && !menu.contains(event.target)) closeMenu(); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) { closeMenu(); return; }
    const typing = event.target && /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName);
    if (typing || !live() || !(event.ctrlKey || event.metaKey)) return;
    if (event.key === "z" && view().can_undo) { event.preventDefault(); request(d.undoApi, { steps: 1 }); }
    if (event.key === "y" && view().can_redo) { event.preventDefault(); request(d.redoApi, { steps: 1 }); }
  });

  absorb(data);
  render();
})();
