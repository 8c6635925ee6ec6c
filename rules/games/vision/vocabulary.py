"""The player's words for vision's zones, phases, actions and decisions (filled by the vocabulary contract)."""

VOCABULARY = None
