"""A game's start options as declared specs: what a goldfish game of it can be started with.

Each `Option` names its key, its kind (a whole number in a range, true/false, or one of some choices), its
default, and its label and help in Japanese and English. The engine checks a game's options against them
(`check_options`) before the game is set up; the goldfish start form, the API and the command line are
built from the same specs, so a value out of range is refused in the user's language, naming the option
and what it accepts ("life: 1〜999の整数で指定してください").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

INT, BOOL, CHOICE = "int", "bool", "choice"


@dataclass(frozen=True)
class Choice:
    value: str
    ja: str
    en: str

    def label(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en


@dataclass(frozen=True)
class Option:
    key: str
    default: Any
    ja: str
    en: str
    low: int | None = None  # a whole number's range (both ends allowed)
    high: int | None = None
    choices: tuple[Choice, ...] = ()
    help_ja: str = ""
    help_en: str = ""
    # only a goldfish seat's (its life, what its units do): nothing in a game whose opponent is a deck the AI
    # plays, and the start form hides it once such an opponent is chosen
    goldfish_only: bool = False

    def __post_init__(self):
        if self.kind == INT and not (self.low is not None and self.high is not None and self.low <= self.default <= self.high):
            raise ValueError(f"{self.key}: a whole-number option needs a range holding its default")
        if self.kind == CHOICE and self.default not in self.values:
            raise ValueError(f"{self.key}: the default is not one of the choices")

    @property
    def kind(self) -> str:
        if self.choices:
            return CHOICE
        return BOOL if isinstance(self.default, bool) else INT

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(c.value for c in self.choices)

    def label(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en

    def help(self, lang: str) -> str:
        return self.help_ja if lang.startswith("ja") else self.help_en

    def accepts(self, lang: str) -> str:
        """What the option takes, as a sentence in `lang`."""
        ja = lang.startswith("ja")
        if self.kind == INT:
            return f"{self.low}〜{self.high}の整数で指定してください" if ja else f"a whole number from {self.low} to {self.high}"
        if self.kind == BOOL:
            return "true か false で指定してください" if ja else "true or false"
        if ja:
            return "・".join(f"{c.value}（{c.ja}）" for c in self.choices) + " のいずれかで指定してください"
        return "one of " + ", ".join(self.values)

    def valid(self, value) -> bool:
        if self.kind == BOOL:
            return isinstance(value, bool)
        if self.kind == INT:
            return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high
        return isinstance(value, str) and value in self.values

    def to_data(self) -> dict:
        """The declaration as JSON-able data (the API's game description)."""
        out = {"key": self.key, "type": self.kind, "default": self.default, "ja": self.ja, "en": self.en,
               "help_ja": self.help_ja, "help_en": self.help_en}
        if self.kind == INT:
            out.update(min=self.low, max=self.high)
        if self.kind == CHOICE:
            out["choices"] = [{"value": c.value, "ja": c.ja, "en": c.en} for c in self.choices]
        return out


class OptionError(ValueError):
    """Options a game does not take: `problems` is a list of (key, Option or None, value); `message(lang)`
    names each option and what it accepts."""

    def __init__(self, problems: list[tuple[str, Option | None, Any]], known: tuple[str, ...]):
        self.problems = problems
        self.known = known
        super().__init__(self.message("en"))

    def messages(self, lang: str) -> list[str]:
        ja = lang.startswith("ja")
        out = []
        for key, option, value in self.problems:
            if option is None:
                known = " ".join(self.known)
                out.append(f"{key}: このゲームのオプションではありません（{known}）" if ja else f"{key}: not an option of this game ({known})")
            elif ja:
                out.append(f"{key}: {option.accepts(lang)}")
            else:
                out.append(f"{key}: {option.accepts(lang)}, not {value!r}")
        return out

    def message(self, lang: str) -> str:
        return "; ".join(self.messages(lang))


def defaults(options: tuple[Option, ...]) -> dict:
    return {o.key: o.default for o in options}


def check_options(options: tuple[Option, ...], given: dict | None) -> dict:
    """The defaults with `given` over them, every value checked; raises OptionError naming each bad one."""
    if given is not None and not isinstance(given, dict):
        raise OptionError([("options", None, given)], tuple(o.key for o in options))
    specs = {o.key: o for o in options}
    out = defaults(options)
    problems = []
    for key, value in (given or {}).items():
        option = specs.get(key)
        if option is None or not option.valid(value):
            problems.append((key, option, value))
        else:
            out[key] = value
    if problems:
        raise OptionError(problems, tuple(specs))
    return out


# Shared declarations, used by several games.
FIRST = Option(
    "first", "player", "先攻", "Who starts",
    choices=(Choice("player", "あなた", "you"), Choice("goldfish", "相手（ゴールドフィッシュ）", "the goldfish")),
)
AUTO_PASS = Option(
    "auto_pass", "smart", "自動でパスする", "Pass for me",
    choices=(Choice("smart", "何もプレイできないとき", "when I can play nothing"), Choice("never", "しない", "never")),
)


def life(default: int) -> Option:
    return Option("life", default, "あなたのライフ", "Your life", low=1, high=999)


def goldfish_life(default: int) -> Option:
    return Option("goldfish_life", default, "相手（ゴールドフィッシュ）のライフ", "The goldfish's life", low=1, high=999,
                  goldfish_only=True)


def opening(key: str, default: int, high: int) -> Option:
    return Option(key, default, "最初の手札の枚数", "Cards in the opening hand", low=0, high=high)
