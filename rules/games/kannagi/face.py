"""How a printed proxy face of kannagi is laid out (filled by the printing contract)."""

FACE = None
