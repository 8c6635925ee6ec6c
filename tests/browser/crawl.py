"""What the crawl (test_crawl.py) checks on every page, and axe-core for it.

A page is measured in the browser once it is ready: its width against the viewport (with the elements that
stick out, so the message says where), its visible text, and axe-core's serious and critical violations.
The text checks run in Python: internal tokens (raw JSON, violation codes, engine names, Python/JS
leftovers) and, in Japanese, English sentences that are not card data, a game's name or another
allow-listed Latin string.

axe-core comes from the npm registry as the pinned version's tarball, checked against the integrity the
registry publishes for it (pinned here), and is kept in a cache directory (.cache/ in the repository, or
$AXE_CACHE_DIR) so that only the first run downloads it.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import urllib.request
from functools import cache
from pathlib import Path

AXE_VERSION = "4.14.1"
# `npm view axe-core@4.14.1 dist.integrity`
AXE_INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
AXE_TARBALL = f"https://registry.npmjs.org/axe-core/-/axe-core-{AXE_VERSION}.tgz"
REPO = Path(__file__).resolve().parents[2]


def _cache_dir() -> Path:
    return Path(os.environ.get("AXE_CACHE_DIR") or REPO / ".cache") / f"axe-core-{AXE_VERSION}"


def _verified(data: bytes) -> bytes:
    algorithm, _, expected = AXE_INTEGRITY.partition("-")
    digest = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
    if digest != expected:
        raise RuntimeError(f"axe-core {AXE_VERSION}: the tarball's {algorithm} is {digest}, not the registry's {expected}")
    return data


@cache
def axe_source() -> str:
    """axe.min.js of the pinned axe-core; the tarball is downloaded once and checked before it is used."""
    folder = _cache_dir()
    tarball = folder / "package.tgz"
    if tarball.exists():
        data = _verified(tarball.read_bytes())
    else:
        try:
            with urllib.request.urlopen(AXE_TARBALL, timeout=60) as response:  # noqa: S310 - a fixed https URL
                data = _verified(response.read())
        except OSError as exc:
            raise RuntimeError(f"axe-core {AXE_VERSION} could not be downloaded from {AXE_TARBALL} ({exc}); "
                               f"without a network, put that file at {tarball}") from exc
        folder.mkdir(parents=True, exist_ok=True)
        partial = tarball.with_suffix(f".{os.getpid()}.part")  # two suites at once never share one
        partial.write_bytes(data)
        partial.replace(tarball)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        member = archive.extractfile("package/axe.min.js")
        return member.read().decode("utf-8")


# -- in the browser --------------------------------------------------------------------------------------

MEASURE = """() => {
  const width = document.documentElement.clientWidth;  // on a phone innerWidth grows with a too-wide page
  const describe = (el) => {
    let name = el.tagName.toLowerCase();
    if (el.id) name += '#' + el.id;
    const classes = [...el.classList].slice(0, 3);
    if (classes.length) name += '.' + classes.join('.');
    return name;
  };
  const path = (el) => {
    const parts = [];
    for (let node = el; node && node !== document.body && parts.length < 5; node = node.parentElement) parts.unshift(describe(node));
    return parts.join(' > ');
  };
  const clipped = (el) => {  // inside an element that scrolls or clips sideways: its own frame
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const x = getComputedStyle(node).overflowX;
      if (x !== 'visible') return true;
    }
    return false;
  };
  const offends = (el) => {
    if (clipped(el)) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0) return false;
    if (box.right > width + 1) return true;  // its box is too wide
    return getComputedStyle(el).overflowX === 'visible' && box.left + el.scrollWidth > width + 1;  // its content spills
  };
  const wide = [];
  if (document.documentElement.scrollWidth > width) {
    const all = [...document.body.querySelectorAll('*')].filter(offends);
    const bad = new Set(all);
    for (const el of all) {
      const outermost = !bad.has(el.parentElement);
      const innermost = ![...el.children].some((c) => bad.has(c));
      if (!outermost && !innermost) continue;
      const box = el.getBoundingClientRect();
      const right = Math.max(box.right, box.left + el.scrollWidth);
      wide.push(`${path(el)} (${Math.round(box.left)}–${Math.round(right)} px)`);
      if (wide.length >= 6) break;
    }
  }
  return {scrollWidth: document.documentElement.scrollWidth, clientWidth: width, innerWidth: window.innerWidth,
          wide: wide};
}"""

# The text as shown, less what is hidden by the selector: [translate="no"] marks verbatim data (card texts,
# quotes of a game's rules document) that the UI shows as it was entered.
VISIBLE_TEXT = """(hidden) => {
  const style = document.createElement('style');
  style.textContent = hidden + ' { display: none !important; }';
  document.head.append(style);
  const text = document.body.innerText;
  style.remove();
  return text;
}"""
VERBATIM = '[translate="no"]'
# The prose of the Japanese UI: also less code samples (what one types) and the other language of a
# bilingual block (marked with its lang).
NOT_PROSE = VERBATIM + ', code, kbd, samp, pre, [lang]:not(html):not([lang|="ja"])'

AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
                  targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + (n.failureSummary ? ' — ' + n.failureSummary.split('\\n').slice(1, 2).join('').trim() : ''))}));
}"""


def axe_violations(page) -> list[str]:
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    found = page.evaluate(AXE_RUN)
    return [f"axe {v['impact']} {v['id']} ({v['help']}) ×{v['count']}: " + " | ".join(v["targets"]) for v in found]


# -- the text ----------------------------------------------------------------------------------------------


def _violation_codes() -> list[str]:
    codes = set()
    for source in (REPO / "rules").rglob("*.py"):
        codes.update(re.findall(r'Violation\(\s*"([a-z_]+)"', source.read_text(encoding="utf-8")))
    return sorted(codes)


# What must never be on screen, in either language: the first group shows a bug on any page.
TOKENS_ANY = [
    ('{"', "raw JSON"),
    ('":', "raw JSON"),
    ("[object Object]", "a JavaScript object"),
    (r"\bundefined\b", "undefined"),
    (r"\bNaN\b", "NaN"),
    ("Traceback", "a Python traceback"),
    (r"\bQuickAction\b", "an engine class name"),
]
# In the Japanese UI also English words the code uses as data.
TOKENS_JA = [
    (r"\bAction\b", "an engine name"),
    (r"\bNone\b", "Python's None"),
    (r"\bnull\b", "null"),
    (r"\bTrue\b|\bFalse\b", "a Python boolean"),
    (r"デッキ: ?main\b", "a section's key"),
    (r"\(base\)", "a regulation's code"),
    (r"!?exists \w+=", "an effect condition in the engine's notation"),
]


def _section_keys() -> list[str]:
    from rules.declare import GAMES

    return sorted({key for game in GAMES.values() for regulation in game.regulations for key in regulation.section_keys})


@cache
def token_patterns(lang: str) -> list[tuple[re.Pattern, str]]:
    found = [(re.compile(p if p.startswith("\\") or "(" in p else re.escape(p)), what) for p, what in TOKENS_ANY]
    for code in _violation_codes():
        if "_" in code or lang == "ja":  # "banned" is an English word, "section_size" is not
            found.append((re.compile(rf"\b{code}\b"), "a violation code"))
    if lang == "ja":
        found += [(re.compile(p), what) for p, what in TOKENS_JA]
    return found


def _without(text: str, allowed) -> str:
    for string in allowed:
        if string in text:
            text = text.replace(string, "・")
    return text


def _found(text: str, patterns) -> list[str]:
    out = []
    for pattern, what in patterns:
        match = pattern.search(text)
        if match:
            start, end = max(0, match.start() - 30), match.end() + 30
            context = text[start:end].replace("\n", " ⏎ ")
            out.append(f"internal token {match.group(0)!r} ({what}) in “…{context}…”")
    return out


def internal_tokens(text: str, lang: str, allowed: list[str] = ()) -> list[str]:
    """What the text shows of the code's own words; the allow-listed strings (card data) are taken out first."""
    return _found(_without(text, allowed), token_patterns(lang))


@cache
def _key_pattern() -> re.Pattern:
    return re.compile(rf"(?<![A-Za-z_])(?:{'|'.join(_section_keys())})(?![A-Za-z_])")


def section_keys(prose: str, allowed: list[str] = ()) -> list[str]:
    """A deck section's key (main, skill…) in the Japanese UI's prose (query examples in code are fine)."""
    return _found(_without(prose, allowed), [(_key_pattern(), "a deck section's key")])


ADDRESS = re.compile(r"\S+@\S+\.\w+|https?://\S+")  # an e-mail address or a URL is not a sentence
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
NOT_ASCII = re.compile(r"[^\x00-\x7f]+")
# Legitimately Latin in the Japanese UI besides the data (card texts, names, game names): the language
# selector's own name for English, and the API's documentation (Swagger UI, in English).
ALWAYS_ALLOWED = ["English", "Swagger UI", "OpenAPI"]


def allowed_latin() -> list[str]:
    """Latin strings the data legitimately shows: every card's texts, the games' and decks' names."""
    from cards.models import Card, Game
    from decks.models import Deck, Pool
    from rules.declare.fields import CHOICE, CHOICES, RECORDS

    strings: set[str] = set(ALWAYS_ALLOWED)

    def add(value):
        if isinstance(value, str):
            for line in value.splitlines():
                line = line.strip()
                if len(LATIN_WORD.findall(line)) >= 2:  # one word alone makes no sentence (and "R" is in "Traceback")
                    strings.add(line)
        elif isinstance(value, dict):
            for item in value.values():
                add(item)
        elif isinstance(value, list | tuple):
            for item in value:
                add(item)

    def add_fields(fields, attrs):
        """What the card page shows as entered: not a choice's code (shown by its label), not the engine's
        script (its own notation)."""
        for f in fields:
            value = (attrs or {}).get(f.key)
            if f.key == "script" or f.kind in (CHOICE, CHOICES) or value is None:
                continue
            if f.kind == RECORDS:
                for record in value if isinstance(value, list) else []:
                    add_fields(f.subfields, record)
            else:
                add(value)

    for card in Card.objects.all():
        add([card.name, card.reading, card.aliases, card.rules_text, card.flavor_text, card.keywords,
             card.set_name, card.rarity, card.number])
        add_fields(card.definition.fields, card.attrs)
    for game in Game.objects.all():
        add([game.name, game.name_en, game.name_ja])
    for deck in Deck.objects.all():
        add([deck.name, deck.description])
    for pool in Pool.objects.all():
        add([pool.name, pool.description])
    return sorted(strings, key=len, reverse=True)


def english_sentences(text: str, allowed: list[str]) -> list[str]:
    """Lines of the Japanese UI with three Latin words in a row (numbers and ASCII punctuation between them
    do not break the run; any Japanese does), once the allow-listed strings are taken out."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if len(LATIN_WORD.findall(line)) < 3:
            continue
        rest = ADDRESS.sub("・", line)
        for string in allowed:
            if string in rest:
                rest = rest.replace(string, "・")
        if any(len(LATIN_WORD.findall(run)) >= 3 for run in NOT_ASCII.split(rest)):
            out.append(f"English in the Japanese UI: “{line[:120]}”")
    return out
