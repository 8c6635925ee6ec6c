"""The player's words for kannagi's zones, phases, actions and decisions (filled by the vocabulary contract)."""

VOCABULARY = None
