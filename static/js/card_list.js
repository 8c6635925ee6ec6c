// Card list: leave empty filters out of the URL, so a shared search link holds only what was asked.
document.querySelectorAll("form.filters").forEach((form) => {
  form.addEventListener("submit", () => {
    form.querySelectorAll("input, select").forEach((field) => {
      if (field.name && field.value === "" && field.name !== "q") field.disabled = true;
    });
  });
});

// On a wide screen the filters stay open; on a phone they fold under "絞り込み" until asked for.
if (window.matchMedia("(min-width: 48rem)").matches) {
  document.querySelectorAll("details.filter-more").forEach((details) => {
    details.open = true;
  });
}
