// The matchup page: while the matchup is played in the background, follow its progress and show the
// results when it is done (the page itself, loaded again).
const box = document.getElementById("matchup");
const finished = (status) => status === "done" || status === "failed";

if (box && !finished(box.dataset.status)) {
  const label = document.getElementById("matchup-label");
  const count = document.getElementById("matchup-count");
  const bar = document.getElementById("matchup-progress");
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
