// Tabs on the results pages (a simulation, a card report): a [data-tabs] block holds a role="tablist" of
// buttons and their role="tabpanel" panels. Without this script every panel shows, one after the other, and
// the tab buttons stay hidden; with it one panel shows at a time (the first), the arrow keys move between
// the tabs, and the open tab is kept in the address (#tab-<name>) so a reload or a shared link opens it.
// A page that draws its results later (simulation.js) sends "tabs:init" with the new block as its detail.
function initTabs(root) {
  if (!root || root.dataset.tabsReady) return;
  const tabs = [...root.querySelectorAll('[role="tab"]')];
  const panels = tabs.map((tab) => document.getElementById(tab.getAttribute("aria-controls")));
  if (!tabs.length || panels.some((p) => !p)) return;
  root.dataset.tabsReady = "1";
  function select(index, focus) {
    tabs.forEach((tab, i) => {
      const on = i === index;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      panels[i].hidden = !on;
    });
    if (focus) tabs[index].focus();
  }
  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => {
      select(i, false);
      history.replaceState(null, "", "#" + tab.id);
    });
    tab.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: tabs.length - 1 - i }[event.key];
      if (step === undefined) return;
      event.preventDefault();
      select((i + step + tabs.length) % tabs.length, true);
    });
  });
  const wanted = tabs.findIndex((tab) => "#" + tab.id === window.location.hash);
  select(wanted >= 0 ? wanted : 0, false);
}

document.querySelectorAll("[data-tabs]").forEach(initTabs);
document.addEventListener("tabs:init", (event) => {
  (event.detail || document).querySelectorAll("[data-tabs]").forEach(initTabs);
});
