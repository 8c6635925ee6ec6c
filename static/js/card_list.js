// Card list: leave empty filters out of the URL, so a shared search link holds only what was asked.
document.querySelectorAll("form.filters").forEach((form) => {
  form.addEventListener("submit", () => {
    form.querySelectorAll("input, select").forEach((field) => {
      if (field.name && field.value === "" && field.name !== "q") field.disabled = true;
    });
  });
});
