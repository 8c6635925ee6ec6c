// A page of a job played in the background (a card report, a matchup): while it runs, follow its progress
// from the box's data-status-url and show the results when it is done (the page itself, loaded again).
// The box carries data-status and data-status-url; inside it, data-progress="label", "count" and "bar".
const box = document.querySelector("[data-status-url][data-status]");
const finished = (status) => status === "done" || status === "failed";

if (box && !finished(box.dataset.status)) {
  const label = box.querySelector('[data-progress="label"]');
  const count = box.querySelector('[data-progress="count"]');
  const bar = box.querySelector('[data-progress="bar"]');
  const follow = async () => {
    try {
      const answer = await fetch(box.dataset.statusUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (answer.ok) {
        const state = await answer.json();
        label.textContent = state.label;
        count.textContent = `${state.done} / ${state.total}`;
        bar.max = state.total;
        bar.value = state.done;
        if (finished(state.status)) {
          window.location.reload();
          return;
        }
      }
    } catch {
      // a lost connection: try again on the next tick
    }
    window.setTimeout(follow, 1500);
  };
  window.setTimeout(follow, 1000);
}
