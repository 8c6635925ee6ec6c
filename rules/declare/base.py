"""What every game declares, and whole-card validation against it.

A card is plain data here: a dict with the common keys of COMMON_FIELDS plus
"fields", the game-specific values keyed by the game's Field declarations.
`GameDef.clean_card` turns loose input into that canonical dict or raises
CardDataError listing every field at fault.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from .deckcodes import DeckCodeFormat, DecodedDeck
from .fields import (
    BOOL,
    CHOICE,
    INT,
    NAMES,
    STR,
    STRINGS,
    TEXT,
    CardDataError,
    Field,
    FieldError,
)
from .options import Option, check_options, defaults
from .regulation import Regulation
from .regulation import check_options as regulation_problems
from .script import SCRIPT_FIELD, ZONE_KEYS


@dataclass(frozen=True)
class OpeningRedraw:
    """A game's own step on the opening hand before the first turn, once: any number of cards of the hand
    (none too) go to the bottom of the deck, then as many are drawn from the top (kannagi's 零探し). The deck
    page's sample hand offers it under its name; `rule` quotes the rules line it follows."""

    ja: str
    en: str
    rule: str = ""

    def label(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en


@dataclass(frozen=True)
class DrawRules:
    """How a game fills the hand: what statistics need for "by turn N" odds, and the deck page's sample
    opening hand."""

    opening: int  # cards in the opening hand
    section: str = "main"  # the deck section hands are drawn from
    per_turn: int = 1  # cards drawn each turn
    first_player_skips_first_draw: bool = True
    second_player_extra: int = 0  # manacard: the second player starts with one more
    redraw: OpeningRedraw | None = None  # the game's own opening step on the hand, where it has one


@dataclass(frozen=True)
class CardType:
    """A card type as printed (`code`, e.g. 場所札) with its labels."""

    code: str
    ja: str
    en: str
    # What the common `cost` means for this type, e.g. 召喚コスト / summon cost.
    cost_ja: str = "コスト"
    cost_en: str = "Cost"

    def label(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en

    def cost_label(self, lang: str) -> str:
        return self.cost_ja if lang.startswith("ja") else self.cost_en


@dataclass(frozen=True)
class CardGroup:
    """A named group of a game's cards, declared as data: the key cards of the opening hand, or another group
    the deck statistics offer for draw odds.

    A card is in the group when all of these hold: its type is one of `types` (any type when empty); its
    cost is at most `cost_at_most` (when set); each game field of `at_most` is at most its number; each
    game field of `flags` is set. A missing cost or number counts as 0. `en` is written as in a sentence
    ("0-cost places"): the simulation reports it as is and pages capitalise it where it stands alone.
    """

    code: str
    ja: str
    en: str
    types: tuple[str, ...] = ()
    cost_at_most: int | None = None
    at_most: tuple[tuple[str, int], ...] = ()  # (game field key, the highest value), e.g. (("required_nodes", 1),)
    flags: tuple[str, ...] = ()  # game field keys that must be set, e.g. ("win_condition",)

    def label(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en

    def picks(self, card: Mapping) -> bool:
        """Whether the card (a card dict: card_type, cost, fields) is in the group."""
        if self.types and card.get("card_type") not in self.types:
            return False
        if self.cost_at_most is not None and (card.get("cost") or 0) > self.cost_at_most:
            return False
        values = card.get("fields") or {}
        return all((values.get(key) or 0) <= most for key, most in self.at_most) and all(
            values.get(key) for key in self.flags
        )


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_KEYWORD_MARKS = re.compile(r"^[■◼◾▪︎️\s]+|^【|】$|^\[|\]$")


def normalise_keyword(word: str) -> str:
    """'■速攻' / '◼︎速攻' / '【逆転】' -> '速攻' / '逆転'."""
    previous = None
    while previous != word:
        previous = word
        word = _KEYWORD_MARKS.sub("", word).strip()
    return word


# The card fields every game shares (stored as model columns).
COMMON_FIELDS: tuple[Field, ...] = (
    Field("name", STR, "カード名", "Name", required=True, max_length=200),
    Field("reading", STR, "読み", "Reading", max_length=200, help_en="Kana reading, for search and sorting."),
    Field("aliases", NAMES, "別名", "Aliases", help_en="Other spellings of the name, separated by |."),
    Field("card_type", CHOICE, "種類", "Card type", choices=("-",), required=True),  # choices per game
    Field("cost", INT, "コスト", "Cost", min=0, max=999),
    Field("rules_text", TEXT, "効果", "Rules text"),
    Field("flavor_text", TEXT, "フレーバー", "Flavour text"),
    Field("set_name", STR, "セット／シリーズ", "Set / series", max_length=200),
    Field("number", STR, "番号", "Number", max_length=40),
    Field("rarity", STR, "レアリティ", "Rarity", max_length=40),
    Field("keywords", STRINGS, "キーワード", "Keywords", max_length=60),
    Field("sample", BOOL, "サンプル", "Sample"),
)
COMMON_KEYS = tuple(f.key for f in COMMON_FIELDS)
COMMON_DEFAULTS = {
    "reading": "",
    "aliases": [],
    "cost": None,
    "rules_text": "",
    "flavor_text": "",
    "set_name": "",
    "number": "",
    "rarity": "",
    "keywords": [],
    "sample": False,
}


# The default names of a game's data files in its package's folder (GameDef.cards_file, samples_file, seed_file).
CARDS_FILE, SAMPLES_FILE, SEED_FILE = "cards.json", "samples.json", "seed.txt"


def package_file(package: str, name: str) -> Path:
    """A file of a package: `name` relative to the package's folder, unless absolute."""
    path = Path(name)
    if path.is_absolute():
        return path
    return Path(importlib.import_module(package).__file__).resolve().parent / path


@dataclass(frozen=True)
class GameDef:
    slug: str
    name_ja: str
    name_en: str
    card_types: tuple[CardType, ...]
    fields: tuple[Field, ...]
    summary_ja: str = ""
    summary_en: str = ""
    # Keywords the rules documents define (shown as help; keywords stay open).
    known_keywords: tuple[str, ...] = ()
    # The game-specific fields shown in card lists (the game's "main" stats).
    list_fields: tuple[str, ...] = ()
    order: int = 0
    # The game's colour on the site ("#rrggbb"): the mark beside its name where cards of several games meet
    # (search results, the home page). Dark enough for white text on it (contrast 4.5:1 or more).
    colour: str = "#555555"
    # The regulations (formats) the registry ships; the first is the default (the seed's rules).
    regulations: tuple[Regulation, ...] = ()
    draw: DrawRules | None = None
    # The fields deck statistics break a deck down by, besides card type (kannagi: season).
    stat_fields: tuple[str, ...] = ()
    # -- the rest of the game contract (rules/contract.py documents each) --------------------------------
    # Start options of a game on the engine: declared specs (rules/declare/options.py), checked by the engine.
    options: tuple[Option, ...] = ()
    # The player's words for zones, phases, actions and decisions (rules/declare/vocabulary.py).
    vocabulary: object = None
    # What a printed proxy face shows and the card's default size (rules/declare/face.py).
    face: object = None
    # Where its zones sit on the goldfish table and the figures shown beside life (rules/declare/table.py).
    table: object = None
    # The play rules and the autopilot, as "module:Class" relative to the game's package, made on first use.
    play: str = ""
    autopilot: str = ""
    # The game's own package, which "module:Class" names are relative to and its data files are in: every
    # game declares `package=__name__` (the declarations never name a game's package themselves).
    package: str = ""
    # The key cards of the opening hand: what the simulation, the deck page's opening odds and the deck
    # statistics count (the autopilot's is_key reads it). Deck statistics also offer `card_groups`.
    key_cards: CardGroup | None = None
    card_groups: tuple[CardGroup, ...] = ()
    # Worked examples for the search help: (query, what it finds in Japanese, in English); each finds bundled cards.
    search_examples: tuple[tuple[str, str, str], ...] = ()
    # Decks of this game are entries that two or more players pool into one shared deck (rules.decks.pool):
    # the decks app offers pools for it.
    pools: bool = False
    # The game's own construction check, "module:function" relative to the game's package, resolved on first
    # use (the module builds its violations with rules.decks): check(game, regulation, deck, cards, view=None).
    construction: str = ""
    # The options its regulations may set (Regulation.options), option -> the values accepted; (int,): a
    # whole number of 0 or more (regulation_option_errors).
    regulation_options: dict = field(default_factory=dict)
    # The deck codes (and share links) of other tools the game's players hand decks around in
    # (rules/declare/deckcodes.py): rules/deckcode.py reads a pasted one and writes a deck's in those declared
    # with a writer.
    deck_codes: tuple[DeckCodeFormat, ...] = ()
    # Limits cards print themselves (card name -> copies, or fields.UNLIMITED), for the game's `copy_limit`
    # field: the importer gives a card of one of these names its printed limit when the row it comes from
    # (a bundled file, a fan list through its mapping) does not say one (cards.services.import_cards).
    printed_limits: dict = field(default_factory=dict)
    # Words a card list writes in a card's rarity to mark it (word, what it means in Japanese, in English):
    # the card page shows each as a badge with its meaning (kannagi's fan list: 封印改訂).
    rarity_marks: tuple[tuple[str, str, str], ...] = ()
    # The game's data files, each a path relative to its package's folder (rules/games/<slug>/) or an absolute
    # one: its bundled cards (cards.services.load_bundled, rules/declare/samples.py), its sample decks and
    # pools (decks.services.load_sample_decks, rules/declare/samples.py) and its seed, the rules document its
    # ledger accounts for line by line (rules/declare/ledger.py). A file that is not there is data the game
    # does not ship.
    cards_file: str = CARDS_FILE
    samples_file: str = SAMPLES_FILE
    seed_file: str = SEED_FILE
    # The game's own words for its messages (its construction check's violations): msgid (the English
    # template the message is built with) -> {"ja": ..., "en": ...}, each with the template's {params}; or
    # "module:NAME" of such a dict relative to the package. The site shows them before the global
    # translations (locale/*/django.po), so a game's messages need no entry there (`word`).
    words: object = None
    _field_map: dict = field(default_factory=dict, compare=False, repr=False)
    _made_once: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    def _zones_named(self, f: Field) -> Field:
        """The effect vocabulary's values named by the game's own words, for the admin, the card page and the
        search help: a step's zones (from, to, if_zone) by its vocabulary (original's deck is 支援), the stat a
        step changes by the label of the card field it is (power: パワー)."""
        if f.key != SCRIPT_FIELD.key:
            return f
        zones = getattr(self.vocabulary, "zones", None) or {}
        stats = {c.key: (c.ja, c.en) for c in (*COMMON_FIELDS, *self.fields) if c.kind == INT}
        subs = []
        for sub in f.subfields:
            if sub.key in ZONE_KEYS and zones:
                named = {z: (zones[z].ja, zones[z].en) for z in sub.choices if z in zones}
                sub = replace(sub, choice_labels={**sub.choice_labels, **named})
            elif sub.key == "stat":
                sub = replace(sub, choice_labels={**stats, **sub.choice_labels})
            subs.append(sub)
        return replace(f, subfields=tuple(subs))

    def __post_init__(self):
        if not any(f.key == SCRIPT_FIELD.key for f in self.fields):  # every game takes the effect vocabulary
            object.__setattr__(self, "fields", (*self.fields, SCRIPT_FIELD))
        if not _COLOUR.fullmatch(self.colour):
            raise ValueError(f"{self.slug}: colour {self.colour!r} is not a #rrggbb colour")
        object.__setattr__(self, "fields", tuple(self._zones_named(f) for f in self.fields))
        keys = [f.key for f in self.fields]
        if len(set(keys)) != len(keys):
            raise ValueError(f"{self.slug}: duplicate field keys")
        clash = set(keys) & set(COMMON_KEYS)
        if clash:
            raise ValueError(f"{self.slug}: fields shadow common fields: {clash}")
        codes = {t.code for t in self.card_types}
        for f in self.fields:
            unknown = (set(f.types) | set(f.required_for)) - codes
            if unknown:
                raise ValueError(f"{self.slug}.{f.key}: unknown card types {unknown}")
        self._field_map.update({f.key: f for f in self.fields})
        regulation_codes = [r.code for r in self.regulations]
        if len(set(regulation_codes)) != len(regulation_codes):
            raise ValueError(f"{self.slug}: duplicate regulation codes")
        for r in self.regulations:
            problems = regulation_problems(self.regulation_options, r.options)
            if problems:
                raise ValueError(f"{self.slug}.{r.code}: {'; '.join(problems)}")
        groups = [g for g in (self.key_cards, *self.card_groups) if g is not None]
        if len({g.code for g in groups}) != len(groups):
            raise ValueError(f"{self.slug}: duplicate card group codes")
        for g in groups:
            unknown = set(g.types) - codes
            if unknown:
                raise ValueError(f"{self.slug}.{g.code}: unknown card types {unknown}")
            for key in (*(k for k, _most in g.at_most), *g.flags):
                if key not in self._field_map:
                    raise ValueError(f"{self.slug}.{g.code}: unknown field {key!r}")

    def resolve(self, spec: str):
        """A "module:name" declaration (construction, play, autopilot) relative to the game's package
        (its `package`), imported now: the attribute it names."""
        module, _, name = spec.partition(":")
        return getattr(importlib.import_module(module, self.home), name)

    @property
    def home(self) -> str:
        """The game's own package (`package`); a game that needs one and declares none is told so."""
        if not self.package:
            raise ValueError(f"{self.slug}: declare package=__name__ in the game's GameDef")
        return self.package

    # -- the package's data files ---------------------------------------------------------------------------

    def data_path(self, name: str) -> Path:
        """A file the game declares (`cards_file`, `samples_file`, `seed_file`): relative to the folder of its
        package, unless absolute."""
        return package_file(self.home, name)

    @property
    def cards_path(self) -> Path:
        """The game's bundled cards (a card file of the JSON format cards.io reads)."""
        return self.data_path(self.cards_file)

    @property
    def samples_path(self) -> Path:
        """The game's sample decks and pools: {"format", "decks": [{"game", "regulation", "name", "description",
        "decklist"}, ...], "pools": [...]} (decks.services.load_sample_decks)."""
        return self.data_path(self.samples_file)

    @property
    def seed_path(self) -> Path:
        """The game's seed text: the rules document, line for line as its ledger counts the lines."""
        return self.data_path(self.seed_file)

    # -- the game's own words -------------------------------------------------------------------------------

    def word(self, msgid: str, lang: str) -> str | None:
        """The game's own words for a message (`words`) in `lang` (Japanese for "ja…", else English), or None
        when the game declares none for it (the global translations then apply)."""
        words = self._made_once.get("words")
        if words is None:
            words = self.words or {}
            if isinstance(words, str):
                words = self.resolve(words)
            words = self._made_once["words"] = words
        said = words.get(msgid)
        if said is None:
            return None
        return said.get("ja" if lang.startswith("ja") else "en")

    def construction_check(self):
        """The game's own construction check (see `construction`), or None when it declares none."""
        return self.resolve(self.construction) if self.construction else None

    def read_deck_code(self, text: str) -> DecodedDeck | None:
        """The deck a code or link in one of the game's declared formats holds, or None when the text is in
        none of them; raises DeckCodeError for a text in a format that cannot be a deck (a bad checksum)."""
        for declared in self.deck_codes:
            decoded = self.resolve(declared.read)(text)
            if decoded is not None:
                return decoded
        return None

    def deck_code_format(self, key: str) -> DeckCodeFormat | None:
        return next((f for f in self.deck_codes if f.key == key), None)

    @property
    def deck_code_writers(self) -> tuple[DeckCodeFormat, ...]:
        """The declared formats the site writes a deck in (the deck page and API offer each)."""
        return tuple(f for f in self.deck_codes if f.write)

    def name(self, lang: str) -> str:
        return self.name_ja if lang.startswith("ja") else self.name_en

    def summary(self, lang: str) -> str:
        return self.summary_ja if lang.startswith("ja") else self.summary_en

    # -- play ------------------------------------------------------------------------------------------------

    def default_options(self) -> dict:
        return defaults(self.options)

    def regulation_option_errors(self, options: dict) -> list[str]:
        """What is wrong with a regulation's options for this game (English, one line each)."""
        return regulation_problems(self.regulation_options, options)

    def check_options(self, given: dict | None) -> dict:
        """The game's options: the defaults with `given` over them; raises OptionError naming each bad one."""
        return check_options(self.options, given)

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)

    def _made(self, what: str):
        made = self._made_once.get(what)
        if made is None:
            made = self.resolve(getattr(self, what))
            made = self._made_once[what] = made(self.rules) if what == "autopilot" else made()
        return made

    @property
    def rules(self):
        """The object that runs this game's play (`play`, made once)."""
        return self._made("play")

    @property
    def ledger(self):
        """The game's rules ledger (rules/games/<slug>/ledger.json; see rules/declare/ledger.py), or None."""
        from .ledger import load  # (a leaf module; imported on use, as few pages need it)

        return load(self.home, tuple(o.key for o in self.options)) if self.package else None

    @property
    def pilot(self):
        """The game's autopilot (`autopilot`, made once): the policy that plays the player's side of goldfish
        games in simulations."""
        if not self.autopilot:
            raise KeyError(f"{self.slug}: no autopilot")
        return self._made("autopilot")

    @property
    def regulation(self) -> Regulation | None:
        """The default regulation: the seed's rules."""
        return self.regulations[0] if self.regulations else None

    def regulation_by_code(self, code: str) -> Regulation | None:
        return next((r for r in self.regulations if r.code == code), None)

    def field(self, key: str) -> Field:
        return self._field_map[key]

    def card_type(self, code: str) -> CardType | None:
        return next((t for t in self.card_types if t.code == code), None)

    def type_label(self, code: str, lang: str) -> str:
        """A card type by the game's word for it in `lang` (バッテリー, not Battery); an undeclared code as it is."""
        declared = self.card_type(code)
        return declared.label(lang) if declared else code

    @property
    def type_codes(self) -> tuple[str, ...]:
        return tuple(t.code for t in self.card_types)

    def fields_for(self, card_type: str) -> tuple[Field, ...]:
        return tuple(f for f in self.fields if f.applies_to(card_type))

    # -- validation -----------------------------------------------------------

    def clean_fields(self, card_type: str, raw: dict | None) -> dict:
        """Validate the game-specific values for a card of `card_type`.

        Returns them cleaned, empty values dropped, in declaration order.
        """
        raw = {} if raw is None else raw
        errors: list[FieldError] = []
        if not isinstance(raw, dict):
            raise CardDataError([FieldError("fields", "{field}: expected an object of game fields", {})])
        for key in raw:
            if key not in self._field_map:
                errors.append(
                    FieldError(
                        key,
                        "{field}: unknown field for {game} (known: {known})",
                        {"game": self.name_en, "known": " ".join(self._field_map)},
                    )
                )
        out: dict = {}
        for f in self.fields:
            if f.key not in raw:
                value = None
            else:
                try:
                    value = f.clean(raw[f.key])
                except CardDataError as exc:
                    errors.extend(exc.errors)
                    continue
            if value is None or (f.kind == BOOL and value is False):
                # "No" is the absence of a flag: one canonical form for every input.
                if card_type in f.required_for:
                    errors.append(FieldError(f.key, "{field}: required for {card_type}", {"card_type": card_type}))
                continue
            if not f.applies_to(card_type):
                errors.append(
                    FieldError(
                        f.key,
                        "{field}: does not apply to {card_type} (only to {types})",
                        {"card_type": card_type, "types": " ".join(f.types)},
                    )
                )
                continue
            out[f.key] = value
        if errors:
            raise CardDataError(errors)
        return out

    def clean_card(self, raw: dict) -> dict:
        """Validate a whole card: common keys plus "fields". Raises CardDataError."""
        errors: list[FieldError] = []
        if not isinstance(raw, dict):
            raise CardDataError([FieldError("card", "{field}: expected an object", {})])
        for key in raw:
            if key not in COMMON_KEYS and key != "fields":
                errors.append(
                    FieldError(key, "{field}: unknown field for {game}", {"game": self.name_en})
                )
        out: dict = {}
        for f in COMMON_FIELDS:
            if f.key == "card_type":
                f = Field("card_type", CHOICE, f.ja, f.en, choices=self.type_codes, required=True)
            try:
                value = f.clean(raw.get(f.key))
            except CardDataError as exc:
                errors.extend(exc.errors)
                continue
            if value is None and f.required:
                errors.append(FieldError(f.key, "{field}: required", {}))
                continue
            if f.key == "keywords" and value:
                value = [k for k in dict.fromkeys(normalise_keyword(w) for w in value) if k]
            out[f.key] = COMMON_DEFAULTS.get(f.key) if value is None else value
        card_type = out.get("card_type")
        if "fields" in raw and not isinstance(raw["fields"], dict):
            errors.append(FieldError("fields", "{field}: expected an object of game fields", {}))
        elif card_type:
            try:
                out["fields"] = self.clean_fields(card_type, raw.get("fields"))
            except CardDataError as exc:
                errors.extend(exc.errors)
        if errors:
            raise CardDataError(errors)
        return out
