// The card report's swap form: the card to put in is found by a search field on the cards API (name,
// reading or the search syntax), one row per name (reprints share a name: the first printing stands for
// it), and chosen by a tap or the keyboard; the form then posts its id. Without this script the field posts
// the name typed, which the server looks up.
const picker = document.getElementById("swap-picker");
if (picker) {
  const q = document.getElementById("swap-new-q");
  const hidden = document.getElementById("swap-new");
  const list = document.getElementById("swap-new-results");
  const chosen = document.getElementById("swap-new-chosen");
  const d = picker.dataset;
  hidden.name = "swap_new"; // the id is what goes to the server now; the field only searches
  q.removeAttribute("name");
  let found = [];
  let active = -1;
  let timer = 0;
  let seq = 0;

  const option = (card, i) => {
    const li = document.createElement("li");
    li.id = `swap-pick-${card.id}`;
    li.setAttribute("role", "option");
    li.dataset.card = String(card.id);
    li.setAttribute("aria-selected", String(i === active));
    if (i === active) li.className = "active";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = card.name;
    const more = document.createElement("small");
    more.className = "muted";
    more.textContent = ` ${card.card_type}${card.cost === null || card.cost === undefined ? "" : ` · ${card.cost}`}`;
    li.append(name, more);
    return li;
  };

  const draw = () => {
    list.replaceChildren(...found.map(option));
    if (!found.length && q.value.trim()) {
      const none = document.createElement("li");
      none.className = "muted";
      none.textContent = d.msgNone;
      list.append(none);
    }
    list.hidden = !q.value.trim();
    q.setAttribute("aria-expanded", String(!list.hidden));
    q.setAttribute("aria-activedescendant", active >= 0 && found[active] ? `swap-pick-${found[active].id}` : "");
  };

  const choose = (card) => {
    hidden.value = String(card.id);
    q.value = card.name;
    chosen.textContent = `${d.msgChosen} ${card.name}${card.set_name || card.number ? ` (${[card.set_name, card.number].filter(Boolean).join(" ")})` : ""}`;
    found = [];
    active = -1;
    draw();
    list.hidden = true;
    q.setAttribute("aria-expanded", "false");
  };

  const search = async () => {
    const text = q.value.trim();
    const mine = ++seq;
    if (!text) {
      found = [];
      draw();
      return;
    }
    try {
      const answer = await fetch(`${d.cardsApi}?game=${encodeURIComponent(d.game)}&q=${encodeURIComponent(text)}`, { headers: { Accept: "application/json" } });
      const body = await answer.json();
      if (mine !== seq) return;
      const byName = new Map();
      for (const card of answer.ok ? body.results || [] : []) if (!byName.has(card.name)) byName.set(card.name, card);
      found = Array.from(byName.values());
      active = found.length ? 0 : -1;
    } catch {
      found = [];
    }
    draw();
  };

  q.addEventListener("input", () => {
    hidden.value = ""; // a changed name is a new search: nothing chosen until a row is
    chosen.textContent = "";
    clearTimeout(timer);
    timer = setTimeout(search, 180);
  });
  q.addEventListener("keydown", (event) => {
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && found.length) {
      event.preventDefault();
      active = (active + (event.key === "ArrowDown" ? 1 : -1) + found.length) % found.length;
      draw();
    } else if (event.key === "Enter" && !list.hidden && found[active]) {
      event.preventDefault();
      choose(found[active]);
    } else if (event.key === "Escape") {
      list.hidden = true;
    }
  });
  list.addEventListener("click", (event) => {
    const li = event.target.closest("li[data-card]");
    const card = li && found.find((c) => String(c.id) === li.dataset.card);
    if (card) choose(card);
  });
  picker.closest("form").addEventListener("submit", (event) => {
    if (hidden.value) return;
    // A name typed exactly as a card's, not picked from the list: the first row with that name.
    const exact = found.find((c) => c.name === q.value.trim());
    if (exact) {
      choose(exact);
      return;
    }
    event.preventDefault();
    chosen.textContent = d.msgNone;
    q.focus();
  });
}
