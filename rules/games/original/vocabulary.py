"""The player's words for original's zones, phases, actions and decisions (filled by the vocabulary contract)."""

VOCABULARY = None
