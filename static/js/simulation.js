// A simulation's progress: polls its status until the workers are done, then swaps in the results
// (rendered by the server, the same as a reload shows them).
(function () {
  "use strict";
  const root = document.getElementById("simulation");
  if (!root) return;
  const bar = document.getElementById("sim-progress");
  const label = document.getElementById("sim-label");
  const count = document.getElementById("sim-count");
  const box = document.getElementById("sim-progress-box");
  const partial = document.getElementById("sim-partial");
  function fixed(x, digits) {
    return x.toFixed(digits);
  }
  function percent(x) {
    return (100 * x).toFixed(1) + "%";
  }
  // The figures of the pieces done so far (status.json "partial"), with their 95% intervals.
  function showPartial(p) {
    if (!partial || !p) return;
    const word = partial.dataset.interval;
    // a figure, and under it (small) its interval
    const set = (name, text, interval) => {
      const dd = partial.querySelector('[data-figure="' + name + '"]');
      dd.textContent = text;
      if (interval) {
        const small = document.createElement("small");
        small.className = "muted sim-interval";
        small.textContent = word + " " + interval;
        dd.append(document.createElement("br"), small);
      }
    };
    set("games", String(p.games));
    const si = p.share_interval;
    set("share", percent(p.share), si && percent(si[0]) + "–" + percent(si[1]));
    const mi = p.mean_interval;
    set("mean", p.mean === null ? "–" : fixed(p.mean, 2), p.mean !== null && mi && fixed(mi[0], 2) + "–" + fixed(mi[1], 2));
    set("median", p.median === null ? partial.dataset.above : String(p.median));
    partial.hidden = false;
  }
  async function showResults() {
    const response = await fetch(root.dataset.resultsUrl, { headers: { "Accept": "text/html" } });
    if (!response.ok) return setTimeout(showResults, 1000);
    const results = document.getElementById("sim-results");
    results.innerHTML = await response.text();
    document.dispatchEvent(new CustomEvent("tabs:init", { detail: results }));  // (tabs.js)
    box.hidden = true;
  }
  async function poll() {
    let sim;
    try {
      const response = await fetch(root.dataset.statusUrl, { headers: { "Accept": "application/json" } });
      if (!response.ok) return setTimeout(poll, 1500);
      sim = await response.json();
    } catch (err) {
      return setTimeout(poll, 1500);
    }
    bar.max = sim.games;
    bar.value = sim.done;
    label.textContent = sim.label;
    count.textContent = sim.done + " / " + sim.games;
    root.dataset.status = sim.status;
    showPartial(sim.partial);
    if (sim.status === "done") return showResults();
    if (sim.status === "failed") {
      document.getElementById("sim-error-text").textContent = sim.error;
      document.getElementById("sim-error").hidden = false;  // with its Try again button
      box.hidden = true;
      return;
    }
    setTimeout(poll, 250);
  }
  if (root.dataset.status === "queued" || root.dataset.status === "running") setTimeout(poll, 150);
})();
