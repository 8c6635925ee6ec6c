// Small DOM helpers the goldfish modules share. Text is always set as text (never as HTML).

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

export function fill(node, ...kids) {
  node.replaceChildren(...kids.filter((k) => k !== null && k !== undefined && k !== false));
}

export function number(value, min, max, label) {
  return el("input", { type: "number", value: String(value), min: String(min), max: String(max), class: "gf-num", "aria-label": label });
}
