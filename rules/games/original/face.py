"""How a printed proxy face of original is laid out (filled by the printing contract)."""

FACE = None
