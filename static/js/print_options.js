// Print options: every change redraws the preview of the first sheet and updates the download links,
// without reloading the page (the same query string drives the preview, the PDF and the page).
(function () {
  "use strict";
  const root = document.getElementById("print");
  const form = document.getElementById("print-form");
  const preview = document.getElementById("preview");
  if (!root || !form || !preview) return;
  const pdf = document.getElementById("pdf-link");
  const alignment = document.getElementById("alignment-link");
  const jobForm = document.getElementById("job-form");
  let timer = null;
  function syncJob() {  // the background job posts the same options as the form shows
    if (!jobForm) return;
    jobForm.querySelectorAll("input[type=hidden]:not([name=csrfmiddlewaretoken])").forEach((el) => el.remove());
    for (const [name, value] of new FormData(form)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      jobForm.append(input);
    }
  }
  syncJob();
  function update() {
    const query = new URLSearchParams(new FormData(form)).toString();
    preview.src = root.dataset.preview + "?" + query;
    if (pdf) pdf.href = root.dataset.pdf + "?" + query;
    if (alignment) alignment.href = root.dataset.alignment + "?" + query;
    history.replaceState(null, "", "?" + query);
    syncJob();
  }
  form.addEventListener("change", () => { clearTimeout(timer); timer = setTimeout(update, 250); });
  form.addEventListener("submit", (event) => { event.preventDefault(); update(); });
})();
