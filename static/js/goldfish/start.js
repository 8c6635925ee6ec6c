// The goldfish start form (templates/goldfish/new.html): show the options of the chosen format's game only,
// and a goldfish's own options (its life, what its units do) only while the opponent is the goldfish.

const startForm = document.getElementById("goldfish-start");
const select = startForm && startForm.querySelector("select[name=regulation]");
const gamesNode = document.getElementById("gf-regulation-games");
if (select && gamesNode) {
  const games = JSON.parse(gamesNode.textContent);
  const sync = () => {
    const game = games[select.value];
    startForm.querySelectorAll("fieldset.gf-options").forEach((fs) => { fs.hidden = Boolean(game) && fs.dataset.game !== game; });
  };
  select.addEventListener("change", sync);
  sync();
}

const opponent = startForm && startForm.querySelector("select[name=opponent]");
if (opponent) {
  const syncOpponent = () => {
    startForm.querySelectorAll("[data-goldfish-only]").forEach((field) => {
      const row = field.closest("p") || field;
      row.hidden = opponent.value !== "";
    });
  };
  opponent.addEventListener("change", syncOpponent);
  syncOpponent();
}
