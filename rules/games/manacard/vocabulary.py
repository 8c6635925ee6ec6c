"""The player's words for manacard's zones, phases, actions and decisions (filled by the vocabulary contract)."""

VOCABULARY = None
