"""How a printed proxy face of manacard is laid out (filled by the printing contract)."""

FACE = None
