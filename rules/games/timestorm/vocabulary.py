"""The player's words for timestorm's zones, phases, actions and decisions (filled by the vocabulary contract)."""

VOCABULARY = None
