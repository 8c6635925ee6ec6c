// The header on a narrow screen. The site menu: the header shows the brand, the search box and a "Menu"
// button; the links and the language and account tools open under it. Without this script (or on a wide
// screen) they are shown as they are, so nothing depends on it. The games' strip scrolls sideways: the
// current game is scrolled into it.
const header = document.querySelector(".site-header");
const toggle = header && header.querySelector(".menu-toggle");
const menu = toggle && document.getElementById(toggle.getAttribute("aria-controls"));

if (menu) {
  const setOpen = (open) => {
    toggle.setAttribute("aria-expanded", String(open));
    header.classList.toggle("menu-open", open);
  };
  toggle.hidden = false;
  header.classList.add("menu-ready");
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.classList.contains("menu-open")) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (header.classList.contains("menu-open") && !header.contains(event.target)) setOpen(false);
  });
}

const current = document.querySelector(".games [aria-current]");
if (current) {
  const strip = current.parentElement;
  if (strip.scrollWidth > strip.clientWidth) {
    strip.scrollLeft += current.getBoundingClientRect().left - strip.getBoundingClientRect().left - 12;
  }
}
