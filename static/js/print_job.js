// A print job's progress: polls its status once a second until the PDF is ready or the job failed.
(function () {
  "use strict";
  const root = document.getElementById("job");
  if (!root) return;
  const bar = document.getElementById("job-progress");
  const label = document.getElementById("job-label");
  const count = document.getElementById("job-count");
  async function poll() {
    const response = await fetch(root.dataset.statusUrl, { headers: { "Accept": "application/json" } });
    if (!response.ok) return setTimeout(poll, 2000);
    const job = await response.json();
    bar.max = job.total || 1;
    bar.value = job.done;
    label.textContent = job.label;
    count.textContent = job.done + " / " + job.total;
    root.dataset.status = job.status;
    if (job.status === "done") {
      document.getElementById("job-ready").hidden = false;
      return;
    }
    if (job.status === "failed") {
      const error = document.getElementById("job-error");
      error.textContent = job.error;
      error.hidden = false;
      return;
    }
    setTimeout(poll, 1000);
  }
  if (root.dataset.status === "queued" || root.dataset.status === "running") setTimeout(poll, 500);
})();
