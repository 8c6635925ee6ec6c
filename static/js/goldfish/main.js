// The goldfish board (templates/goldfish/play.html): draws a session's view and sends each click as one
// request (net.js) whose answer is drawn again. The first view and the labels are on the page (#gf-payload,
// #gf-labels: the chrome in the page's language, and the game's declared words under "game"). Native modules,
// no bundler: this entry loads the rest, and no module depends on another in a cycle (the production storage
// names each by its content hash after the ones it depends on).

import { S, init, view } from "./state.js";
import { initMenu } from "./menu.js";
import { onUpdate, drawControls, bindHistoryKeys, toggleDrawer } from "./net.js";
import { openSelection, drawPending, drawActionBar } from "./decisions.js";
import { pruneShown, drawShown, drawTools } from "./manual.js";
import { drawResult, drawBoard, drawInfo, drawLog, fan } from "./board.js";

function render() {
  const v = view();
  const root = S.root;
  root.dataset.version = String(S.data.version);
  root.dataset.step = String(S.data.step);
  root.dataset.turn = String(v.turn);
  root.dataset.phase = v.phase || "";
  openSelection();
  pruneShown();
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

// The board fits the screen: rows of cards that outgrow their width overlap again when the window changes.
function keepFitting() {
  let frame = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => fan(document.getElementById("gf-board")));
  });
  const close = document.getElementById("gf-drawer-close");
  if (close) close.addEventListener("click", () => toggleDrawer(false));
}

const root = document.getElementById("goldfish");
if (root) {
  init(root);
  initMenu();
  onUpdate(render);
  bindHistoryKeys();
  render();
  keepFitting();
}
