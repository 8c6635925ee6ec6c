"""How a printed proxy face of vision is laid out (filled by the printing contract)."""

FACE = None
