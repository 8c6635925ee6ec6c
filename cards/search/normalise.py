"""The search normal form lives in rules.text (plain Python, shared with the decklist parser)."""

from rules.text import normalise, normalise_list

__all__ = ["normalise", "normalise_list"]
