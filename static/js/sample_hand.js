// The deck page's sample opening hand: its forms (draw, draw again, the game's redraw) load the hand part alone
// and put it in place, and the address bar takes the hand's link (?hand=<seed>&back=…), so it can be shared.
// Without this script the same forms load the whole page.
const box = () => document.getElementById("sample-hand");

document.addEventListener("submit", async (event) => {
  const form = event.target.closest("#sample-hand form.hand-form");
  const current = box();
  if (!form || !current) return;
  event.preventDefault();
  const query = new URLSearchParams(new FormData(form)).toString();
  try {
    const answer = await fetch(`${current.dataset.fragment}?${query}`, { credentials: "same-origin" });
    if (!answer.ok) throw new Error(String(answer.status));
    const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
    const fresh = doc.getElementById("sample-hand");
    if (!fresh) throw new Error("no hand");
    current.replaceWith(document.adoptNode(fresh));
    history.replaceState(null, "", `${current.dataset.page}?${query}#sample-hand`);
    const first = document.querySelector("#sample-hand button, #sample-hand input");
    if (first) first.focus({ preventScroll: true });
  } catch {
    form.submit(); // the page itself, then
  }
});
